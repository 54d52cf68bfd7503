import Chip from '@mui/material/Chip';
import { localIsoToday } from '@tideline/contracts/monte-carlo/monte-carlo-dates';

/** Issue 20 point 10: a report is overdue once its due date (YYYY-MM-DD) has passed. */
export function isPastDue(dueDate: string | null | undefined, today: string = localIsoToday()): boolean {
  return Boolean(dueDate) && dueDate!.slice(0, 10) < today;
}

/** The mark beside a due date that has passed. */
export function OverdueChip() {
  return <Chip size="small" color="error" label="Overdue" title="The due date has passed" sx={{ ml: 1 }} />;
}
