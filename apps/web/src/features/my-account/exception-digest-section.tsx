import { useQuery } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '../../lib/toast-host';
import { failureMessage } from '../../lib/api-messages';
import { AccountSection } from './account-section';
import { useSaveExceptionDigest } from './my-account.mutations';
import { myAccountQueries } from './my-account.queries';

const SAVE_FAILED = 'The digest setting could not be saved. Try again.';

/** Issue 43 point 5: the user's own daily mail of their new and overdue exceptions, off by default. */
export function ExceptionDigestSection() {
  const digest = useQuery(myAccountQueries.exceptionDigest());
  const mutation = useSaveExceptionDigest();
  const checked = mutation.isPending
    ? (mutation.variables?.enabled ?? false)
    : (digest.data?.enabled ?? false);

  const save = (enabled: boolean) =>
    mutation.mutate(
      { enabled },
      {
        onSuccess: (saved) =>
          enqueueSnackbar(saved.enabled ? 'Daily exceptions digest on.' : 'Daily exceptions digest off.', {
            variant: 'success',
          }),
        onError: (error) => enqueueSnackbar(failureMessage(error, SAVE_FAILED), { variant: 'error' }),
      },
    );

  return (
    <AccountSection title="Notifications">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Each weekday morning, a mail listing the exceptions assigned to you that are new or past their due
        date. Nothing is sent on a day with nothing to tell.
      </Typography>
      <FormControlLabel
        label="Daily exceptions digest"
        control={
          <Switch
            checked={checked}
            disabled={!digest.isSuccess || mutation.isPending}
            onChange={(e) => save(e.target.checked)}
          />
        }
      />
      {digest.isError && (
        <Typography color="error" role="alert">
          {failureMessage(digest.error, 'The digest setting could not be loaded.')}
        </Typography>
      )}
    </AccountSection>
  );
}
