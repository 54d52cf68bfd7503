import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  COLLECTION_TYPES,
  DEFAULT_COLLECTION_TYPE,
  type CollectionType,
} from '@tideline/contracts/banks/bank-lists';
import { CLIENT_MSG, type BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import { MSG } from '@tideline/contracts/common/messages';
import { failureMessage } from '../../lib/api-messages';
import { useCreateRelationship, useUpdateRelationship } from './clients.mutations';
import { clientQueries } from './clients.queries';

const MENU_PROPS = { slotProps: { paper: { sx: { maxHeight: 200 } } } };

function CollectionTypeSelect({
  value,
  onChange,
}: {
  value: CollectionType;
  onChange: (value: CollectionType) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      label="Collection Type"
      value={value}
      onChange={(e) => onChange(e.target.value as CollectionType)}
      slotProps={{ select: { MenuProps: MENU_PROPS } }}
    >
      {COLLECTION_TYPES.map((t) => (
        <MenuItem key={t} value={t}>
          {t}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** 'Edit Client Bank Relationship' (spec 2, 4): status and collection type. */
export function EditRelationshipDialog({
  relationship,
  onClose,
}: {
  relationship: BankClientRelationship;
  onClose: () => void;
}) {
  const titleId = useId();
  const mutation = useUpdateRelationship();
  const [status, setStatus] = useState<0 | 1>(relationship.status);
  const [collectionType, setCollectionType] = useState<CollectionType>(relationship.collectionType);
  const save = () =>
    mutation.mutate(
      {
        clientId: relationship.clientId,
        bankClientRelId: relationship.bankClientRelId,
        bankClientRel: { status, collectionType },
      },
      {
        onSuccess: ({ msg }) => {
          enqueueSnackbar(msg ?? CLIENT_MSG.relationshipUpdated, { variant: 'success' });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(failureMessage(error, CLIENT_MSG.editStatusFailed), { variant: 'error' }),
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Edit Client Bank Relationship</DialogTitle>
      <DialogContent>
        <TextField fullWidth margin="normal" label="Bank Name" value={relationship.bankName} disabled />
        <TextField
          select
          fullWidth
          margin="normal"
          label="Status"
          value={status}
          onChange={(e) => setStatus(Number(e.target.value) === 1 ? 1 : 0)}
        >
          <MenuItem value={1}>Active</MenuItem>
          <MenuItem value={0}>Inactive</MenuItem>
        </TextField>
        <CollectionTypeSelect value={collectionType} onChange={setCollectionType} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={mutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Relates a bank to the client (ours: the spec shows no dialog; adding an account does it too). */
export function AddRelationshipDialog({
  clientId,
  related,
  onClose,
}: {
  clientId: number;
  related: readonly BankClientRelationship[];
  onClose: () => void;
}) {
  const titleId = useId();
  const banks = useQuery(clientQueries.bankOptions());
  const mutation = useCreateRelationship();
  const [bankId, setBankId] = useState<number | ''>('');
  const [collectionType, setCollectionType] = useState<CollectionType>(DEFAULT_COLLECTION_TYPE);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const relatedIds = new Set(related.map((r) => r.bankId));
  const choices = (banks.data ?? []).filter((b) => !relatedIds.has(b.bankId));
  const save = () => {
    setIsSubmitted(true);
    if (bankId === '') return;
    mutation.mutate(
      { clientId, bankId, collectionType },
      {
        onSuccess: ({ msg }) => {
          enqueueSnackbar(msg ?? CLIENT_MSG.relationshipCreated, { variant: 'success' });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(failureMessage(error, CLIENT_MSG.editStatusFailed), { variant: 'error' }),
      },
    );
  };
  const bankError = isSubmitted && bankId === '' ? MSG.required : undefined;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Add Bank Relationship</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="normal"
          label="Bank"
          autoFocus
          value={bankId}
          onChange={(e) => setBankId(Number(e.target.value))}
          error={Boolean(bankError)}
          helperText={
            bankError ??
            (banks.isSuccess && choices.length === 0 ? 'Every bank is related already.' : undefined)
          }
          slotProps={{ select: { MenuProps: MENU_PROPS } }}
        >
          {choices.map((b) => (
            <MenuItem key={b.bankId} value={b.bankId}>
              {b.bankName}
            </MenuItem>
          ))}
        </TextField>
        <CollectionTypeSelect value={collectionType} onChange={setCollectionType} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} loading={mutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
