import { useState, type ReactNode } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import { BANK_LINK_MSG, UNLINKED_COLLECTION_TYPE } from '@tideline/contracts/bank-links/bank-links.schemas';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { RowAction } from '../../components/data-table/data-table.types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { LinkStepError, useLinkBank, useRemovePlaidLink, type LinkMode } from './bank-links.mutations';

export interface BankLinkActions {
  rowActions: readonly RowAction<BankClientRelationship>[];
  /** The Remove Plaid Link confirmation, rendered beside the table. */
  dialogs: ReactNode;
}

// Spec 4 "Bank-link connection": a bank that is not Plaid offers Create Plaid Link, a Plaid bank
// offers Update and Remove; all three need ADD_USERS (spec 6).
const LINK_PERMISSION = ['ADD_USERS'] as const;
const isPlaid = (r: BankClientRelationship) => r.collectionType === 'Plaid';

/** The Plaid link actions of the client's Banks tab, composed into its table by the page. */
export function useBankLinkActions(): BankLinkActions {
  const link = useLinkBank();
  const remove = useRemovePlaidLink();
  const [removing, setRemoving] = useState<BankClientRelationship | null>(null);

  const startLink = (relationship: BankClientRelationship, mode: LinkMode) =>
    link.mutate(
      { relationship, mode },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'linked') {
            const text = mode === 'update' ? BANK_LINK_MSG.linkUpdated : answer.result.msg;
            enqueueSnackbar(text, { variant: 'success' });
          } else if (answer.message) {
            enqueueSnackbar(answer.message, { variant: 'error' });
          }
        },
        onError: (error) => {
          const text =
            error instanceof LinkStepError
              ? failureMessage(error.reason, error.fallback)
              : BANK_LINK_MSG.linkFailed;
          enqueueSnackbar(text, { variant: 'error' });
        },
      },
    );

  const confirmRemove = (relationship: BankClientRelationship) =>
    remove.mutate(relationship, {
      onSuccess: ({ msg }) => {
        enqueueSnackbar(msg || BANK_LINK_MSG.removed, { variant: 'success' });
        setRemoving(null);
      },
      onError: (error) =>
        enqueueSnackbar(failureMessage(error, BANK_LINK_MSG.removeFailed), { variant: 'error' }),
    });

  const rowActions: RowAction<BankClientRelationship>[] = [
    {
      label: 'Create Plaid Link',
      permissions: LINK_PERMISSION,
      hidden: isPlaid,
      disabled: () => link.isPending,
      onClick: (r) => startLink(r, 'create'),
    },
    {
      label: 'Update Plaid Link',
      permissions: LINK_PERMISSION,
      hidden: (r) => !isPlaid(r),
      disabled: () => link.isPending,
      onClick: (r) => startLink(r, 'update'),
    },
    {
      label: 'Remove Plaid Link',
      permissions: LINK_PERMISSION,
      hidden: (r) => !isPlaid(r),
      onClick: setRemoving,
    },
  ];

  const dialogs = (
    <ConfirmDialog
      open={removing !== null}
      title="Remove Plaid Link"
      message={
        removing &&
        `Remove the Plaid link of ${removing.bankName}? Plaid stops sharing its transactions, and the bank goes back to ${UNLINKED_COLLECTION_TYPE}.`
      }
      confirmLabel="Remove"
      isDestructive
      isPending={remove.isPending}
      onConfirm={() => removing && confirmRemove(removing)}
      onCancel={() => setRemoving(null)}
    />
  );
  return { rowActions, dialogs };
}
