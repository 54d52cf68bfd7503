import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Logo } from './logo';

interface CenteredFrameProps {
  children: ReactNode;
  /** Where the logo leads; none for the sign-in screen itself. */
  logoHref?: string;
}

/** The frame of the screens shown outside the signed-in shell: sign-in, set password, not found. */
export function CenteredFrame({ children, logoHref }: CenteredFrameProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      {logoHref ? (
        <Link component={RouterLink} to={logoHref} underline="none" aria-label="Tideline home">
          <Logo />
        </Link>
      ) : (
        <Logo />
      )}
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        {children}
      </Paper>
    </Box>
  );
}
