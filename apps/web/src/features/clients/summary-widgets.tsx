import { Fragment, useDeferredValue, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { DrawnWhenNear } from '../../components/drawn-when-near';
import { WidgetCard } from '../../components/widget-card';
import { ClientCard } from './client-card';
import { ReportStatusCard } from './report-status-card';

// Spec 2 "Summary widgets": these are filled in by other areas (investments, analysis, forecast), handed
// in by src/app; until then each shows its title and the empty state.
const LATER_WIDGETS = [
  'Maturing Investments',
  'Day-to-Day Variance',
  'cashVest Score',
  'Assets',
  'Short Term Modeling/Forecast',
  'Current Amounts Invested by Liquidity Level',
  'Short-Term Cash Position Forecast',
  'Interest Rate Comparison',
] as const;

export type SummaryWidgetSlots = Partial<Record<(typeof LATER_WIDGETS)[number], ReactNode>>;

/** Sub-tab 0 of the Summary tab: the client card, Report Status and the other widgets. */
export function SummaryWidgets({ client, widgets = {} }: { client: Client; widgets?: SummaryWidgetSlots }) {
  // The client card and Report Status are drawn first, the other widgets' cards in a background render
  // after them (false on the first render, then true): mounted together they were one commit, the
  // longest task after a profile's first paint on a phone (issue 21 "Speed"). They come below the two,
  // so nothing drawn moves.
  const areWidgetsShown = useDeferredValue(true, false);
  return (
    // minmax(0, …): a column is as wide as the screen allows, not as its widest table (which scrolls).
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <ClientCard client={client} />
      <ReportStatusCard clientId={client.clientId} />
      {areWidgetsShown &&
        LATER_WIDGETS.map((title) => (
          <Fragment key={title}>
            {widgets[title] ? (
              // Each widget's queries and drawing wait until it is near the window: on a phone the
              // first screen holds the client card and Report Status, and eight widgets answering and
              // drawing one after another kept the page busy long after it was shown (issue 21).
              <DrawnWhenNear placeholder={<WidgetCard title={title} isLoading />}>
                {widgets[title]}
              </DrawnWhenNear>
            ) : (
              <WidgetCard title={title} isEmpty />
            )}
          </Fragment>
        ))}
    </Box>
  );
}
