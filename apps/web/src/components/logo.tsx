import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Tideline mark and name. The parent decides whether it is a link. */
export function Logo({ color = 'primary.main' }: { color?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color }}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#0b3d5c" />
        <path d="M4 20c4-4 8-4 12 0s8 4 12 0" stroke="#7fd1e8" strokeWidth="3" fill="none" />
        <path d="M4 13c4-4 8-4 12 0s8 4 12 0" stroke="#fff" strokeWidth="3" fill="none" />
      </svg>
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        Tideline
      </Typography>
    </Box>
  );
}
