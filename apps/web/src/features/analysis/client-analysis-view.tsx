import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { Permission } from '@tideline/contracts/access/permissions';
import { ANALYSIS_MSG, CLIENT_ANALYSIS_STATUS } from '@tideline/contracts/analysis/analysis.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/data-table/empty-state';
import { toastOutcome } from '../../lib/mutation-toasts';
import { usePermList } from '../../lib/use-can';
import { useCanOpen } from '../../lib/use-can-open';
import { completeAnalysis } from './analysis.api';
import { analysisQueries } from './analysis.queries';

export type AnalysisTabId = 'monte-carlo' | 'short-term' | 'cash-vest';

/** The tabs other features fill in (composed in src/app), each given the client. */
export type AnalysisTabSlots = Partial<
  Record<AnalysisTabId | 'calculate-tables', (clientId: number) => ReactNode>
>;

// Spec 2 "Analysis": the client analysis view's tabs and the permission each needs.
const TABS: readonly { id: AnalysisTabId; label: string; permission: Permission }[] = [
  { id: 'monte-carlo', label: 'Monté Carlo', permission: 'VIEW_MONTE_CARLO_ANALYSIS' },
  { id: 'short-term', label: 'Short Term Model', permission: 'VIEW_SHORT_TERM_MODEL' },
  { id: 'cash-vest', label: 'cashVest', permission: 'VIEW_CASH_VEST_SCORES' },
];

/** The initial tab from navigation state (spec 2): its index, or `{ tab: index }`. */
function tabOfState(state: unknown): number | null {
  if (typeof state === 'number') return state;
  if (state && typeof state === 'object' && typeof (state as { tab?: unknown }).tab === 'number')
    return (state as { tab: number }).tab;
  return null;
}

/**
 * 'Analysis: {client name}': Complete Analysis in the header (COMPLETE_ANALYSIS, and only while the
 * client status is 'Analysis'; on success back to the client's page), the tabs the user may view and
 * 'Calculate Daily and Monthly Tables'.
 */
export function ClientAnalysisView({
  clientId,
  clientName,
  slots,
  headerEnd,
}: {
  clientId: number;
  clientName: string;
  slots: AnalysisTabSlots;
  /** Rendered at the end of the header row (the page's title sits before it). */
  headerEnd?: (actions: ReactNode) => ReactNode;
}) {
  const permList = usePermList();
  const location = useLocation();
  const navigate = useNavigate();
  const canOpenClient = useCanOpen(`/client-management/${clientId}`);
  const queryClient = useQueryClient();
  const visible = TABS.filter((t) => permList.includes(t.permission));
  const [selected, setSelected] = useState<AnalysisTabId | null>(
    () => TABS[tabOfState(location.state) ?? -1]?.id ?? null,
  );
  const current = visible.find((t) => t.id === selected) ?? visible[0];
  const status = useQuery(analysisQueries.reportStatus(clientId));
  const canComplete =
    permList.includes('COMPLETE_ANALYSIS') && status.data?.reportStatus === CLIENT_ANALYSIS_STATUS;
  const [confirming, setConfirming] = useState(false);
  const complete = useMutation({
    mutationFn: () => completeAnalysis(clientId).then((r) => r.msg),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['clients', 'report-status', clientId] });
      void queryClient.invalidateQueries({ queryKey: ['analysis', 'open-reports'] });
    },
  });

  const completeButton = canComplete && (
    <Button variant="contained" startIcon={<TaskAltIcon />} onClick={() => setConfirming(true)}>
      Complete Analysis
    </Button>
  );

  return (
    <Stack spacing={2}>
      {headerEnd?.(completeButton)}
      <Stack
        direction="row"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        {current ? (
          <Tabs
            value={current.id}
            onChange={(_e, id: AnalysisTabId) => setSelected(id)}
            aria-label="Analysis"
          >
            {visible.map((t) => (
              <Tab
                key={t.id}
                value={t.id}
                label={t.label}
                id={`analysis-tab-${t.id}`}
                aria-controls={`analysis-panel-${t.id}`}
              />
            ))}
          </Tabs>
        ) : (
          <span />
        )}
        {slots['calculate-tables']?.(clientId)}
      </Stack>
      {current ? (
        <Box
          role="tabpanel"
          id={`analysis-panel-${current.id}`}
          aria-labelledby={`analysis-tab-${current.id}`}
        >
          {slots[current.id]?.(clientId) ?? <EmptyState />}
        </Box>
      ) : (
        <EmptyState />
      )}
      <ConfirmDialog
        open={confirming}
        title="Complete Analysis"
        message={`Complete the analysis of ${clientName}'s open report? The analyses stay as they are and the report can then be generated.`}
        confirmLabel="Complete Analysis"
        isPending={complete.isPending}
        onConfirm={() =>
          complete.mutate(
            undefined,
            toastOutcome({ success: ANALYSIS_MSG.completed, failure: ANALYSIS_MSG.completeFailed }, () => {
              setConfirming(false);
              void navigate(canOpenClient ? `/client-management/${clientId}` : '/analysis');
            }),
          )
        }
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
