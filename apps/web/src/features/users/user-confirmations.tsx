import { enqueueSnackbar } from '../../lib/toast-host';
import { USER_MSG, type User } from '@tideline/contracts/users/users.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { useResendInvite, useResetUserMfa } from './users.mutations';

interface UserConfirmationProps {
  user: User;
  onClose: () => void;
}

/** Resend Invite (RESEND_INVITE, platform.md 4.6): a new invitation link by email. */
export function ResendInviteDialog({ user, onClose }: UserConfirmationProps) {
  const mutation = useResendInvite();
  const confirm = () =>
    mutation.mutate(user.email, {
      onSuccess: (msg) => {
        enqueueSnackbar(msg ?? USER_MSG.inviteSent, { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        enqueueSnackbar(failureMessage(error, USER_MSG.sendCodeFailed), { variant: 'error' });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title="Resend Invite"
      message={`Send a new invitation to ${user.email}? Links sent before stop working.`}
      confirmLabel="Resend Invite"
      isPending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

/** Reset MFA for a user (RESET_MFA, platform.md 4.6): their sessions end; they enrol again. */
export function ResetUserMfaDialog({ user, onClose }: UserConfirmationProps) {
  const mutation = useResetUserMfa();
  const confirm = () =>
    mutation.mutate(user.email, {
      // platform.md 4.6 and 8: the result is one of the two fixed messages.
      onSuccess: () => {
        enqueueSnackbar(USER_MSG.mfaResetSuccessful, { variant: 'success' });
        onClose();
      },
      onError: () => {
        enqueueSnackbar(USER_MSG.mfaResetFailed, { variant: 'error' });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title="Reset MFA"
      message={`${user.firstName} ${user.lastName} (${user.email}) will be signed out everywhere and will set up an authenticator app again at the next sign-in.`}
      confirmLabel="Reset MFA"
      isDestructive
      isPending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
