import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSessionStore } from '../../lib/session-store';
import { greetingFor } from './greeting';

/**
 * platform.md 2.5: the greeting with the user's first name, then the rate ticker bar the route hands
 * in (only at exactly /dashboard), then the tables other areas hand in (negotiated rates).
 */
export default function DashboardPage({
  tickerBar,
  negotiatedRates,
}: {
  tickerBar?: ReactNode;
  negotiatedRates?: ReactNode;
}) {
  const firstName = useSessionStore((s) => s.user?.firstName ?? '');
  return (
    <section aria-labelledby="dashboard-greeting">
      <Typography id="dashboard-greeting" variant="h4" component="h1">
        {greetingFor(new Date(), firstName)}
      </Typography>
      {tickerBar}
      {negotiatedRates && <Box sx={{ mt: 3 }}>{negotiatedRates}</Box>}
    </section>
  );
}
