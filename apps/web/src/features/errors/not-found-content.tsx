import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG } from '@tideline/contracts/common/messages';

/** platform.md 2.2: the fallback for unknown paths and for routes the user may not open. */
export function NotFoundContent() {
  return (
    <Box sx={{ textAlign: 'center', py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        404
      </Typography>
      <Typography sx={{ mb: 3 }}>{MSG.notFoundPage}</Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        Back to Home
      </Button>
    </Box>
  );
}
