import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionStore } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { AccountDetailsSection } from './account-details-section';
import { ExceptionDigestSection } from './exception-digest-section';
import { MfaSection } from './mfa-section';
import { PasswordSection } from './password-section';

/** platform.md 2.7: /my-account, header 'My Account', page title 'Account Details', three sections; with VIEW_EXCEPTIONS, the exceptions digest (issue 43). */
export default function MyAccountPage() {
  const user = useSessionStore((s) => s.user);
  const canViewExceptions = useCan('VIEW_EXCEPTIONS');
  if (!user) return null;
  return (
    <Stack component="section" aria-labelledby="my-account-header" spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <Typography id="my-account-header" variant="h4" component="h1">
          My Account
        </Typography>
        <Typography variant="h5" component="h2" color="text.secondary">
          Account Details
        </Typography>
      </div>
      <AccountDetailsSection user={user} />
      <MfaSection />
      <PasswordSection />
      {canViewExceptions && <ExceptionDigestSection />}
    </Stack>
  );
}
