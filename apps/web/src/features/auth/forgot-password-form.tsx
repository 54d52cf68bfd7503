import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ForgotPasswordSchema, type ForgotPassword } from '@tideline/contracts/auth/auth.schemas';
import { FormTextField } from '../../components/form-text-field';
import { requestPasswordReset } from './auth.api';
import { SubmitButton } from '../../components/submit-button';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  onSent: () => void;
}

/** platform.md 2.3 'Password Reset'. Success and failure both lead to 'Request Sent' (platform.md 8). */
export function ForgotPasswordForm({ defaultEmail, onSent }: ForgotPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => console.error('Forgot password request failed', error),
    onSettled: onSent,
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <Typography variant="h4" component="h1" gutterBottom>
        Password Reset
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Enter your email and we will send you a link to set a new password.
      </Typography>
      <FormTextField
        registration={register('email')}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
      />
      <SubmitButton isPending={mutation.isPending}>Send Link</SubmitButton>
    </Box>
  );
}
