import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReportParameters } from '@tideline/contracts/reports/reports.schemas';
import { FieldList } from '../../components/field-list';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { FLAG_PARAMETERS, GROUP_LIST_PARAMETERS, PARAMETER_LABELS } from './report-parameter-labels';
import { reportQueries } from './reports.queries';

const yesNo = (flag: number) => (flag === 1 ? 'Yes' : 'No');
const namesOf = (names: readonly string[]) => (names.length > 0 ? names.join(', ') : '---');

/** Spec 3 "Report parameters", in the order of the parameter form. */
function fieldsOf(p: ReportParameters): [string, string][] {
  return [
    [PARAMETER_LABELS.clientName, p.clientName],
    [PARAMETER_LABELS.reportStartDate, formatDate(p.reportStartDate)],
    [PARAMETER_LABELS.reportEndDate, formatDate(p.reportEndDate)],
    ...GROUP_LIST_PARAMETERS.map((key): [string, string] => [PARAMETER_LABELS[key], namesOf(p[key])]),
    ...FLAG_PARAMETERS.map((key): [string, string] => [PARAMETER_LABELS[key], yesNo(p[key])]),
    [PARAMETER_LABELS.liquidTargetAccount, yesNo(p.liquidTargetAccount)],
    [PARAMETER_LABELS.highYieldTargetAccountName, p.highYieldTargetAccountName ?? '---'],
    [
      PARAMETER_LABELS.highYieldLiquidBenchmarkOverride,
      p.highYieldLiquidBenchmarkOverride === null ? '---' : `${p.highYieldLiquidBenchmarkOverride}%`,
    ],
    [PARAMETER_LABELS.minTransacForClosureGroupName, p.minTransacForClosureGroupName ?? '---'],
  ];
}

/** View Parameters (VIEW_REPORTS): what the report was generated with (GET /api/reports/{id}). */
export function ReportParametersDialog({ reportId, onClose }: { reportId: number; onClose: () => void }) {
  const titleId = useId();
  const parameters = useQuery(reportQueries.parameters(reportId));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>View Parameters</DialogTitle>
      <DialogContent>
        {parameters.isLoading && <CircularProgress aria-label="Loading" />}
        {parameters.isError && (
          <Alert severity="error">{failureMessage(parameters.error, 'Failed to load the parameters.')}</Alert>
        )}
        {parameters.data && <FieldList aria-label="Report parameters" fields={fieldsOf(parameters.data)} />}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
