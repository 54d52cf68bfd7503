import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import {
  bankLevelExceptions,
  batchAccounts,
  batches,
  batchFiles,
  clientLevelExceptions,
  feeCategories,
  feeSubCategories,
  stagingAccountBalances as sab,
  stagingBalances as sb,
  stagingFees as sf,
  standardizedDescriptions,
} from '../../db/schema';
import type { TreasurySection } from './treasury-sections';

// ingestion-analysis.md 7 "Treasury services": the SQL of the treasury staging dialog's lists and changes.

const bigints = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;

/** The batch if `visible` lets it through, with whether it was validated (promoted). */
export async function selectBatch(db: DbOrTx, batchId: number, visible: SQL | undefined) {
  const [row] = await db
    .select({ batchId: batches.batchId, clientId: batches.clientId, validatedAt: batches.validatedAt })
    .from(batches)
    .where(and(eq(batches.batchId, batchId), visible));
  return row ?? null;
}

/** The batch's batch account of the section type; locked when a change of its rows follows. */
export async function selectSectionAccount(
  db: DbOrTx,
  batchId: number,
  section: TreasurySection,
  isLocking: boolean,
) {
  const query = db
    .select({
      batchAccountId: batchAccounts.batchAccountId,
      clientId: batchAccounts.clientId,
      status: batchAccounts.status,
    })
    .from(batchAccounts)
    .where(and(eq(batchAccounts.batchId, batchId), eq(batchAccounts.sectionType, section.sectionType)))
    .$dynamic();
  const [row] = await (isLocking ? query.for('update') : query);
  return row ?? null;
}

export type SectionAccount = NonNullable<Awaited<ReturnType<typeof selectSectionAccount>>>;

/** Which of `ids` are rows of the section's batch account. */
export async function selectIdsInAccount(
  db: DbOrTx,
  section: TreasurySection,
  batchAccountId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const { rows } = await db.execute(sql`select ${sql.identifier(section.idColumn)}::int as id
    from ${sql.identifier(section.tableName)}
    where batch_account_id = ${batchAccountId} and ${sql.identifier(section.idColumn)} = any(${bigints(ids)})`);
  return new Set((rows as { id: number }[]).map((r) => Number(r.id)));
}

