import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { PageLoader } from '../../components/page-loader';
import { usePermList } from '../../lib/use-can';
import type { RelationshipActionSlot, RenderTemplateDialog } from './client-banks-table';
import { SummaryWidgets, type SummaryWidgetSlots } from './summary-widgets';

// The Banks sub-tab's table (the data table, its dialogs) is loaded when a user opens that sub-tab, not
// with the summary every profile opens on.
const ClientBanksTable = lazy(() =>
  import('./client-banks-table').then((m) => ({ default: m.ClientBanksTable })),
);

type SubTabId = 'summary' | 'negotiated-rates' | 'notes' | 'banks';

/** The sub-tabs other areas fill in (composed in src/app). */
export type SummarySubTabPanels = Partial<Record<'negotiated-rates' | 'notes', ReactNode>>;

// Spec 2 "Summary tab": 0 summary widgets, 1 negotiated rates, 2 notes, plus the Banks sub-tab; each
// shown only with its view permission. Negotiated Rates and Notes are handed in by src/app.
const SUB_TABS: readonly { id: SubTabId; label: string; permission: Permission | null }[] = [
  { id: 'summary', label: 'Summary', permission: null },
  { id: 'negotiated-rates', label: 'Negotiated Rates', permission: 'VIEW_NEGOTIATED_RATES' },
  { id: 'notes', label: 'Notes', permission: 'VIEW_NOTES' },
  { id: 'banks', label: 'Banks', permission: 'VIEW_BANK_CLIENT_RELATIONSHIPS' },
];

/** Tab 0 of the client profile. */
export function ClientSummaryTab({
  client,
  renderTemplateDialog,
  bankLinkActions,
  ingestionActions,
  widgets,
  panels = {},
}: {
  client: Client;
  renderTemplateDialog?: RenderTemplateDialog;
  bankLinkActions?: RelationshipActionSlot;
  ingestionActions?: RelationshipActionSlot;
  /** Widgets other areas fill in (composed in src/app). */
  widgets?: SummaryWidgetSlots;
  panels?: SummarySubTabPanels;
}) {
  const permList = usePermList();
  const visible = SUB_TABS.filter((t) => t.permission === null || hasAnyPermission(permList, [t.permission]));
  const [selected, setSelected] = useState<SubTabId>('summary');
  const current = visible.find((t) => t.id === selected) ?? visible[0]!;
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current.id}
          onChange={(_e, id: SubTabId) => setSelected(id)}
          aria-label="Client summary"
          variant="scrollable"
        >
          {visible.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`client-subtab-${t.id}`}
              aria-controls={`client-subpanel-${t.id}`}
            />
          ))}
        </Tabs>
      </Box>
      <div
        role="tabpanel"
        id={`client-subpanel-${current.id}`}
        aria-labelledby={`client-subtab-${current.id}`}
      >
        {current.id === 'summary' && <SummaryWidgets client={client} widgets={widgets} />}
        {current.id === 'banks' && (
          <Suspense fallback={<PageLoader />}>
            <ClientBanksTable
              clientId={client.clientId}
              clientName={client.clientName}
              renderTemplateDialog={renderTemplateDialog}
              bankLinkActions={bankLinkActions}
              ingestionActions={ingestionActions}
            />
          </Suspense>
        )}
        {(current.id === 'negotiated-rates' || current.id === 'notes') &&
          (panels[current.id] ?? (
            <Paper>
              <EmptyState />
            </Paper>
          ))}
      </div>
    </Box>
  );
}
