import { useDeferredValue, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSessionStore } from '../../lib/session-store';
import { greetingFor } from './greeting';
import { MyClientsWidget } from './my-clients-widget';
import { ReportsInProgressWidget } from './reports-in-progress-widget';

/** The width Reports In Progress grows from: what its table needs, so its Status chips are never cut. */
export const REPORTS_IN_PROGRESS_BASIS = 600;

/**
 * platform.md 2.5: the greeting with the user's first name, then the rate ticker bar the route hands
 * in (only at exactly /dashboard), the widgets (My Clients, Reports In Progress and the Maturing
 * Investments and My Exceptions ones the route hands in), then the tables other areas hand in (notes,
 * negotiated rates).
 */
export default function DashboardPage({
  tickerBar,
  maturingInvestments,
  myExceptions,
  notes,
  negotiatedRates,
}: {
  tickerBar?: ReactNode;
  maturingInvestments?: ReactNode;
  myExceptions?: ReactNode;
  notes?: ReactNode;
  negotiatedRates?: ReactNode;
}) {
  const firstName = useSessionStore((s) => s.user?.firstName ?? '');
  // The greeting is drawn first, alone; the ticker, widgets and tables follow in a background render React
  // can interrupt (false on the first render, then true). On a phone the greeting waited on all of them:
  // the largest paint came after seconds of rendering (issue 21, Lighthouse). The ticker comes with the
  // widgets: drawn before them, its wrapping lines on a phone moved them down as they appeared.
  const areWidgetsShown = useDeferredValue(true, false);
  return (
    <section aria-labelledby="dashboard-greeting">
      <Typography id="dashboard-greeting" variant="h4" component="h1">
        {greetingFor(new Date(), firstName)}
      </Typography>
      {areWidgetsShown && (
        <>
          {tickerBar}
          {/* Each widget grows from the width its columns need; they share a row when they fit. On a phone
              a widget may be narrower than its table (minWidth 0), whose own region then scrolls:
              otherwise the widest table made the whole page wider than the screen. */}
          <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 3 }}>
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <MyClientsWidget />
            </Box>
            {/* 600px: its four columns with an Overdue due date and the IN PROGRESS chip, and the card's
                padding (issue 42 point 7: from 420px the chip was cut at 1280, 1366 and 1920 px). */}
            <Box sx={{ flex: `1 1 ${REPORTS_IN_PROGRESS_BASIS}px`, minWidth: 0 }}>
              <ReportsInProgressWidget />
            </Box>
            {maturingInvestments && <Box sx={{ flex: '1 1 460px', minWidth: 0 }}>{maturingInvestments}</Box>}
            {myExceptions && <Box sx={{ flex: '1 1 560px', minWidth: 0 }}>{myExceptions}</Box>}
          </Box>
          {notes && <Box sx={{ mt: 3 }}>{notes}</Box>}
          {negotiatedRates && <Box sx={{ mt: 3 }}>{negotiatedRates}</Box>}
        </>
      )}
    </section>
  );
}
