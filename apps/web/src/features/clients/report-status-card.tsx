import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { REPORTED_STATUS } from '@tideline/contracts/data-ingestion/report-status';
import { isPastDue, OverdueChip } from '../../components/overdue-chip';
import { formatDate } from '../../lib/format';
import { clientQueries } from './clients.queries';
import { StartReportButton } from './start-report-button';
import { FieldList } from '../../components/field-list';
import { WidgetCard } from '../../components/widget-card';

/** Spec 4: ingestion status colours, Not Started red, In Progress amber, otherwise green. */
function ingestionColor(status: string): 'error' | 'warning' | 'success' {
  const s = status.trim().toLowerCase();
  if (s === 'not started') return 'error';
  if (s === 'in progress') return 'warning';
  return 'success';
}

/**
 * The Report Status widget: the first element of GET /api/clients/report-status/{id} (spec 3), with Start
 * Report under it, so a completed report's next cycle starts from the profile (issue 42 point 2).
 */
export function ReportStatusCard({ client }: { client: { clientId: number; clientName: string } }) {
  const status = useQuery(clientQueries.reportStatus(client.clientId));
  const data = status.data;
  return (
    <WidgetCard title="Report Status" isLoading={status.isLoading} isEmpty={!data}>
      {data && (
        <>
          <FieldList
            fields={[
              ['Report Status', data.reportStatus ?? '---'],
              ['Last Report Date', formatDate(data.lastReportDate)],
              [
                'Ingestion Status',
                <Chip
                  key="ingestion"
                  size="small"
                  label={data.ingestionStatus}
                  color={ingestionColor(data.ingestionStatus)}
                />,
              ],
              ['Open Batches', String(data.openBatchCount)],
              ['Report Start Date', formatDate(data.reportStartDate)],
              ['Report End Date', formatDate(data.reportEndDate)],
              [
                'Report Due Date',
                <span key="due">
                  {formatDate(data.reportDueDate)}
                  {/* Issue 20 point 10: a report not yet reported past its due date. */}
                  {data.reportStatus !== REPORTED_STATUS && isPastDue(data.reportDueDate) && <OverdueChip />}
                </span>,
              ],
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <StartReportButton clientId={client.clientId} clientName={client.clientName} />
          </Box>
        </>
      )}
    </WidgetCard>
  );
}
