import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MSG, PASSWORD_HINT } from '@tideline/contracts/common/messages';
import { SetNewPasswordFormSchema, type SetNewPasswordForm } from '@tideline/contracts/auth/auth.schemas';
import { CenteredFrame } from '../../components/centered-frame';
import { FormError } from '../../components/form-error';
import { FormTextField } from '../../components/form-text-field';
import { confirmPassword } from './auth.api';
import { useToastHost } from '../../lib/toast-host';
import { SubmitButton } from '../../components/submit-button';

/**
 * platform.md 2.4: /reset-password/:username/* (invitation) and /forgot-password/:username/:code.
 * The server's message is shown above the form; success goes to /.
 */
export default function SetNewPasswordPage() {
  const params = useParams();
  const username = params.username ?? '';
  const code = params.code ?? params['*'] ?? '';
  const navigate = useNavigate();
  useToastHost();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetNewPasswordForm>({
    resolver: zodResolver(SetNewPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: ({ newPassword }: SetNewPasswordForm) => confirmPassword({ username, code, newPassword }),
    onSuccess: () => {
      enqueueSnackbar(MSG.passwordSet, { variant: 'success' });
      void navigate('/', { replace: true });
    },
  });

  return (
    <CenteredFrame logoHref="/">
      <Box component="form" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
        <Typography variant="h4" component="h1" gutterBottom>
          Set New Password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Choose a new password for {username}.
        </Typography>
        <FormError message={mutation.error?.message} />
        <FormTextField
          registration={register('newPassword')}
          label="New Password"
          type="password"
          autoComplete="new-password"
          autoFocus
          error={errors.newPassword?.message}
          helperText={PASSWORD_HINT}
        />
        <FormTextField
          registration={register('confirmPassword')}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
        />
        <SubmitButton isPending={mutation.isPending}>Set Password</SubmitButton>
      </Box>
    </CenteredFrame>
  );
}
