import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { amber, grey, red } from '@mui/material/colors';
import type { ExceptionSeverity } from '@tideline/contracts/exceptions/exceptions.schemas';
import { isPastDue } from '../../components/overdue-chip';
import { formatDate } from '../../lib/format';

// Shades that keep their text readable (WCAG AA 4.5 to 1): white on red 800 and grey 700, black on amber.
const SEVERITY_SX: Record<ExceptionSeverity, { bgcolor: string; color: string }> = {
  High: { bgcolor: red[800], color: 'common.white' },
  Medium: { bgcolor: amber[400], color: 'common.black' },
  Low: { bgcolor: grey[700], color: 'common.white' },
};

/** An exception's severity as a coloured chip: High red, Medium amber, Low grey. */
export function SeverityChip({ severity }: { severity: ExceptionSeverity }) {
  return <Chip size="small" label={severity} sx={SEVERITY_SX[severity]} />;
}

/** A due date; once it has passed, in red with the reason in its title. */
export function DueDate({ dueDate }: { dueDate: string | null }) {
  if (!isPastDue(dueDate)) return formatDate(dueDate);
  return (
    <Typography component="span" variant="body2" color="error" title="Overdue: the due date has passed">
      {formatDate(dueDate)}
    </Typography>
  );
}
