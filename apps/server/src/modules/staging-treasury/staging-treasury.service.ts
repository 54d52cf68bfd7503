import {
  isRateRow,
  STAGING_TREASURY_MSG,
  type AmountPair,
  type StagingAccountBalanceList,
  type StagingBalanceList,
  type StagingFeeList,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { DbOrTx } from '../../db/open-database';
import { batches } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { notFound } from '../../platform/http/app-error';
import * as q from './staging-treasury.queries';
import { TREASURY_SECTIONS, type TreasurySection } from './treasury-sections';

// ingestion-analysis.md 2 "Treasury staging dialog", 3: the three sections of a batch's analysis
// statement as the dialog reads them. One statement is small, so each list is whole; the web pages it.

/** The header a statement stating one figure per line (camt.086) shows its amounts (and volumes) under. */
export const SINGLE_AMOUNT_HEADER = 'Amount';

const toNumber = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * The row's dynamic columns: its own headers and pairs, or for a row without headers the single
 * 'Amount' column holding the scalar figure.
 */
export function presentColumns(
  headers: readonly string[],
  pairs: readonly [number | null, string | null][],
  scalar: string | null,
): { headers: string[]; amounts: AmountPair[] } {
  if (headers.length > 0) return { headers: [...headers], amounts: pairs.map(([i, v]) => [i, toNumber(v)]) };
  return { headers: [SINGLE_AMOUNT_HEADER], amounts: [[0, toNumber(scalar)]] };
}

const validationStatus = (v: boolean) => (v ? 'Yes' : 'No') as 'Yes' | 'No';

/** The batch (404 when missing or another client's) and its section's batch account, if any. */
async function openSection(db: DbOrTx, user: CurrentUser, batchId: number, section: TreasurySection) {
  const batch = await q.selectBatch(db, batchId, whereClientVisible(user, batches.clientId));
  if (!batch) throw notFound(STAGING_TREASURY_MSG.batchNotFound);
  const account = await q.selectSectionAccount(db, batchId, section, false);
  const batchAccount = account ? { batchAccountId: account.batchAccountId, status: account.status } : null;
  return { batchAccount, msg: STAGING_TREASURY_MSG.loaded, batchId };
}

/** GET /fees/staging/{batchId}. */
export async function listStagingFees(
  db: DbOrTx,
  user: CurrentUser,
  batchId: number,
): Promise<StagingFeeList> {
  const head = await openSection(db, user, batchId, TREASURY_SECTIONS.fee);
  if (!head.batchAccount) return { ...head, results: [], resultCount: 0 };
  const rows = await q.selectStagingFees(db, head.batchAccount.batchAccountId);
  const results = rows.map(({ row: r, ...names }) => {
    const { headers, amounts } = presentColumns(r.headers, r.amounts, r.amount);
    const volumes =
      r.headers.length > 0 ? presentColumns(r.headers, r.volumes, null).amounts : [[0, toNumber(r.volume)]];
    return {
      stagingFeeId: r.stagingFeeId,
      batchId: r.batchId,
      batchAccountId: r.batchAccountId,
      fileName: names.fileName,
      rowNumber: r.rowNumber,
      headers,
      amounts,
      volumes: volumes as AmountPair[],
      validationStatus: validationStatus(r.validationStatus),
      accountNumber: r.accountNumber,
      bankCategory: r.bankCategory,
      description: r.description,
      bankCode: r.bankCode,
      afpCode: r.afpCode,
      category: r.category,
      categoryId: names.categoryId,
      subCategory: r.subCategory,
      subCategoryId: names.subCategoryId,
      bankLevelException: r.bankLevelException,
      bankLevelExceptionId: names.bankLevelExceptionId,
      clientLevelException: r.clientLevelException,
      clientLevelExceptionId: names.clientLevelExceptionId,
      unitPrice: toNumber(r.unitPrice),
      currency: r.currency,
    };
  });
  return { ...head, results, resultCount: results.length };
}

/** GET /balances/staging/{batchId}. */
export async function listStagingBalances(
  db: DbOrTx,
  user: CurrentUser,
  batchId: number,
): Promise<StagingBalanceList> {
  const head = await openSection(db, user, batchId, TREASURY_SECTIONS.balance);
  if (!head.batchAccount) return { ...head, results: [], resultCount: 0 };
  const rows = await q.selectStagingBalances(db, head.batchAccount.batchAccountId);
  const results = rows.map(({ row: r, fileName, standardDescriptionId }) => ({
    stagingBalanceId: r.stagingBalanceId,
    id: r.stagingBalanceId,
    batchId: r.batchId,
    batchAccountId: r.batchAccountId,
    fileName,
    rowNumber: r.rowNumber,
    ...presentColumns(r.headers, r.amounts, r.amount),
    volumes: r.volumes.map(([i, v]): AmountPair => [i, toNumber(v)]),
    validationStatus: validationStatus(r.validationStatus),
    accountNumber: r.accountNumber,
    afpCode: r.afpCode,
    description: r.description,
    standardizedDescription: r.standardizedDescription,
    standardDescriptionId,
    isRate: r.isRate || isRateRow(r.description),
  }));
  return { ...head, results, resultCount: results.length };
}

/** GET /account-balances/staging/{batchId}. */
export async function listStagingAccountBalances(
  db: DbOrTx,
  user: CurrentUser,
  batchId: number,
): Promise<StagingAccountBalanceList> {
  const head = await openSection(db, user, batchId, TREASURY_SECTIONS.accountBalance);
  if (!head.batchAccount) return { ...head, results: [], resultCount: 0 };
  const rows = await q.selectStagingAccountBalances(db, head.batchAccount.batchAccountId);
  const results = rows.map(({ row: r, fileName, standardDescriptionId }) => ({
    stagingAccountBalanceId: r.stagingAccountBalanceId,
    batchId: r.batchId,
    batchAccountId: r.batchAccountId,
    fileName,
    rowNumber: r.rowNumber,
    ...presentColumns(r.headers, r.amounts, r.amount),
    validationStatus: validationStatus(r.validationStatus),
    accountNumber: r.accountNumber,
    afpCode: r.afpCode,
    description: r.description,
    standardizedDescription: r.standardizedDescription,
    standardDescriptionId,
    isRate: r.isRate || isRateRow(r.description),
  }));
  return { ...head, results, resultCount: results.length };
}
