import Chip from '@mui/material/Chip';
import { green, grey } from '@mui/material/colors';
import { INGESTION_STATUS } from '@tideline/contracts/data-ingestion/open-reports.schemas';

/** Spec 2 "open batches": 'NOT STARTED' is shown grey, any other value green. */
export function IngestionStatusChip({ status }: { status: string }) {
  // Shades dark enough for white text (WCAG AA 4.5 to 1: green 700 gave 4.1).
  const color = status === INGESTION_STATUS.notStarted ? grey[600] : green[800];
  return <Chip size="small" label={status} sx={{ bgcolor: color, color: 'common.white' }} />;
}
