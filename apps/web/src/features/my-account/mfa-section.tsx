import { useState } from 'react';
import { useNavigate } from 'react-router';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { USER_MSG } from '@tideline/contracts/users/users.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { AccountSection } from './account-section';
import { useResetOwnMfa } from './my-account.mutations';

/** platform.md 2.7 and 4.6: resetting one's MFA signs out; the next sign-in enrols afresh. */
export function MfaSection() {
  const [isConfirming, setIsConfirming] = useState(false);
  const navigate = useNavigate();
  const mutation = useResetOwnMfa();

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => void navigate('/', { replace: true }),
      onError: (error) => {
        setIsConfirming(false);
        enqueueSnackbar(failureMessage(error, USER_MSG.resetMfaFailed), { variant: 'error' });
      },
    });

  return (
    <AccountSection title="Multi-Factor Authentication">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Lost your authenticator app or changing phones? Reset MFA and set it up again at your next sign-in.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)}>
        Reset MFA
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Reset MFA"
        message="You will be logged out. At your next sign-in you will scan a new QR code with your authenticator app."
        cancelLabel="CANCEL"
        confirmLabel="CONFIRM AND LOG OUT"
        isDestructive
        isPending={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      />
    </AccountSection>
  );
}
