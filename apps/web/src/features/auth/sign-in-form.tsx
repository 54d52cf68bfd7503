import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MSG } from '@tideline/contracts/common/messages';
import { SignInSchema, type SignIn, type SignInResult } from '@tideline/contracts/auth/auth.schemas';
import { FormError } from '../../components/form-error';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api-client';
import { signIn } from './auth.api';

interface SignInFormProps {
  defaultEmail: string;
  /** A message carried over from a sub-view, e.g. an MFA session that timed out. */
  notice: string | null;
  onChallenge: (result: SignInResult, email: string) => void;
  onForgotPassword: () => void;
}

function signInErrorText(error: unknown): string {
  // Too many attempts says so; every other failure reads the same (platform.md 8).
  if (error instanceof ApiError && error.status === 429) return error.message;
  return MSG.invalidCredentials;
}

export function SignInForm({ defaultEmail, notice, onChallenge, onForgotPassword }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const mutation = useMutation({ mutationFn: signIn });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, { onSuccess: (result) => onChallenge(result, values.email) }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="sign-in-title">
      <Typography id="sign-in-title" variant="h4" component="h1" gutterBottom>
        Welcome Back
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Sign in to your Tideline account.
      </Typography>
      <FormError message={mutation.isError ? signInErrorText(mutation.error) : notice} />
      <FormTextField
        registration={register('email')}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
      />
      <FormTextField
        registration={register('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
          Forgot Password?
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 3 }}
        loading={mutation.isPending}
      >
        Sign In
      </Button>
    </Box>
  );
}
