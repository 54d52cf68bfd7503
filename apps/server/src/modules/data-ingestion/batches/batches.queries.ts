import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { BATCH_STATUS } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { DbOrTx } from '../../../db/open-database';
import {
  bankClientRelationships,
  banks,
  batches,
  clients,
  importTemplates,
  openReports,
} from '../../../db/schema';

// Subqueries below bind to the outer batch row, so they name it by hand ("batches").

/**
 * The open batches of the open report in the outer query (select from open_reports). platform.md 4.5:
 * a batch is open while one of its accounts is neither Validated nor Ignored, and a batch without
 * accounts (an empty list) counts as open too. The outer row is named by hand: in a query on
 * open_reports alone Drizzle leaves its columns unqualified, and the subquery's own batch would match.
 */
export const openBatchCountOfReport = sql<number>`(select count(*)::int from batches b
  where b.open_report_id = "open_reports"."open_report_id"
    and (not exists (select 1 from batch_accounts ba where ba.batch_id = b.batch_id)
      or exists (select 1 from batch_accounts ba where ba.batch_id = b.batch_id
        and ba.status not in ('Validated', 'Ignored'))))`;

/** Files uploaded to the batch and not replaced: the '# of Files' column. */
const numberOfFiles = sql<number>`(select count(*)::int from batch_files f
  where f.batch_id = "batches"."batch_id" and f.status <> 'Replaced')`;

/** Files queued or being read (a partial index holds exactly these). */
const inProgressCount = sql<number>`(select count(*)::int from batch_files f
  where f.client_id = "batches"."client_id" and f.batch_id = "batches"."batch_id"
    and f.status in ('Queued', 'In Progress'))`;

/** Files whose extraction failed and that wait for a template, a retry or their removal. */
const failedCount = sql<number>`(select count(*)::int from batch_files f
  where f.batch_id = "batches"."batch_id" and f.status = 'Failed')`;

const batchStatus = sql<string>`case
  when "batches"."validated_at" is not null then ${BATCH_STATUS.validated}
  when ${numberOfFiles} = 0 then ${BATCH_STATUS.notStarted}
  when ${failedCount} > 0 then ${BATCH_STATUS.extractionFailed}
  else ${BATCH_STATUS.inProgress} end`;

const clientBatchFields = {
  batchId: batches.batchId,
  openReportId: batches.openReportId,
  clientId: batches.clientId,
  clientName: clients.clientName,
  bankClientRelId: batches.bankClientRelId,
  bankId: banks.bankId,
  bankName: banks.bankName,
  templateId: batches.templateId,
  templateType: batches.templateType,
  // A Treasury batch covers the account group its template names; the others list their accounts.
  accountName: sql<string | null>`case when "batches"."template_type" = 'Treasury'
    then ${importTemplates.jsonTransform} ->> 'accountGroupName'
    else (select string_agg(a.account_name, ', ' order by lower(a.account_name), a.account_id)
      from batch_accounts ba join accounts a on a.account_id = ba.account_id
      where ba.batch_id = "batches"."batch_id") end`,
  accountCount: sql<number>`(select count(*)::int from batch_accounts ba
    where ba.batch_id = "batches"."batch_id" and ba.account_id is not null)`,
  startDate: batches.startDate,
  endDate: batches.endDate,
  createdAt: batches.createdAt,
  sourcesRequired: batches.sourcesRequired,
  numberOfFiles,
  collectionType: bankClientRelationships.collectionType,
  status: batchStatus,
  hasNotes: sql<boolean>`exists (select 1 from notes n where n.table_linked_to = 'batches'
    and n.linked_id = "batches"."batch_id" and not n.is_resolved)`,
  inProgressCount,
  failedCount,
  validatedAt: batches.validatedAt,
};

/** Client batches under `where`, by bank then type. */
export function selectClientBatches(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(clientBatchFields)
    .from(batches)
    .innerJoin(clients, eq(clients.clientId, batches.clientId))
    .innerJoin(bankClientRelationships, eq(bankClientRelationships.bankClientRelId, batches.bankClientRelId))
    .innerJoin(banks, eq(banks.bankId, bankClientRelationships.bankId))
    .leftJoin(importTemplates, eq(importTemplates.templateId, batches.templateId))
    .where(where)
    .orderBy(asc(sql`lower(${banks.bankName})`), asc(batches.templateType), asc(batches.batchId));
}

export type ClientBatchRow = Awaited<ReturnType<typeof selectClientBatches>>[number];

/** The batches of the client's open report. */
export function whereOpenReportBatches(clientId: number): SQL {
  return sql`${batches.openReportId} = (select o.open_report_id from open_reports o
    where o.client_id = ${clientId} and o.closed_at is null)`;
}

/** The poll's answer: per batch of the client's open report, its files and accounts by status. */
export function selectBatchSummaries(db: DbOrTx, clientId: number) {
  const accountsIn = (status: string) => sql<number>`(select count(*)::int from batch_accounts ba
    where ba.batch_id = "batches"."batch_id" and ba.status = ${status})`;
  return db
    .select({
      batchId: batches.batchId,
      status: batchStatus,
      numberOfFiles,
      inProgressCount,
      failedCount,
      needsFilesCount: accountsIn('Needs Files'),
      needsValidationCount: accountsIn('Needs Validation'),
      validatedCount: accountsIn('Validated'),
      ignoredCount: accountsIn('Ignored'),
    })
    .from(batches)
    .innerJoin(openReports, eq(openReports.openReportId, batches.openReportId))
    .where(and(eq(openReports.clientId, clientId), isNull(openReports.closedAt)))
    .orderBy(asc(batches.batchId));
}

export async function selectBatchById(db: DbOrTx, batchId: number) {
  const [row] = await db.select().from(batches).where(eq(batches.batchId, batchId));
  return row ?? null;
}
