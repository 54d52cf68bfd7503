import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/** platform.md 2.3: every sub-view offers this link; it resets all views. */
export function BackToLoginLink({ onClick }: { onClick: () => void }) {
  return (
    <Box sx={{ mt: 3, textAlign: 'center' }}>
      <Link component="button" type="button" variant="body2" onClick={onClick}>
        Take me back to login
      </Link>
    </Box>
  );
}
