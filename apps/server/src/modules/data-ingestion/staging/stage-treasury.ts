import type { TreasuryStatement } from '@tideline/ingest/treasury/parse-camt086';
import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { ECR_CONVERSION_FACTOR } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { stagingBalances, stagingFees } from '../../../db/schema';
import type { AccountTally } from './staging-writer';

// An account analysis statement (camt.086, ingestion.md step 2) into a Treasury batch's sections: its
// service charges into Fees, its balances and rates into Balance. The Account Balance section is not
// filled from camt.086, which states balances per statement, not per account of a group.

/** Rows of one section table per INSERT; an analysis statement has hundreds, not millions. */
const INSERT_ROWS = 1_000;

export type TreasuryStaging =
  | { ok: true; rowCount: number; accounts: Map<number, AccountTally> }
  | { ok: false; missingSection: TreasurySectionType };

/**
 * camt.086 states a rate in percent (0.45 is 0.45 %); staging keeps rates as fractions, which the
 * dialog shows x ECR_CONVERSION_FACTOR and an edit saves /100 (ingestion-analysis.md 3, 9).
 */
function percentToFraction(percent: string): string {
  const fraction = Number(percent) / ECR_CONVERSION_FACTOR;
  return Number.isFinite(fraction) ? String(Number(fraction.toFixed(10))) : percent;
}

export async function stageTreasuryStatements(
  tx: DbOrTx,
  refs: { clientId: number; batchId: number; batchFileId: number },
  statements: readonly TreasuryStatement[],
  sectionAccounts: ReadonlyMap<TreasurySectionType, number>,
): Promise<TreasuryStaging> {
  const fees = statements.flatMap((s) => s.fees);
  const balances = statements.flatMap((s) => s.balances);
  const feesAccount = sectionAccounts.get('Fees');
  const balanceAccount = sectionAccounts.get('Balance');
  if (fees.length > 0 && feesAccount === undefined) return { ok: false, missingSection: 'Fees' };
  if (balances.length > 0 && balanceAccount === undefined) return { ok: false, missingSection: 'Balance' };
  const feeRows = fees.map((f, i) => ({
    ...refs,
    batchAccountId: feesAccount!,
    rowNumber: i + 1,
    accountNumber: f.accountNumber,
    bankCategory: f.serviceType,
    description: f.description,
    bankCode: f.bankCode,
    afpCode: f.afpCode,
    unitPrice: f.unitPrice,
    volume: f.volume,
    amount: f.amount,
    currency: f.currency,
  }));
  const balanceRows = balances.map((b, i) => ({
    ...refs,
    batchAccountId: balanceAccount!,
    rowNumber: i + 1,
    accountNumber: b.accountNumber,
    afpCode: b.code,
    description: b.description,
    isRate: b.isRate,
    amount: b.isRate ? percentToFraction(b.amount) : b.amount,
  }));
  for (let at = 0; at < feeRows.length; at += INSERT_ROWS)
    await tx.insert(stagingFees).values(feeRows.slice(at, at + INSERT_ROWS));
  for (let at = 0; at < balanceRows.length; at += INSERT_ROWS)
    await tx.insert(stagingBalances).values(balanceRows.slice(at, at + INSERT_ROWS));
  const accounts = new Map<number, AccountTally>();
  const period = {
    minDate:
      statements
        .map((s) => s.fromDate)
        .filter((d): d is string => d !== null)
        .sort()[0] ?? null,
    maxDate:
      statements
        .map((s) => s.toDate)
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1) ?? null,
  };
  if (feeRows.length > 0) accounts.set(feesAccount!, { rows: feeRows.length, ...period });
  if (balanceRows.length > 0) accounts.set(balanceAccount!, { rows: balanceRows.length, ...period });
  return { ok: true, rowCount: feeRows.length + balanceRows.length, accounts };
}
