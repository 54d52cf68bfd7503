import { useDeferredValue, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { holdsAllPermissions, type Permission } from '@tideline/contracts/access/permissions';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { DrawnWhenNear } from '../../components/drawn-when-near';
import { WidgetCard } from '../../components/widget-card';
import { usePermList } from '../../lib/use-can';
import { ClientCard } from './client-card';
import { ReportStatusCard } from './report-status-card';

// Spec 2 "Summary widgets": these are filled in by other areas (investments, analysis, forecast), handed
// in by src/app; until then each shows its title and the empty state. Each names what its calls need
// (their routes' permissions): a widget the user may not see is left out, not shown as 'No Results.'
// (issue 42 point 7, cashVest for a Client Viewer).
const LATER_WIDGETS = [
  { title: 'Maturing Investments', permissions: ['VIEW_INVESTMENTS'] },
  { title: 'Day-to-Day Variance', permissions: ['VIEW_CLIENTS'] },
  { title: 'cashVest Score', permissions: ['VIEW_CASH_VEST_SCORES'] },
  { title: 'Assets', permissions: ['VIEW_CLIENTS'] },
  { title: 'Short Term Modeling/Forecast', permissions: ['VIEW_CLIENTS'], isWide: true },
  {
    title: 'Current Amounts Invested by Liquidity Level',
    permissions: ['VIEW_INVESTMENTS', 'VIEW_ACCOUNT_GROUPS'],
  },
  { title: 'Short-Term Cash Position Forecast', permissions: ['VIEW_CLIENTS'] },
  { title: 'Interest Rate Comparison', permissions: ['VIEW_CLIENTS'], isWide: true },
] as const satisfies readonly { title: string; permissions: readonly Permission[]; isWide?: boolean }[];

type WidgetTitle = (typeof LATER_WIDGETS)[number]['title'];

export type SummaryWidgetSlots = Partial<Record<WidgetTitle, ReactNode>>;

/** Sub-tab 0 of the Summary tab: the client card, Report Status and the other widgets. */
export function SummaryWidgets({ client, widgets = {} }: { client: Client; widgets?: SummaryWidgetSlots }) {
  // The client card and Report Status are drawn first, the other widgets' cards in a background render
  // after them (false on the first render, then true): mounted together they were one commit, the
  // longest task after a profile's first paint on a phone (issue 21 "Speed"). They come below the two,
  // so nothing drawn moves.
  const areWidgetsShown = useDeferredValue(true, false);
  const permList = usePermList();
  const shownWidgets = LATER_WIDGETS.filter((w) => holdsAllPermissions(permList, w.permissions));
  return (
    // minmax(0, …): a column is as wide as the screen allows, not as its widest table (which scrolls).
    // The two tables of four and six figures take the whole row: in half of a 1,280 px screen their last
    // column (Strategic Liquidity, Average) was cut (issue 42 point 7). Dense: a widget left out for
    // want of a permission leaves no hole beside a wide one.
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridAutoFlow: 'row dense',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <ClientCard client={client} />
      <ReportStatusCard client={client} />
      {areWidgetsShown &&
        shownWidgets.map((widget) => (
          <Box key={widget.title} sx={{ minWidth: 0, gridColumn: 'isWide' in widget ? '1 / -1' : undefined }}>
            {widgets[widget.title] ? (
              // Each widget's queries and drawing wait until it is near the window: on a phone the
              // first screen holds the client card and Report Status, and eight widgets answering and
              // drawing one after another kept the page busy long after it was shown (issue 21).
              <DrawnWhenNear placeholder={<WidgetCard title={widget.title} isLoading />}>
                {widgets[widget.title]}
              </DrawnWhenNear>
            ) : (
              <WidgetCard title={widget.title} isEmpty />
            )}
          </Box>
        ))}
    </Box>
  );
}
