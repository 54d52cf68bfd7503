import { lazy, Suspense, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { RowAction } from '../../components/data-table/data-table.types';
import { useCan } from '../../lib/use-can';
import type { IngestionTarget } from './data-ingestion.api';

// The dialog's form (react-hook-form, its resolver and schemas: about 14 KB compressed) loads when a Start
// Ingestion is clicked, not with the client profile or Banks administration (issue 21 "Speed").
const StartIngestionDialog = lazy(() =>
  import('./start-ingestion-dialog').then((m) => ({ default: m.StartIngestionDialog })),
);

export interface StartIngestionActions<Row> {
  rowActions: readonly RowAction<Row>[];
  /** The client-wide button, where there is one. */
  toolbarActions?: ReactNode;
  dialogs: ReactNode;
}

// clients-accounts-investments-reports.md 6: Start Ingestion is gated by START_REPORT.
const START = ['START_REPORT'] as const;

interface Options {
  defaults?: { startDate: string | null; endDate: string | null };
  onStarted?: () => unknown;
}

function useTargetDialog(options: Options) {
  const [target, setTarget] = useState<IngestionTarget | null>(null);
  const dialogs = target && (
    <Suspense fallback={null}>
      <StartIngestionDialog
        target={target}
        defaults={options.defaults}
        onStarted={options.onStarted}
        onClose={() => setTarget(null)}
      />
    </Suspense>
  );
  return { setTarget, dialogs };
}

/** The client's Banks tab: Start Ingestion per relationship (row) and for the whole client (toolbar). */
export function useClientIngestionActions(
  client: { clientId: number; clientName: string },
  options: Options = {},
): StartIngestionActions<BankClientRelationship> {
  const canStart = useCan(...START);
  const { setTarget, dialogs } = useTargetDialog(options);
  const rowActions: RowAction<BankClientRelationship>[] = [
    {
      label: 'Start Ingestion',
      permissions: START,
      onClick: (r) => setTarget({ kind: 'bank', bankClientRelId: r.bankClientRelId, name: r.bankName }),
    },
  ];
  const toolbarActions = canStart && (
    <Button
      variant="outlined"
      onClick={() => setTarget({ kind: 'client', clientId: client.clientId, name: client.clientName })}
    >
      Start Ingestion
    </Button>
  );
  return { rowActions, toolbarActions, dialogs };
}

/**
 * Banks administration: Start Ingestion for every client of the bank (the relationships the user may
 * see, each in its client's open report), e.g. once the bank's statements are available.
 */
export function useBankIngestionActions<Row extends { bankId: number; bankName: string }>(
  options: Options = {},
): StartIngestionActions<Row> {
  const { setTarget, dialogs } = useTargetDialog(options);
  const rowActions: RowAction<Row>[] = [
    {
      label: 'Start Ingestion',
      permissions: START,
      onClick: (bank) => setTarget({ kind: 'bank-clients', bankId: bank.bankId, name: bank.bankName }),
    },
  ];
  return { rowActions, dialogs };
}
