import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ValidationHistoryRow } from '@tideline/contracts/data-ingestion/validation-history.schemas';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table.types';
import { formatDate } from '../../../lib/format';

type Override = ValidationHistoryRow['overrides'][number] & { index: number };

export const overrideAccountOf = (o: Pick<Override, 'accountName' | 'accountNumber'>) =>
  [o.accountName, o.accountNumber].filter(Boolean).join(' - ') || '---';

/** Long sentences wrap in their cell rather than being cut. */
const sentence = (text: string) => <Typography variant="body2">{text}</Typography>;

const COLUMNS: readonly DataTableColumn<Override>[] = [
  { id: 'account', header: 'Account', accessor: overrideAccountOf },
  { id: 'reason', header: 'Reason', cell: (o) => sentence(o.reason), maxWidth: 360 },
  { id: 'userName', header: 'Validated By', cell: (o) => o.userName ?? '---' },
  {
    id: 'at',
    header: 'Date',
    accessor: (o) => new Date(o.at),
    cell: (o) => formatDate(o.at),
    exportValue: (o) => formatDate(o.at),
  },
  {
    id: 'summary',
    header: 'What the Reconciliation Said',
    cell: (o) => sentence(o.summary),
    maxWidth: 420,
  },
];

/**
 * A validated batch's overrides (issue 39 point 1): each account validated without reconciling, with
 * its reason, who and when, and what the reconciliation said then.
 */
export function ValidationOverridesDialog({
  batch,
  onClose,
}: {
  batch: ValidationHistoryRow;
  onClose: () => void;
}) {
  const titleId = useId();
  const rows = batch.overrides.map((o, index) => ({ ...o, index }));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>
        Validated without reconciling: {batch.bankName} / {batch.accountName ?? '---'}
      </DialogTitle>
      <DialogContent>
        <DataTable
          title="Overrides"
          columns={COLUMNS}
          getRowId={(o) => o.index}
          getRowLabel={overrideAccountOf}
          mode={{ kind: 'client', rows }}
          exportFileName={false}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default ValidationOverridesDialog;
