import { useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MSG } from '@tideline/contracts/common/messages';
import type { SignIn, SignInResult } from '@tideline/contracts/auth/auth.schemas';
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

type FieldErrors = Partial<Record<keyof SignIn, string>>;

function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof SignIn;
    errors[field] ??= issue.message;
  }
  return errors;
}

// The contract's schema (and Zod) load on submit, not with the form, and are usually in the module
// cache by then: the signed-in shell, prefetched once the form is shown, brings them (app-routes.tsx).
const loadSignInSchema = async () => (await import('@tideline/contracts/auth/auth.schemas')).SignInSchema;

// The first screen of every visit: two fields validated with the contract's schema on submit, without
// react-hook-form, which then stays out of the sign-in route's first load (bench/README.md).
export function SignInForm({ defaultEmail, notice, onChallenge, onForgotPassword }: SignInFormProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  // The schema could not be loaded (e.g. offline): shown like any failed sign-in.
  const [loadError, setLoadError] = useState<unknown>(null);
  const mutation = useMutation({ mutationFn: signIn });

  const field = (name: keyof SignIn): UseFormRegisterReturn => ({
    name,
    // A field's message goes as soon as the user corrects it.
    onChange: async () => setErrors(({ [name]: _cleared, ...rest }) => rest),
    onBlur: async () => undefined,
    ref: () => undefined,
  });

  const validateAndSignIn = async (form: HTMLFormElement, values: Record<keyof SignIn, unknown>) => {
    const schema = await loadSignInSchema().catch((error: unknown) => {
      setLoadError(error);
      return null;
    });
    if (!schema) return;
    setLoadError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      const first = (['email', 'password'] as const).find((name) => found[name]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, { onSuccess: (result) => onChallenge(result, parsed.data.email) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What was typed when the user submitted, read before the schema is awaited.
    const data = new FormData(event.currentTarget);
    void validateAndSignIn(event.currentTarget, { email: data.get('email'), password: data.get('password') });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="sign-in-title">
      <Typography id="sign-in-title" variant="h4" component="h1" gutterBottom>
        Welcome Back
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Sign in to your Tideline account.
      </Typography>
      <FormError
        message={
          mutation.isError ? signInErrorText(mutation.error) : loadError ? signInErrorText(loadError) : notice
        }
      />
      <FormTextField
        registration={field('email')}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <FormTextField
        registration={field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
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
