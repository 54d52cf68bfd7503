import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { ClientForm } from './client-form';

interface ClientFormDialogProps {
  /** The client to edit; none for 'Add New Client'. */
  client?: Client;
  onClose: () => void;
}

/** The Add/Edit Client dialog (clients-accounts-investments-reports.md 2, 5). */
export function ClientFormDialog({ client, onClose }: ClientFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{client ? 'Edit Client' : 'Add New Client'}</DialogTitle>
      <ClientForm client={client} onDone={onClose} />
    </Dialog>
  );
}
