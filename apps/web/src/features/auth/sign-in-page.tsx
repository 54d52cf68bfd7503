import { useCallback, useState } from 'react';
import Typography from '@mui/material/Typography';
import { MSG } from '@tideline/contracts/common/messages';
import type { SignInResult } from '@tideline/contracts/auth/auth.schemas';
import { CenteredFrame } from '../../components/centered-frame';
import { BackToLoginLink } from './back-to-login-link';
import { ForgotPasswordForm } from './forgot-password-form';
import { MfaCodeForm } from './mfa-code-form';
import { MfaSetupView } from './mfa-setup-view';
import { SignInForm } from './sign-in-form';

type View =
  | { name: 'signIn' }
  | { name: 'mfaSetup'; session: string }
  | { name: 'mfa'; session: string }
  | { name: 'forgotPassword' }
  | { name: 'requestSent' };

/** platform.md 2.3 and 4.1: sign-in, MFA code, MFA enrolment, password reset and its confirmation. */
export default function SignInPage() {
  const [view, setView] = useState<View>({ name: 'signIn' });
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const backToLogin = useCallback(() => {
    setNotice(null);
    setView({ name: 'signIn' });
  }, []);
  const onSessionExpired = useCallback((message: string) => {
    setNotice(message);
    setView({ name: 'signIn' });
  }, []);
  const onChallenge = useCallback((result: SignInResult, signedInEmail: string) => {
    setEmail(signedInEmail);
    setNotice(null);
    const { session } = result;
    setView(result.challenge === 'MFA_SETUP' ? { name: 'mfaSetup', session } : { name: 'mfa', session });
  }, []);

  return (
    <CenteredFrame>
      {view.name === 'signIn' && (
        <SignInForm
          defaultEmail={email}
          notice={notice}
          onChallenge={onChallenge}
          onForgotPassword={() => {
            setNotice(null);
            setView({ name: 'forgotPassword' });
          }}
        />
      )}
      {view.name === 'mfa' && (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Enter MFA Code
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Open your authenticator app and enter the 6-digit code for Tideline.
          </Typography>
          <MfaCodeForm session={view.session} mode="verify" onSessionExpired={onSessionExpired} />
        </>
      )}
      {view.name === 'mfaSetup' && (
        <MfaSetupView session={view.session} onSessionExpired={onSessionExpired} />
      )}
      {view.name === 'forgotPassword' && (
        <ForgotPasswordForm defaultEmail={email} onSent={() => setView({ name: 'requestSent' })} />
      )}
      {view.name === 'requestSent' && (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Request Sent
          </Typography>
          <Typography>{MSG.forgotPasswordSent}</Typography>
        </>
      )}
      {view.name !== 'signIn' && <BackToLoginLink onClick={backToLogin} />}
    </CenteredFrame>
  );
}
