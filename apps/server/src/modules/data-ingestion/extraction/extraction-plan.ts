import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import type { DbOrTx } from '../../../db/open-database';
import { accounts, batchAccounts, batches, investmentTypes } from '../../../db/schema';
import { findStoredFile } from '../../files/files.service';
import { loadKeywordMatcher, type KeywordMatcher } from '../../settings/keyword-matcher';
import { findImportTemplates } from '../../templates/templates.service';
import type { BatchFileRow } from '../upload/batch-files.queries';

/** Everything one file's extraction needs, read before its transaction opens. */
export interface ExtractionPlan {
  file: BatchFileRow;
  source: { storageKey: string; sizeBytes: number | null };
  batch: typeof batches.$inferSelect;
  templates: ImportTemplate[];
  /** The client's account numbers: rows for any other fail the file (the engine checks). */
  clientAccountNumbers: string[];
  /** The batch's accounts by number, and (Treasury) its sections. */
  batchAccountByNumber: Map<string, number>;
  sectionAccounts: Map<TreasurySectionType, number>;
  keywordOf: KeywordMatcher;
  investmentTypeIdOf(name: string): number | null;
}

async function selectBatchAccounts(db: DbOrTx, batchId: number) {
  return db
    .select({
      batchAccountId: batchAccounts.batchAccountId,
      accountNumber: accounts.accountNumber,
      sectionType: batchAccounts.sectionType,
    })
    .from(batchAccounts)
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .where(eq(batchAccounts.batchId, batchId))
    .orderBy(batchAccounts.batchAccountId);
}

async function selectClientAccountNumbers(db: DbOrTx, clientId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.isStaging, false)));
  return rows.map((r) => r.accountNumber.trim());
}

async function loadInvestmentTypes(db: DbOrTx): Promise<(name: string) => number | null> {
  const rows = await db
    .select({ id: investmentTypes.investmentTypeId, name: investmentTypes.investmentTypeName })
    .from(investmentTypes)
    .where(and(eq(investmentTypes.status, 1), isNotNull(investmentTypes.investmentTypeName)))
    .orderBy(investmentTypes.investmentTypeId);
  const byName = new Map<string, number>();
  for (const r of rows)
    if (!byName.has(r.name.trim().toLowerCase())) byName.set(r.name.trim().toLowerCase(), r.id);
  return (name) => byName.get(name.trim().toLowerCase()) ?? null;
}

/** Null when the file's batch or stored source is gone (a batch deleted meanwhile): nothing to do. */
export async function loadExtractionPlan(db: DbOrTx, file: BatchFileRow): Promise<ExtractionPlan | null> {
  const [batch] = await db.select().from(batches).where(eq(batches.batchId, file.batchId));
  const source = await findStoredFile(db, file.fileId);
  if (!batch || !source) return null;
  const batchAccountRows = await selectBatchAccounts(db, batch.batchId);
  const batchAccountByNumber = new Map<string, number>();
  const sectionAccounts = new Map<TreasurySectionType, number>();
  for (const row of batchAccountRows) {
    if (row.accountNumber !== null) batchAccountByNumber.set(row.accountNumber.trim(), row.batchAccountId);
    if (row.sectionType !== null) sectionAccounts.set(row.sectionType, row.batchAccountId);
  }
  return {
    file,
    source: { storageKey: source.storageKey, sizeBytes: source.sizeBytes },
    batch,
    templates: await findImportTemplates(db, batch.bankClientRelId, file.templateType),
    clientAccountNumbers: await selectClientAccountNumbers(db, batch.clientId),
    batchAccountByNumber,
    sectionAccounts,
    keywordOf: await loadKeywordMatcher(db),
    investmentTypeIdOf: await loadInvestmentTypes(db),
  };
}

/** The client's account of a number, named for a message ("123 (Sweep)"), or the number alone. */
export async function describeAccountNumbers(
  db: DbOrTx,
  clientId: number,
  numbers: readonly string[],
): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ accountNumber: accounts.accountNumber, accountName: accounts.accountName })
    .from(accounts)
    .where(
      and(
        eq(accounts.clientId, clientId),
        sql`trim(${accounts.accountNumber}) = any(${sql.param([...numbers])}::text[])`,
      ),
    );
  return numbers.map((n) => {
    const named = rows.find((r) => r.accountNumber.trim() === n);
    return named ? `${n} (${named.accountName})` : n;
  });
}