/** Sets Validated? on the rows whose flag differs; answers the ids that changed. */
export async function updateValidationStatus(
  db: DbOrTx,
  section: TreasurySection,
  ids: readonly number[],
  isValidated: boolean,
): Promise<number[]> {
  const { rows } = await db.execute(sql`update ${sql.identifier(section.tableName)}
    set validation_status = ${isValidated}
    where ${sql.identifier(section.idColumn)} = any(${bigints(ids)}) and validation_status <> ${isValidated}
    returning ${sql.identifier(section.idColumn)}::int as id`);
  return (rows as { id: number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Deletes the rows, keeping the per-file row counts of batch_account_files right; answers what went. */
/** The section's books: where its promoted rows went, each keeping its staging row's id. */
const BOOKS = {
  staging_fees: 'fees',
  staging_balances: 'balances',
  staging_account_balances: 'account_balances',
} as const;

/** How many of the rows are in the books (issue 39 point 4: they no longer change in staging). */
export async function countBookedRows(db: DbOrTx, section: TreasurySection, ids: readonly number[]) {
  const { rows } =
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(BOOKS[section.tableName])}
    where ${sql.identifier(section.idColumn)} = any(${bigints(ids)})`);
  return (rows[0] as { n: number }).n;
}

export async function deleteSectionRows(db: DbOrTx, section: TreasurySection, ids: readonly number[]) {
  const { rows } = await db.execute(sql`with gone as (
      delete from ${sql.identifier(section.tableName)}
      where ${sql.identifier(section.idColumn)} = any(${bigints(ids)})
      returning ${sql.identifier(section.idColumn)}::int as id, client_id, batch_account_id, batch_file_id,
        row_number, description, amount, validation_status),
    tally as (select batch_account_id, batch_file_id, count(*)::int as n from gone
      group by batch_account_id, batch_file_id),
    counted as (update batch_account_files baf set row_count = greatest(baf.row_count - tally.n, 0)
      from tally
      where baf.batch_account_id = tally.batch_account_id and baf.batch_file_id = tally.batch_file_id)
    select id, client_id as "clientId", batch_file_id as "batchFileId", row_number as "rowNumber",
      description, amount, validation_status as "validationStatus"
    from gone order by id`);
  return rows as {
    id: number;
    clientId: number;
    batchFileId: number;
    rowNumber: number;
    description: string;
    amount: string | null;
    validationStatus: boolean;
  }[];
}

// The lists: one analysis statement's section, in file order.

export function selectStagingFees(db: DbOrTx, batchAccountId: number) {
  return db
    .select({
      row: sf,
      fileName: batchFiles.uploadedFileName,
      categoryId: feeCategories.categoryId,
      subCategoryId: feeSubCategories.subCategoryId,
      bankLevelExceptionId: bankLevelExceptions.bankLevelExceptionId,
      clientLevelExceptionId: clientLevelExceptions.clientLevelExceptionId,
    })
    .from(sf)
    .innerJoin(batchFiles, eq(batchFiles.batchFileId, sf.batchFileId))
    .leftJoin(feeCategories, eq(feeCategories.name, sf.category))
    .leftJoin(
      feeSubCategories,
      and(
        eq(feeSubCategories.categoryId, feeCategories.categoryId),
        eq(feeSubCategories.name, sf.subCategory),
      ),
    )
    .leftJoin(bankLevelExceptions, eq(bankLevelExceptions.name, sf.bankLevelException))
    .leftJoin(clientLevelExceptions, eq(clientLevelExceptions.name, sf.clientLevelException))
    .where(eq(sf.batchAccountId, batchAccountId))
    .orderBy(asc(sf.batchFileId), asc(sf.rowNumber), asc(sf.stagingFeeId));
}

export function selectStagingBalances(db: DbOrTx, batchAccountId: number) {
  return db
    .select({
      row: sb,
      fileName: batchFiles.uploadedFileName,
      standardDescriptionId: standardizedDescriptions.standardDescriptionId,
    })
    .from(sb)
    .innerJoin(batchFiles, eq(batchFiles.batchFileId, sb.batchFileId))
    .leftJoin(standardizedDescriptions, eq(standardizedDescriptions.name, sb.standardizedDescription))
    .where(eq(sb.batchAccountId, batchAccountId))
    .orderBy(asc(sb.batchFileId), asc(sb.rowNumber), asc(sb.stagingBalanceId));
}

export function selectStagingAccountBalances(db: DbOrTx, batchAccountId: number) {
  return db
    .select({
      row: sab,
      fileName: batchFiles.uploadedFileName,
      standardDescriptionId: standardizedDescriptions.standardDescriptionId,
    })
    .from(sab)
    .innerJoin(batchFiles, eq(batchFiles.batchFileId, sab.batchFileId))
    .leftJoin(standardizedDescriptions, eq(standardizedDescriptions.name, sab.standardizedDescription))
    .where(eq(sab.batchAccountId, batchAccountId))
    .orderBy(asc(sab.batchFileId), asc(sab.rowNumber), asc(sab.stagingAccountBalanceId));
}

// The edits: rows read under the section account's lock, then written.

export function selectFeesByIds(db: DbOrTx, ids: readonly number[]) {
  return db
    .select()
    .from(sf)
    .where(inArray(sf.stagingFeeId, [...ids]))
    .orderBy(sf.stagingFeeId);
}

export async function selectBalanceById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(sb).where(eq(sb.stagingBalanceId, id));
  return row!;
}

export async function selectAccountBalanceById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(sab).where(eq(sab.stagingAccountBalanceId, id));
  return row!;
}

type FeeEdit = Partial<
  Pick<
    typeof sf.$inferInsert,
    'category' | 'subCategory' | 'unitPrice' | 'bankLevelException' | 'clientLevelException'
  >
>;

export async function updateFees(db: DbOrTx, ids: readonly number[], values: FeeEdit) {
  await db
    .update(sf)
    .set(values)
    .where(inArray(sf.stagingFeeId, [...ids]));
}

export async function updateBalance(
  db: DbOrTx,
  id: number,
  values: Pick<typeof sb.$inferInsert, 'standardizedDescription' | 'amount' | 'amounts'>,
) {
  await db.update(sb).set(values).where(eq(sb.stagingBalanceId, id));
}

export async function updateAccountBalance(
  db: DbOrTx,
  id: number,
  values: Pick<typeof sab.$inferInsert, 'amount' | 'amounts'>,
) {
  await db.update(sab).set(values).where(eq(sab.stagingAccountBalanceId, id));
}
