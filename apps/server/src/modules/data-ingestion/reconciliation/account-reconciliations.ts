import type { DuplicateCounts } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { findBooksOpeningDay, reconcileAccount, type AccountReconciliation } from './reconcile-account';
import { selectAccountFigures, selectBookedBalances } from './reconciliation.queries';

export interface AccountCheck extends AccountReconciliation {
  duplicates: DuplicateCounts;
}

const NONE: DuplicateCounts = { undecided: 0, kept: 0, dropped: 0 };

/** Each batch account's reconciliation and possible duplicates, as they stand now (issue 39). */
export async function checkBatchAccounts(
  db: DbOrTx,
  batchAccountIds: readonly number[],
): Promise<Map<number, AccountCheck>> {
  const figures = await selectAccountFigures(db, batchAccountIds);
  const openingDays = [...figures].flatMap(([batchAccountId, f]) => {
    const day = findBooksOpeningDay(f.statements);
    return day ? [{ batchAccountId, day }] : [];
  });
  const booked = await selectBookedBalances(db, openingDays);
  return new Map(
    batchAccountIds.map((id) => {
      const f = figures.get(id);
      const day = openingDays.find((d) => d.batchAccountId === id)?.day;
      const balance = booked.get(id);
      const checked = reconcileAccount(
        f?.statements ?? [],
        f?.rowsWithoutStatement ?? 0,
        day && balance !== undefined ? { day, balance } : undefined,
      );
      return [id, { ...checked, duplicates: f?.duplicates ?? NONE }];
    }),
  );
}

/** Whether Validate needs an override: the statements do not add up, or state nothing to check against. */
export const needsOverride = (check: AccountCheck) =>
  check.reconciliation.status === 'Not Reconciled' || check.reconciliation.status === 'Unstated';
