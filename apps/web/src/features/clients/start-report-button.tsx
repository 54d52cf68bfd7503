import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCan } from '../../lib/use-can';
import { clientQueries } from './clients.queries';
import { gateStartReport } from './start-report-gate';

// The form (react-hook-form among it) is loaded when a user opens it, not with every client profile.
const StartReportDialog = lazy(() =>
  import('./start-report-dialog').then((m) => ({ default: m.StartReportDialog })),
);

/**
 * Start Report (START_REPORT) wherever the profile offers it: the Banks sub-tab (spec 2) and the Report
 * Status card, so the next cycle is started from the profile (issue 42 point 2). Disabled with its reason
 * shown under it; the form opens on the next period.
 */
export function StartReportButton({ clientId, clientName }: { clientId: number; clientName: string }) {
  const reasonId = useId();
  const canStart = useCan('START_REPORT');
  const status = useQuery({ ...clientQueries.reportStatus(clientId), enabled: canStart });
  // The profile has the client already; its report frequency sets the next period's length.
  const client = useQuery({ ...clientQueries.detail(clientId), enabled: canStart });
  const [isOpen, setIsOpen] = useState(false);
  if (!canStart) return null;
  const gate = gateStartReport(status.data, client.data?.reportFrequency ?? null);
  return (
    <Stack alignItems="flex-end">
      <Button
        variant="outlined"
        disabled={!gate.isAllowed}
        aria-describedby={gate.reason ? reasonId : undefined}
        onClick={() => setIsOpen(true)}
      >
        Start Report
      </Button>
      {gate.reason && (
        <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ maxWidth: 320 }}>
          {gate.reason}
        </Typography>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          <StartReportDialog
            client={{ clientId, clientName }}
            defaults={gate.defaults}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
