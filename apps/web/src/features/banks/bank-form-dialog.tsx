import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { Bank } from '@tideline/contracts/banks/banks.schemas';
import { BankForm } from './bank-form';

/** The Add/Edit Bank dialog (clients-accounts-investments-reports.md 2, 5). */
export function BankFormDialog({ bank, onClose }: { bank?: Bank; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{bank ? 'Edit Bank' : 'Add New Bank'}</DialogTitle>
      <BankForm bank={bank} onDone={onClose} />
    </Dialog>
  );
}
