import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import { MSG } from '@tideline/contracts/common/messages';
import { signOut } from '../../features/auth/auth.api';
import { setAccessToken } from '../../lib/api-client';
import { useSessionStore } from '../../lib/session-store';

/**
 * platform.md 2.2 Logout: sign out with the identity service, then clear the app user (the guards then
 * return to /); a failure shows 'Logout Fail!'.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      setAccessToken(null);
      queryClient.clear();
      useSessionStore.getState().signOut();
    },
    onError: () => enqueueSnackbar(MSG.logoutFail, { variant: 'error' }),
  });
}
