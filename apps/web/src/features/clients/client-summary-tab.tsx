import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { TabStrip } from '../../components/tab-strip';
import { usePermList } from '../../lib/use-can';
import { SummaryWidgets, type SummaryWidgetSlots } from './summary-widgets';

type SubTabId = 'summary' | 'negotiated-rates' | 'notes' | 'banks';

/**
 * The sub-tabs other areas fill in (composed in src/app). The Banks sub-tab's table and the actions
 * other areas add to it (Plaid links, Start Ingestion, templates) load when a user opens it, not with
 * the summary every profile opens on.
 */
export type SummarySubTabPanels = Partial<Record<'negotiated-rates' | 'notes' | 'banks', ReactNode>>;

// Spec 2 "Summary tab": 0 summary widgets, 1 negotiated rates, 2 notes, plus the Banks sub-tab; each
// shown only with its view permission. All but the summary are handed in by src/app.
const SUB_TABS: readonly { id: SubTabId; label: string; permission: Permission | null }[] = [
  { id: 'summary', label: 'Summary', permission: null },
  { id: 'negotiated-rates', label: 'Negotiated Rates', permission: 'VIEW_NEGOTIATED_RATES' },
  { id: 'notes', label: 'Notes', permission: 'VIEW_NOTES' },
  { id: 'banks', label: 'Banks', permission: 'VIEW_BANK_CLIENT_RELATIONSHIPS' },
];

/** Tab 0 of the client profile. */
export function ClientSummaryTab({
  client,
  widgets,
  panels = {},
}: {
  client: Client;
  /** Widgets other areas fill in (composed in src/app). */
  widgets?: SummaryWidgetSlots;
  panels?: SummarySubTabPanels;
}) {
  const permList = usePermList();
  const visible = SUB_TABS.filter((t) => t.permission === null || hasAnyPermission(permList, [t.permission]));
  // ?sub=banks opens a sub-tab directly (the quarter checklist's Start Ingestion links there).
  const [searchParams] = useSearchParams();
  const [selected, setSelected] = useState<SubTabId>(() => {
    const wanted = searchParams.get('sub');
    return SUB_TABS.find((t) => t.id === wanted)?.id ?? 'summary';
  });
  const current = visible.find((t) => t.id === selected) ?? visible[0]!;
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <TabStrip
          label="Client summary"
          value={current.id}
          onChange={setSelected}
          tabs={visible.map((t) => ({
            value: t.id,
            label: t.label,
            id: `client-subtab-${t.id}`,
            panelId: `client-subpanel-${t.id}`,
          }))}
        />
      </Box>
      <div
        role="tabpanel"
        id={`client-subpanel-${current.id}`}
        aria-labelledby={`client-subtab-${current.id}`}
      >
        {current.id === 'summary' ? (
          <SummaryWidgets client={client} widgets={widgets} />
        ) : (
          (panels[current.id] ?? (
            <Paper>
              <EmptyState />
            </Paper>
          ))
        )}
      </div>
    </Box>
  );
}
