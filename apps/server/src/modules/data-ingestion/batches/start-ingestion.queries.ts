import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import {
  accounts,
  bankClientRelationships,
  banks,
  batchAccounts,
  batches,
  clients,
  importTemplates,
} from '../../../db/schema';
import type { IngestibleAccount } from './plan-batches';

/** Relationships under `where` with their client and bank names, by client then bank. */
export function selectIngestionRelationships(db: DbOrTx, where: SQL) {
  return db
    .select({
      bankClientRelId: bankClientRelationships.bankClientRelId,
      clientId: bankClientRelationships.clientId,
      clientName: clients.clientName,
      bankId: bankClientRelationships.bankId,
      bankName: banks.bankName,
      status: bankClientRelationships.status,
    })
    .from(bankClientRelationships)
    .innerJoin(clients, eq(clients.clientId, bankClientRelationships.clientId))
    .innerJoin(banks, eq(banks.bankId, bankClientRelationships.bankId))
    .where(where)
    .orderBy(
      asc(sql`lower(${clients.clientName})`),
      asc(clients.clientId),
      asc(sql`lower(${banks.bankName})`),
      asc(bankClientRelationships.bankClientRelId),
    );
}

export type IngestionRelationship = Awaited<ReturnType<typeof selectIngestionRelationships>>[number];

/** The completed accounts of the client's relationships (an account belongs to one by its bank). */
export function selectIngestibleAccounts(
  db: DbOrTx,
  clientId: number,
  bankClientRelIds: readonly number[],
): Promise<IngestibleAccount[]> {
  return db
    .select({
      accountId: accounts.accountId,
      bankClientRelId: bankClientRelationships.bankClientRelId,
      accountType: accounts.accountType,
      accountClosed: accounts.accountClosed,
      accountDateClosed: accounts.accountDateClosed,
    })
    .from(accounts)
    .innerJoin(
      bankClientRelationships,
      and(
        eq(bankClientRelationships.clientId, accounts.clientId),
        eq(bankClientRelationships.bankId, accounts.bankId),
      ),
    )
    .where(
      and(
        eq(accounts.clientId, clientId),
        eq(accounts.isStaging, false),
        inArray(bankClientRelationships.bankClientRelId, [...bankClientRelIds]),
      ),
    )
    .orderBy(asc(accounts.accountId));
}

/** `${bankClientRelId}:${templateType}` of the report's batches. */
export async function selectBatchKeys(db: DbOrTx, openReportId: number): Promise<Set<string>> {
  const rows = await db
    .select({ relId: batches.bankClientRelId, type: batches.templateType })
    .from(batches)
    .where(eq(batches.openReportId, openReportId));
  return new Set(rows.map((r) => `${r.relId}:${r.type}`));
}

/** The first template of each relationship and type (Hybrid batches read each file with its own). */
export async function selectTemplateIds(
  db: DbOrTx,
  bankClientRelIds: readonly number[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      relId: importTemplates.bankClientRelId,
      type: importTemplates.type,
      id: importTemplates.templateId,
    })
    .from(importTemplates)
    .where(inArray(importTemplates.bankClientRelId, [...bankClientRelIds]))
    .orderBy(asc(importTemplates.templateId));
  const ids = new Map<string, number>();
  for (const r of rows) if (!ids.has(`${r.relId}:${r.type}`)) ids.set(`${r.relId}:${r.type}`, r.id);
  return ids;
}

export async function insertBatch(db: DbOrTx, values: typeof batches.$inferInsert) {
  const [row] = await db.insert(batches).values(values).returning();
  return row!;
}

export function insertBatchAccounts(db: DbOrTx, rows: (typeof batchAccounts.$inferInsert)[]) {
  return db.insert(batchAccounts).values(rows).returning({
    batchAccountId: batchAccounts.batchAccountId,
    accountId: batchAccounts.accountId,
    sectionType: batchAccounts.sectionType,
    statementMonths: batchAccounts.statementMonths,
  });
}
