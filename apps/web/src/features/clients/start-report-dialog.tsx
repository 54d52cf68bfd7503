import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  START_REPORT_MSG,
  StartReportInputSchema,
  type StartReportInput,
  type StartReportInputParsed,
} from '@tideline/contracts/data-ingestion/start-report.schemas';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { useStartReport } from './clients.mutations';
import { ReportResultDialog, type ReportStartOutcome } from './report-result-dialog';

const FIELDS = ['startDate', 'endDate', 'dueDate'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  startDate: 'Start Date',
  endDate: 'End Date',
  dueDate: 'Due Date',
};

/**
 * Start Report (START_REPORT; spec 5: startDate and endDate required, dueDate optional). Whatever the
 * outcome, the report result dialog follows, naming the client (spec 8).
 */
export function StartReportDialog({
  client,
  defaults = { startDate: '', endDate: '', dueDate: '' },
  onClose,
}: {
  client: { clientId: number; clientName: string };
  /** The next period (start-report-gate.ts), or empty fields. */
  defaults?: StartReportInput;
  onClose: () => void;
}) {
  const titleId = useId();
  const mutation = useStartReport(client.clientId);
  const [outcome, setOutcome] = useState<ReportStartOutcome | null>(null);
  // platform.md 5: the date pickers offer 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StartReportInput, unknown, StartReportInputParsed>({
    resolver: withDateLimits(zodResolver(StartReportInputSchema), FIELDS, limits),
    defaultValues: defaults,
  });

  const submit = (values: StartReportInputParsed) =>
    mutation.mutate(values, {
      onSuccess: ({ msg }) => setOutcome({ clientName: client.clientName, isStarted: true, msg }),
      onError: (error) => {
        const fieldErrors = showFieldErrors(error, FIELDS, setError, 'client');
        if (Object.keys(fieldErrors).length > 0) return;
        setOutcome({
          clientName: client.clientName,
          isStarted: false,
          msg: failureMessage(error, START_REPORT_MSG.failed),
        });
      },
    });

  if (outcome) return <ReportResultDialog outcomes={[outcome]} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Start Report</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              {...register(field)}
              label={LABELS[field]}
              type="date"
              fullWidth
              margin="normal"
              required={field !== 'dueDate'}
              error={Boolean(errors[field])}
              helperText={errors[field]?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Start Report
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
