import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { MonteCarloRun } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { formatCurrency, formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { DurationCapabilityChart } from './duration-capability-chart';
import { LiquidityLevelsDialog } from './liquidity-levels-dialog';
import { LiquidityRateTable } from './liquidity-rate-table';
import { MonteCarloStabilityTable } from './monte-carlo-stability-table';
import { monteCarloQueries } from './monte-carlo.queries';
import { MonteResultTable } from './monte-result-table';

/**
 * '{name} - Results' (spec 2, 4 "Result panels"): expands and collapses; Hide Analysis removes the row
 * from the viewed set; Set Liquidity Levels edits the run's levels. The panel reads the stored run.
 */
export function MonteCarloResultsPanel({ run, onHide }: { run: MonteCarloRun; onHide: () => void }) {
  const [isExpanded, setIsExpanded] = useState(true);
  const [isEditingLevels, setIsEditingLevels] = useState(false);
  const canEditLevels = useCan('EDIT_LIQUIDITY_LEVELS');
  const results = useQuery(monteCarloQueries.results(run.monteCarloId));
  const graph = useQuery(monteCarloQueries.graph(run.monteCarloId));
  const totalBalance = useQuery(monteCarloQueries.totalBalance(run.monteCarloId));
  const title = `${run.monteCarloName} - Results`;
  const headingId = `monte-carlo-results-${run.monteCarloId}`;
  const data = results.data;

  return (
    <Accordion
      expanded={isExpanded}
      onChange={(_event, expanded) => setIsExpanded(expanded)}
      component="section"
      aria-labelledby={headingId}
    >
      {/* The Accordion wraps its summary in an h3: the panel's heading. */}
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography id={headingId} variant="h6" component="span">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button onClick={onHide}>Hide Analysis</Button>
          {canEditLevels && (
            <Button variant="outlined" disabled={!data} onClick={() => setIsEditingLevels(true)}>
              Set Liquidity Levels
            </Button>
          )}
        </Stack>
        {results.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the results" />
          </Box>
        ) : !data ? (
          <EmptyState />
        ) : (
          <Stack spacing={3}>
            <Typography variant="body2" color="text.secondary">
              {run.groupName}, {formatDate(data.startDateRange)} - {formatDate(data.endDateRange)}: balance{' '}
              {formatCurrency(data.startBalance)} on the end date, lowest{' '}
              {formatCurrency(data.minimumBalance)}; {data.paths.toLocaleString('en-US')} paths, seed{' '}
              {data.seed}
              {data.levels.isOverridden ? '; liquidity levels set by an analyst' : ''}. The future is built
              from the history{' '}
              {data.bootstrap === 'seasonal'
                ? 'by calendar month'
                : data.bootstrap === 'seasonal-mean'
                  ? 'around its seasonal mean'
                  : 'in blocks'}
              : {data.bootstrapBlock}.
            </Typography>
            <MonteResultTable rows={data.monteResult} label={`${run.monteCarloName}: Monté Result`} />
            {graph.data ? (
              <DurationCapabilityChart
                graph={graph.data}
                totalBalance={totalBalance.data}
                name={run.monteCarloName}
              />
            ) : graph.isLoading ? (
              <CircularProgress aria-label="Loading the chart" />
            ) : (
              <EmptyState />
            )}
            <LiquidityRateTable
              results={data}
              label={`${run.monteCarloName}: liquidity levels and benchmark rates`}
            />
            <MonteCarloStabilityTable
              results={data}
              label={`${run.monteCarloName}: how steady the levels are`}
            />
          </Stack>
        )}
      </AccordionDetails>
      {isEditingLevels && data && (
        <LiquidityLevelsDialog
          name={run.monteCarloName}
          levels={data.levels}
          onClose={() => setIsEditingLevels(false)}
        />
      )}
    </Accordion>
  );
}
