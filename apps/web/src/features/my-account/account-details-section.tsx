import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  isEmailChange,
  profileFormSchema,
  USER_MSG,
  type ProfileForm,
} from '@tideline/contracts/users/users.schemas';
import type { LoggedUser } from '@tideline/contracts/users/users.schemas';
import { FormTextField } from '../../components/form-text-field';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { AccountSection } from './account-section';
import { useUpdateProfile } from './my-account.mutations';

const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'currentPassword'] as const;

/**
 * platform.md 2.7 "Details": Cancel goes back to the saved values, Save Details sends them. A new email
 * also asks for the current password (security issue 14); a refused save keeps what was typed.
 */
export function AccountDetailsSection({ user }: { user: LoggedUser }) {
  const { firstName, lastName, email } = user;
  const saved = useMemo<ProfileForm>(
    () => ({ firstName, lastName, email, currentPassword: '' }),
    [firstName, lastName, email],
  );
  const schema = useMemo(() => profileFormSchema(email), [email]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileForm>({ resolver: zodResolver(schema), values: saved });
  const typedEmail = useWatch({ control, name: 'email' });
  const asksPassword = isEmailChange(email, typedEmail ?? '');
  const mutation = useUpdateProfile();

  const save = ({ currentPassword, ...values }: ProfileForm) =>
    mutation.mutate(
      { ...values, oldEmail: email, id: user.userId, ...(asksPassword ? { currentPassword } : {}) },
      {
        onSuccess: ({ msg }) => enqueueSnackbar(msg ?? USER_MSG.profileUpdated, { variant: 'success' }),
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, 'user');
          for (const field of PROFILE_FIELDS) {
            if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
          }
          enqueueSnackbar(failureMessage(error, USER_MSG.editFailed), { variant: 'error' });
        },
      },
    );

  return (
    <AccountSection title="Details">
      <Box component="form" noValidate onSubmit={handleSubmit(save)} aria-label="Details">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <FormTextField
            registration={register('firstName')}
            label="First Name"
            autoComplete="given-name"
            autoFocus
            error={errors.firstName?.message}
          />
          <FormTextField
            registration={register('lastName')}
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
          />
        </Stack>
        <FormTextField
          registration={register('email')}
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
        />
        {asksPassword && (
          <FormTextField
            registration={register('currentPassword')}
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            helperText="Needed to change your email."
          />
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(saved)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Save Details
          </Button>
        </Stack>
      </Box>
    </AccountSection>
  );
}
