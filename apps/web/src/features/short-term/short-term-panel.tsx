import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ShortTermStep2Row } from '@tideline/contracts/short-term/short-term-results.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { ForecastAccuracy } from './forecast-accuracy';
import { ModelAccuracySummary } from './model-accuracy';
import { ForecastTable } from './forecast-table';
import { CashPositionChart, DayToDayVarianceChart } from './short-term-charts';
import { shortTermQueries } from './short-term.queries';

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A viewed step 2 row (spec 2, 4 "Result panels"): expands and collapses; Hide Analysis removes it
 * from the viewed set. It shows the forecast table, the Day-to-Day Variance chart, the Short-Term
 * Cash Position Forecast chart and how the forecast did since (point 7).
 */
export function ShortTermPanel({
  clientId,
  row,
  onHide,
  onDownload,
}: {
  clientId: number;
  row: ShortTermStep2Row;
  onHide: () => void;
  onDownload: (row: ShortTermStep2Row) => void;
}) {
  const [isExpanded, setIsExpanded] = useState(true);
  const canDownload = useCan('DOWNLOAD_FILES');
  const forecast = useQuery(shortTermQueries.forecast(row.groupId, row.shortTermModelId));
  const dayToDay = useQuery(shortTermQueries.dayToDay(row.groupId, row.shortTermModelId));
  const cashPosition = useQuery(shortTermQueries.cashPosition(clientId, row.groupId, row.shortTermModelId));
  const name = row.shortTermModelName;
  const headingId = `short-term-results-${row.shortTermModelId}`;

  return (
    <Accordion
      // MUI wraps the summary in the panel's heading (h3).
      slotProps={{ heading: { component: 'h3' } }}
      expanded={isExpanded}
      onChange={(_event, expanded) => setIsExpanded(expanded)}
      component="section"
      aria-labelledby={headingId}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography id={headingId} variant="h6" component="span">
          {name} - Results
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button onClick={onHide}>Hide Analysis</Button>
          {canDownload && (
            <Button variant="outlined" disabled={!row.fileUrl} onClick={() => onDownload(row)}>
              Download PDF
            </Button>
          )}
        </Stack>
        <Stack spacing={3}>
          <Typography variant="body2" color="text.secondary">
            {row.groupName}, history {formatDate(row.startDateRange)} - {formatDate(row.endDateRange)}; the
            forecast starts the day after.
          </Typography>
          {row.strategicLiquidityNote && <Alert severity="info">{row.strategicLiquidityNote}</Alert>}
          <ModelAccuracySummary accuracy={row.modelAccuracy} name={name} />
          <Section title="Forecast">
            {forecast.isLoading ? (
              <Loading label="Loading the forecast" />
            ) : forecast.data && forecast.data.rows.length > 0 ? (
              <ForecastTable rows={forecast.data.rows} name={name} />
            ) : (
              <EmptyState />
            )}
          </Section>
          <Section title="Day-to-Day Variance">
            {dayToDay.isLoading ? (
              <Loading label="Loading the day-to-day variance" />
            ) : dayToDay.data && dayToDay.data.rows.length > 0 ? (
              <DayToDayVarianceChart variance={dayToDay.data} name={name} />
            ) : (
              <EmptyState />
            )}
          </Section>
          <Section title="Short-Term Cash Position Forecast">
            {cashPosition.isLoading ? (
              <Loading label="Loading the cash position forecast" />
            ) : cashPosition.data && cashPosition.data.rows.length > 0 ? (
              <CashPositionChart forecast={cashPosition.data} name={name} />
            ) : (
              <EmptyState />
            )}
          </Section>
          <Section title="Forecast Accuracy">
            <ForecastAccuracy accuracy={row.accuracy} name={name} />
          </Section>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
