import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { START_REPORT_MSG } from '@tideline/contracts/data-ingestion/start-report.schemas';

export interface ReportStartOutcome {
  clientName: string;
  isStarted: boolean;
  /** Why it failed (the server's msg or the spec's fallback), or the success text. */
  msg: string;
}

function OutcomeList({ heading, outcomes }: { heading: string; outcomes: readonly ReportStartOutcome[] }) {
  const headingId = useId();
  if (outcomes.length === 0) return null;
  return (
    <>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {heading}
      </Typography>
      <List dense aria-labelledby={headingId}>
        {outcomes.map((o) => (
          <ListItem key={o.clientName}>
            <ListItemText primary={o.clientName} secondary={o.msg} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** The report result dialog (spec 2, 8): report start failures listed with the client name. */
export function ReportResultDialog({
  outcomes,
  onClose,
}: {
  outcomes: readonly ReportStartOutcome[];
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{START_REPORT_MSG.resultTitle}</DialogTitle>
      <DialogContent>
        <OutcomeList
          heading={START_REPORT_MSG.failuresHeading}
          outcomes={outcomes.filter((o) => !o.isStarted)}
        />
        <OutcomeList
          heading={START_REPORT_MSG.startedHeading}
          outcomes={outcomes.filter((o) => o.isStarted)}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
