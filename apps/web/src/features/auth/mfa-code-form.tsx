import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { MfaVerifySchema } from '@tideline/contracts/auth/auth.schemas';
import { MSG } from '@tideline/contracts/common/messages';
import { FormError } from '../../components/form-error';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api-client';
import { verifyMfa, verifyMfaSetup } from './auth.api';
import { useCompleteSignIn } from './use-complete-sign-in';
import { SubmitButton } from '../../components/submit-button';

const MfaCodeFormSchema = MfaVerifySchema.pick({ code: true });
interface MfaCodeFormValues {
  code: string;
}

interface MfaCodeFormProps {
  session: string;
  /** 'setup' confirms a first enrolment (verify-setup); 'verify' answers the code challenge. */
  mode: 'setup' | 'verify';
  /** The pending sign-in is gone (e.g. took too long): show the message on the login view. */
  onSessionExpired: (message: string) => void;
  autoFocus?: boolean;
}

export function MfaCodeForm({ session, mode, onSessionExpired, autoFocus = true }: MfaCodeFormProps) {
  const completeSignIn = useCompleteSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MfaCodeFormValues>({ resolver: zodResolver(MfaCodeFormSchema), defaultValues: { code: '' } });
  const mutation = useMutation({
    mutationFn: (code: string) => (mode === 'setup' ? verifyMfaSetup : verifyMfa)({ session, code }),
    onSuccess: completeSignIn,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401 && error.message !== MSG.invalidMfaToken) {
        onSessionExpired(error.message);
      }
    },
  });

  const onSubmit = handleSubmit(({ code }) => mutation.mutate(code));
  const errorText =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 429)
      ? MSG.invalidMfaToken
      : mutation.error?.message;

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <FormError message={errorText} />
      <FormTextField
        registration={register('code')}
        label="MFA Code"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        error={errors.code?.message}
        helperText="The 6-digit code from your authenticator app."
        inputProps={{ inputMode: 'numeric', maxLength: 6 }}
      />
      <SubmitButton isPending={mutation.isPending}>Verify</SubmitButton>
    </Box>
  );
}
