import { lazy, Suspense, useCallback, useState } from 'react';
import Typography from '@mui/material/Typography';
import { MSG } from '@tideline/contracts/common/messages';
import type { SignInResult } from '@tideline/contracts/auth/auth.schemas';
import { CenteredFrame } from '../../components/centered-frame';
import { BackToLoginLink } from './back-to-login-link';
import { SignInForm } from './sign-in-form';

// Only the credentials form is part of the first load; the views after it come when needed.
const MfaCodeForm = lazy(() => import('./mfa-code-form').then((m) => ({ default: m.MfaCodeForm })));
const MfaSetupView = lazy(() => import('./mfa-setup-view').then((m) => ({ default: m.MfaSetupView })));
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);

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
      <Suspense fallback={null}>
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
      </Suspense>
    </CenteredFrame>
  );
}
