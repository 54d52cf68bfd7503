import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserInput } from '@tideline/contracts/users/users.schemas';
import { auditQueries } from './audit.queries';
import { roleQueries } from './roles.queries';
import { createUser, resendInvite, resetUserMfa, updateUser } from './users.api';
import { userQueries } from './users.queries';

// One hook per change, each refreshing what it changed (style.md "Web"). Every change also writes an
// audit row, so the audit pages go stale too.

function refreshAfterUserChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueries.all().queryKey }),
    // A role's number of users moves with its users.
    queryClient.invalidateQueries({ queryKey: roleQueries.all().queryKey }),
    queryClient.invalidateQueries({ queryKey: auditQueries.lists() }),
  ]);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserInput) => createUser(user),
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, user }: { userId: number; user: UserInput }) => updateUser(userId, user),
    onSuccess: (_result, { userId }) =>
      Promise.all([
        refreshAfterUserChange(queryClient),
        queryClient.invalidateQueries({ queryKey: userQueries.clientAssociation(userId).queryKey }),
      ]),
  });
}

export function useResetUserMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => resetUserMfa(email),
    onSuccess: () => refreshAfterUserChange(queryClient),
  });
}

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => resendInvite(email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditQueries.lists() }),
  });
}
