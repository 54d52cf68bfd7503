import { Suspense, useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { EmptyState } from '../../components/data-table/empty-state';
import { PageLoader } from '../../components/page-loader';
import { usePermList } from '../../lib/use-can';
import { BatchesTable } from './batches-table';
import { ingestionQueries } from './data-ingestion.queries';
import { IngestedBatchesTable } from './ingested-batches-table';
import {
  IngestionHeader,
  IngestionViewTabs,
  useIngestionViews,
  type IngestionView,
} from './ingestion-header';
import type { UploadDashboardSlots } from './ingestion-slots';

/** The client's name, from the open reports (the route's own permission) or its batches. */
function useClientName(clientId: number): string | undefined {
  const reports = useQuery(ingestionQueries.openReports());
  return reports.data?.find((r) => r.clientId === clientId)?.clientName;
}

// Spec 2 "client upload dashboard": tab 1 is 'Dashboard' (the table 'Ingested Batches').
const VIEW_LABELS = { history: 'Dashboard' } as const;

function IngestionPanel({
  clientId,
  view,
  onViewChange,
  slots,
}: {
  clientId: number;
  view: IngestionView | null;
  onViewChange: (view: IngestionView) => void;
  slots: UploadDashboardSlots;
}) {
  return (
    <Stack spacing={2}>
      <IngestionViewTabs current={view} onChange={onViewChange} labels={VIEW_LABELS} />
      {view === 'upload' && <BatchesTable clientId={clientId} slots={slots} />}
      {view === 'history' && <IngestedBatchesTable clientId={clientId} />}
      {view === null && (
        <Paper>
          <EmptyState />
        </Paper>
      )}
    </Stack>
  );
}

const INGESTION_TAB = 'data-ingestion';
// Spec 2: the Data Ingestion tab needs view open reports, like the route.
const INGESTION = { id: INGESTION_TAB, label: 'Data Ingestion', permission: 'VIEW_OPEN_REPORTS' } as const;

/**
 * /data-ingestion/{clientId} (spec 2 "client upload dashboard"): the tabs Data Ingestion, Notes,
 * Investments, Institution Types, Negotiated Rates and Templates, each with its permission; in Data
 * Ingestion, tab 0 'Upload & Validation' (the Upload Dashboard) and tab 1 'Dashboard' (the
 * validation history). The other areas' tabs and dialogs come from src/app (`slots`).
 */
export function UploadDashboardPage({ slots }: { slots: UploadDashboardSlots }) {
  const titleId = useId();
  const clientId = Number(useParams().clientId);
  const clientName = useClientName(clientId);
  const permList = usePermList();
  const [searchParams, setSearchParams] = useSearchParams();
  const { current: view } = useIngestionViews(searchParams.get('view'));

  const tabs = [INGESTION, ...(slots.tabs ?? [])].filter((t) => hasAnyPermission(permList, [t.permission]));
  const current = tabs.find((t) => t.id === searchParams.get('tab')) ?? tabs[0];
  const isIngestion = current?.id === INGESTION_TAB;
  const title =
    isIngestion && view === 'history' ? 'Data Ingestion: Dashboard' : 'Data Ingestion: Upload Dashboard';

  const go = (tab: string, nextView: IngestionView | null) => {
    const params: Record<string, string> = {};
    if (tab !== INGESTION_TAB) params.tab = tab;
    if (nextView === 'history') params.view = nextView;
    setSearchParams(params);
  };

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <IngestionHeader title={title} titleId={titleId} subtitle={clientName} />
      {slots.renderChecklist?.(clientId)}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current?.id ?? false}
          onChange={(_e, tab: string) => go(tab, view)}
          aria-label="Upload dashboard"
          variant="scrollable"
        >
          {tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} id={`upload-dashboard-tab-${t.id}`} />
          ))}
        </Tabs>
      </Box>
      {current && (
        <div role="tabpanel" aria-labelledby={`upload-dashboard-tab-${current.id}`}>
          {!('Panel' in current) ? (
            <IngestionPanel
              clientId={clientId}
              view={view}
              onViewChange={(next) => go(INGESTION_TAB, next)}
              slots={slots}
            />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <current.Panel clientId={clientId} />
            </Suspense>
          )}
        </div>
      )}
    </Stack>
  );
}
