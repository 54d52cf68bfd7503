import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG, PASSWORD_HINT } from '@tideline/contracts/common/messages';
import { ChangePasswordFormSchema, type ChangePasswordForm } from '@tideline/contracts/auth/auth.schemas';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/api-messages';
import { AccountSection } from './account-section';
import { useChangePassword } from './my-account.mutations';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', verifyPassword: '' };

/**
 * platform.md 8: a wrong current password is 'Invalid Password.' under that field; any other rejection
 * of the request is 'Password must meet requirements.' under the new password, except a password the
 * server finds too common, which says so (it cannot be checked here: the list stays on the server).
 * All of them toast the failure.
 */
function placeServerError(error: unknown): { field: keyof ChangePasswordForm; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors.currentPassword || error.message === MSG.invalidPassword) {
    return { field: 'currentPassword', message: MSG.invalidPassword };
  }
  if (fieldErrors.newPassword === MSG.passwordTooCommon) {
    return { field: 'newPassword', message: MSG.passwordTooCommon };
  }
  return { field: 'newPassword', message: MSG.passwordRequirements };
}

/** platform.md 2.7 "Password": current, new and verify; Cancel clears, Save Password changes it. */
export function PasswordSection() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const mutation = useChangePassword();

  const save = ({ currentPassword, newPassword }: ChangePasswordForm) =>
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          enqueueSnackbar(MSG.passwordUpdated, { variant: 'success' });
          reset(EMPTY);
        },
        onError: (error) => {
          const placed = placeServerError(error);
          if (placed) setError(placed.field, { message: placed.message });
          enqueueSnackbar(MSG.passwordUpdateFailed, { variant: 'error' });
        },
      },
    );

  return (
    <AccountSection title="Password">
      <Box component="form" noValidate onSubmit={handleSubmit(save)} aria-label="Password">
        <FormTextField
          registration={register('currentPassword')}
          label="Current Password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
        />
        <FormTextField
          registration={register('newPassword')}
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          helperText={PASSWORD_HINT}
        />
        <FormTextField
          registration={register('verifyPassword')}
          label="Verify New Password"
          type="password"
          autoComplete="new-password"
          error={errors.verifyPassword?.message}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(EMPTY)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Save Password
          </Button>
        </Stack>
      </Box>
    </AccountSection>
  );
}
