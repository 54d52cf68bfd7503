import type { Extraction } from '@tideline/ingest/extract-file';
import type { Statement } from '@tideline/ingest/formats/statement';
import type { StagedStatement } from '../staging/stage-file.queries';
import type { AccountTally } from '../staging/staging-writer';
import type { ExtractionPlan } from './extraction-plan';

// Issue 39 point 1: what each statement of a file states, kept per batch account so that the
// reconciliation can add the staged rows up against it (reconciliation/reconcile-account.ts).

type AccountStatements = Extract<Extraction, { kind: 'transactions' }>['accountStatements'];

/**
 * A statement with neither balances nor entries (an investment statement of positions only) has
 * nothing to reconcile; kept, it would make its account Unstated.
 */
export const isReconcilable = (s: StagedStatement) =>
  s.openingBalance !== null || s.closingBalance !== null || s.entryCount > 0;

/** A bank format's statement: its own balances and period. */
export function toStagedStatement(
  batchAccountId: number,
  statementIndex: number,
  s: Statement,
): StagedStatement {
  return {
    batchAccountId,
    statementIndex,
    statementRef: s.statementId ?? null,
    fromDate: s.fromDate ?? null,
    toDate: s.toDate ?? null,
    openingBalance: s.openingBalance ?? null,
    closingBalance: s.closingBalance ?? null,
    balanceSource: 'statement',
    entryCount: s.transactionsHandedOn ?? s.transactions.length,
  };
}

/**
 * A template-read file: one statement per account, its balances from the template's balance column
 * or the balances the file states in its title or footer rows, when it has either.
 */
export function toTemplateStatements(
  statements: AccountStatements,
  plan: Pick<ExtractionPlan, 'batchAccountByNumber'>,
  tallies: ReadonlyMap<number, AccountTally>,
): StagedStatement[] {
  return statements.flatMap((a, statementIndex) => {
    const batchAccountId = plan.batchAccountByNumber.get(a.accountNumber.trim());
    if (batchAccountId === undefined) return [];
    return [
      {
        batchAccountId,
        statementIndex,
        statementRef: null,
        fromDate: a.fromDate ?? null,
        toDate: a.toDate ?? null,
        openingBalance: a.openingBalance ?? null,
        closingBalance: a.closingBalance ?? null,
        balanceSource: a.balanceSource,
        entryCount: tallies.get(batchAccountId)?.rows ?? 0,
      },
    ];
  });
}
