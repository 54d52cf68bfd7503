import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import {
  batchAccounts,
  batches,
  batchFiles,
  investmentTypes,
  stagingInvestments as si,
} from '../../db/schema';
import type { CompiledListQuery } from '../../platform/paging/paged-list';
import { deleteStagingRowsKeepingCounts } from '../data-ingestion/staging/staging-rows.queries';
import {
  daysUntilMaturityOf,
  interestAtMaturityOf,
  liquidityLevelOf,
  premiumDiscountOf,
} from '../investments/investment-fields';

// ingestion-analysis.md 7 "Staging investments": the SQL of the staging investments list and its changes.

/** The chosen type, else the type the file named (names are unique regardless of case). */
const typeOn = sql`${investmentTypes.investmentTypeId} = coalesce(${si.investmentTypeId},
  (select t.investment_type_id from investment_types t
    where lower(t.investment_type_name) = lower(${si.investmentTypeName})))`;

/** Computed as for investments (investment-fields.ts), from the staged row's own terms. */
export const stagingInvestmentDerived = {
  investmentTypeId: investmentTypes.investmentTypeId,
  investmentTypeName: sql<string>`coalesce(${investmentTypes.investmentTypeName}, ${si.investmentTypeName})`,
  daysUntilMaturity: daysUntilMaturityOf(si),
  interestAtMaturity: interestAtMaturityOf(si),
  premiumDiscount: premiumDiscountOf(si),
  liquidityLevel: liquidityLevelOf(si),
  validationStatus: sql<'Yes' | 'No'>`(case when ${si.validationStatus} then 'Yes' else 'No' end)`,
};

const stagingInvestmentFields = {
  stagingInvestmentId: si.stagingInvestmentId,
  clientId: si.clientId,
  batchAccountId: si.batchAccountId,
  faceValue: si.faceValue,
  maturityDate: si.maturityDate,
  fund: si.fund,
  interestRate: si.interestRate,
  investmentId: si.marketIdentifier,
  couponRate: si.couponRate,
  callDate: si.callDate,
  settlementDate: si.settlementDate,
  settlementAmount: si.settlementAmount,
  fileName: batchFiles.uploadedFileName,
  rowNumber: si.rowNumber,
  ...stagingInvestmentDerived,
};

function selectRows(db: DbOrTx) {
  return db
    .select(stagingInvestmentFields)
    .from(si)
    .innerJoin(batchFiles, eq(batchFiles.batchFileId, si.batchFileId))
    .leftJoin(investmentTypes, typeOn)
    .$dynamic();
}

export type StagingInvestmentRow = Awaited<ReturnType<typeof selectRows>>[number];

export function selectStagingInvestmentPage(db: DbOrTx, page: CompiledListQuery) {
  return selectRows(db)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

export async function selectStagingInvestmentCounts(
  db: DbOrTx,
  fields: { totalCount: SQL<number>; resultCount: SQL<number> },
  where: SQL | undefined,
): Promise<{ totalCount: number; resultCount: number }[]> {
  return db
    .select(fields)
    .from(si)
    .innerJoin(batchFiles, eq(batchFiles.batchFileId, si.batchFileId))
    .leftJoin(investmentTypes, typeOn)
    .where(where);
}

export const whereBatchAccount = (batchAccountId: number) => eq(si.batchAccountId, batchAccountId);

export async function selectStagingInvestmentById(db: DbOrTx, id: number, visible?: SQL) {
  const [row] = await selectRows(db).where(and(eq(si.stagingInvestmentId, id), visible));
  return row ?? null;
}

/** The rows among `ids` that `visible` lets through, locked, with their batch account's and batch's state. */
export function lockStagingInvestments(db: DbOrTx, ids: readonly number[], visible?: SQL) {
  return db
    .select({
      row: si,
      status: batchAccounts.status,
      batchValidatedAt: batches.validatedAt,
      isBooked: sql<boolean>`exists (select 1 from investments b
        where b.staging_investment_id = ${si.stagingInvestmentId})`,
    })
    .from(si)
    .innerJoin(batchAccounts, eq(batchAccounts.batchAccountId, si.batchAccountId))
    .innerJoin(batches, eq(batches.batchId, si.batchId))
    .where(and(inArray(si.stagingInvestmentId, [...ids]), visible))
    .orderBy(si.stagingInvestmentId)
    .for('update', { of: si });
}

export type StagingInvestmentValues = typeof si.$inferSelect;
export type StagingInvestmentChanges = Pick<
  typeof si.$inferInsert,
  | 'faceValue'
  | 'maturityDate'
  | 'investmentTypeId'
  | 'investmentTypeName'
  | 'fund'
  | 'interestRate'
  | 'marketIdentifier'
  | 'couponRate'
  | 'callDate'
  | 'settlementDate'
  | 'settlementAmount'
>;

export async function updateStagingInvestment(db: DbOrTx, id: number, values: StagingInvestmentChanges) {
  const [row] = await db.update(si).set(values).where(eq(si.stagingInvestmentId, id)).returning();
  return row!;
}

/** How many of the rows are in the books (an investment carries their staging id). */
export async function countBookedInvestments(db: DbOrTx, ids: readonly number[]): Promise<number> {
  const { rows } = await db.execute(sql`select count(*)::int as n from investments
    where staging_investment_id = any(${sql.param([...ids])}::bigint[])`);
  return (rows[0] as { n: number }).n;
}

/** Which of `ids` are rows of the batch account. */
export async function selectIdsInBatchAccount(
  db: DbOrTx,
  batchAccountId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ id: si.stagingInvestmentId })
    .from(si)
    .where(and(eq(si.batchAccountId, batchAccountId), inArray(si.stagingInvestmentId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Sets Validated? on the rows whose flag differs; answers the ids that changed. */
export async function updateValidationStatus(
  db: DbOrTx,
  ids: readonly number[],
  isValidated: boolean,
): Promise<number[]> {
  const rows = await db
    .update(si)
    .set({ validationStatus: isValidated })
    .where(and(inArray(si.stagingInvestmentId, [...ids]), sql`${si.validationStatus} <> ${isValidated}`))
    .returning({ id: si.stagingInvestmentId });
  return rows.map((r) => r.id);
}

/** Deletes the rows, keeping the per-file row counts of batch_account_files right. */
export function deleteStagingInvestments(db: DbOrTx, ids: readonly number[]): Promise<void> {
  return deleteStagingRowsKeepingCounts(db, 'staging_investments', 'staging_investment_id', ids);
}

export type LockedStagingInvestment = Awaited<ReturnType<typeof lockStagingInvestments>>[number];
