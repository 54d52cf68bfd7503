import Chip from '@mui/material/Chip';
import { green, grey, red } from '@mui/material/colors';
import { BATCH_STATUS } from '@tideline/contracts/data-ingestion/batches.schemas';
import { INGESTION_STATUS } from '@tideline/contracts/data-ingestion/open-reports.schemas';

/**
 * Spec 2 "open batches": 'NOT STARTED' is shown grey, any other value green; ours, a batch's
 * 'EXTRACTION FAILED' red (issue 42: a file waits for the user).
 */
export function IngestionStatusChip({ status }: { status: string }) {
  // Shades dark enough for white text (WCAG AA 4.5 to 1: green 700 gave 4.1).
  const color =
    status === INGESTION_STATUS.notStarted
      ? grey[600]
      : status === BATCH_STATUS.extractionFailed
        ? red[800]
        : green[800];
  return <Chip size="small" label={status} sx={{ bgcolor: color, color: 'common.white' }} />;
}
