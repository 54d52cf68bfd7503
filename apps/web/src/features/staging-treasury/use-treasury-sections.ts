import { useQuery } from '@tanstack/react-query';
import type {
  StagingAccountBalance,
  StagingBalance,
  StagingFee,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { useCan } from '../../lib/use-can';
import { stagingTreasuryQueries } from './staging-treasury.queries';
import { needsValidation } from '../../lib/staging-rows';

export type TreasurySection =
  | { type: 'Balance'; rows: StagingBalance[] }
  | { type: 'Fees'; rows: StagingFee[] }
  | { type: 'Account Balance'; rows: StagingAccountBalance[] };

export interface TreasurySections {
  /** The sections of the given batch accounts the user may view, in the spec's order. */
  sections: TreasurySection[];
  isLoading: boolean;
  /** Spec 4: any row No; undefined while loading. */
  needsValidation: boolean | undefined;
  /** Spec 2: the most dynamic amount columns of a shown section (the first row's headers). */
  amountCount: number;
}

/**
 * Spec 2: a Treasury batch has one batch account per section type (Balance, Fees, Account Balance); the
 * dialog shows the sections of the batch accounts it was opened on. Each list names its batch account.
 */
export function useTreasurySections(batchId: number, batchAccountIds: readonly number[]): TreasurySections {
  const canViewBalances = useCan('VIEW_STAGING_BALANCES');
  const canViewFees = useCan('VIEW_STAGING_FEES');
  const canViewAccountBalances = useCan('VIEW_STAGING_ACCOUNT_BALANCES');
  const balances = useQuery({ ...stagingTreasuryQueries.balances(batchId), enabled: canViewBalances });
  const fees = useQuery({ ...stagingTreasuryQueries.fees(batchId), enabled: canViewFees });
  const accountBalances = useQuery({
    ...stagingTreasuryQueries.accountBalances(batchId),
    enabled: canViewAccountBalances,
  });

  const lists = [
    { type: 'Balance' as const, query: balances, canView: canViewBalances },
    { type: 'Fees' as const, query: fees, canView: canViewFees },
    { type: 'Account Balance' as const, query: accountBalances, canView: canViewAccountBalances },
  ];
  const isLoading = lists.some((l) => l.canView && l.query.isPending && !l.query.isError);
  const sections = lists.flatMap(({ type, query }): TreasurySection[] => {
    const account = query.data?.batchAccount;
    if (!query.data || !account || !batchAccountIds.includes(account.batchAccountId)) return [];
    return [{ type, rows: query.data.results } as TreasurySection];
  });
  const allRows = sections.flatMap((s): { validationStatus: 'Yes' | 'No' }[] => s.rows);
  return {
    sections,
    isLoading,
    needsValidation: isLoading || sections.length === 0 ? undefined : needsValidation(allRows),
    amountCount: Math.max(0, ...sections.map((s) => s.rows[0]?.headers.length ?? 0)),
  };
}
