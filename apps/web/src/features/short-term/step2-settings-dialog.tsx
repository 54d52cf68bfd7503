import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '@tideline/contracts/common/messages';
import { SHORT_TERM_MSG, type ShortTermRunStarted } from '@tideline/contracts/short-term/short-term.schemas';
import { failureMessage } from '../../lib/api-messages';
import { formatCurrency, formatDate } from '../../lib/format';
import { useRunStep2 } from './short-term.mutations';
import { shortTermQueries } from './short-term.queries';

/**
 * The step 2 Settings dialog (spec 2, 4, 5 "Short term step 2"): the model name, required, chosen
 * from the model list (the models whose step 1 is ready; Run Step 2 opens it on its row's model). The
 * account group, name, dates and balance adjustments are the chosen model's, shown locked.
 */
export function Step2SettingsDialog({
  clientId,
  shortTermModelId,
  onStarted,
  onClose,
}: {
  clientId: number;
  shortTermModelId: number;
  onStarted: (started: ShortTermRunStarted, name: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const options = useQuery(shortTermQueries.options(clientId));
  const run = useRunStep2();
  const [chosenId, setChosenId] = useState<number | ''>(shortTermModelId);
  const [isTouched, setIsTouched] = useState(false);
  const chosen = options.data?.find((o) => o.shortTermModelId === chosenId);
  const error = isTouched && !chosen ? MSG.required : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (!chosen) return;
    run.mutate(
      { shortTermModelId: chosen.shortTermModelId, modelName: chosen.shortTermModelName },
      {
        onSuccess: (started) => {
          enqueueSnackbar(started.msg, { variant: 'success' });
          onStarted(started, chosen.shortTermModelName);
          onClose();
        },
        onError: (failure) =>
          enqueueSnackbar(failureMessage(failure, SHORT_TERM_MSG.step2Failed), { variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Settings</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 0 }}>
          <TextField
            select
            label="Model Name"
            fullWidth
            margin="normal"
            value={options.data ? chosenId : ''}
            onChange={(e) => setChosenId(Number(e.target.value))}
            onBlur={() => setIsTouched(true)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
          >
            {(options.data ?? []).map((o) => (
              <MenuItem key={o.shortTermModelId} value={o.shortTermModelId}>
                {o.shortTermModelName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Account Group"
            value={chosen?.groupName ?? ''}
            fullWidth
            margin="normal"
            disabled
          />
          <TextField
            label="Name"
            value={chosen?.shortTermModelName ?? ''}
            fullWidth
            margin="normal"
            disabled
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              label="Start Date"
              value={chosen ? formatDate(chosen.startDateRange) : ''}
              fullWidth
              margin="normal"
              disabled
            />
            <TextField
              label="End Date"
              value={chosen ? formatDate(chosen.endDateRange) : ''}
              fullWidth
              margin="normal"
              disabled
            />
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            Balance Adjustments
          </Typography>
          {chosen && chosen.balanceAdjustments.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              None.
            </Typography>
          )}
          {chosen?.balanceAdjustments.map((a, index) => (
            <Stack key={a.date} direction="row" spacing={1}>
              <TextField
                label={`Adjustment ${index + 1} Date`}
                value={formatDate(a.date)}
                margin="dense"
                disabled
              />
              <TextField
                label={`Adjustment ${index + 1} Amount`}
                value={formatCurrency(a.amount)}
                margin="dense"
                disabled
              />
            </Stack>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={run.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
