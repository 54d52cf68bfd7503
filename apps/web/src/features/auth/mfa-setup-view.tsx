import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api-client';
import { setUpMfa } from './auth.api';
import { MfaCodeForm } from './mfa-code-form';

interface MfaSetupViewProps {
  session: string;
  onSessionExpired: (message: string) => void;
}

/** platform.md 4.1 step 2: first sign-in enrols an authenticator app (QR code, or the key as text). */
export function MfaSetupView({ session, onSessionExpired }: MfaSetupViewProps) {
  const setup = useQuery({
    queryKey: ['auth', 'mfa-setup', session],
    queryFn: () => setUpMfa(session),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (setup.error instanceof ApiError && setup.error.status === 401) onSessionExpired(setup.error.message);
  }, [setup.error, onSessionExpired]);

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Set Up MFA
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Scan the QR code with your authenticator app, then enter the 6-digit code it shows.
      </Typography>
      {setup.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the QR code" />
        </Box>
      )}
      {setup.isError && <FormError message={setup.error.message} />}
      {setup.data && (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <img
              src={setup.data.qrCodeDataUrl}
              alt="QR code to scan with your authenticator app"
              width={200}
              height={200}
            />
          </Box>
          <Typography variant="body2" id="mfa-secret-label">
            Cannot scan it? Enter this key in your app:
          </Typography>
          <Typography
            component="code"
            data-testid="mfa-secret"
            aria-labelledby="mfa-secret-label"
            sx={{
              display: 'block',
              fontFamily: 'monospace',
              fontSize: '1rem',
              wordBreak: 'break-all',
              bgcolor: 'grey.100',
              p: 1,
              borderRadius: 1,
              mt: 0.5,
            }}
          >
            {setup.data.secretCode}
          </Typography>
          <MfaCodeForm session={session} mode="setup" onSessionExpired={onSessionExpired} />
        </>
      )}
    </>
  );
}
