import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { CLEAR_OVERRIDE } from '../batches/batch-account-actions.queries';

// ingestion.md "Reporting cycle": a batch is closed (validated_at, the validation history's completedAt)
// once each of its accounts is Ignored or Validated and promoted; the open report is 'Ready For
// Analysis' once every batch is closed, and 'New Files Added' when a file reaches a closed batch.

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

const isClosedAccount = sql.raw(
  `(ba.status = 'Ignored' or (ba.status = 'Validated' and ba.promoted_at is not null))`,
);

/**
 * Sets or clears validated_at of the batches to match their accounts (a batch without accounts stays
 * open); answers which batches are closed now.
 */
export async function refreshBatchClosure(
  tx: DbOrTx,
  batchIds: readonly number[],
  ctx: AuditContext,
): Promise<Map<number, boolean>> {
  if (batchIds.length === 0) return new Map();
  const { rows } = await tx.execute(sql`with state as (
      select b.batch_id, b.client_id, b.validated_at is not null as was_closed,
        exists (select 1 from batch_accounts ba where ba.batch_id = b.batch_id)
          and not exists (select 1 from batch_accounts ba where ba.batch_id = b.batch_id
            and not ${isClosedAccount}) as is_closed
      from batches b where b.batch_id = any(${ints(batchIds)})),
    changed as (
      update batches b set validated_at = case when s.is_closed then now() end
      from state s where s.batch_id = b.batch_id and s.is_closed <> s.was_closed
      returning b.batch_id)
    select s.batch_id as "batchId", s.client_id as "clientId", s.is_closed as "isClosed",
      s.batch_id in (select batch_id from changed) as "isChanged"
    from state s`);
  const result = rows as { batchId: number; clientId: number; isClosed: boolean; isChanged: boolean }[];
  for (const r of result.filter((x) => x.isChanged)) {
    await writeAudit(tx, ctx, {
      action: 'batch.updated',
      entity: 'batch',
      entityId: r.batchId,
      before: { clientId: r.clientId, validated: !r.isClosed },
      after: { clientId: r.clientId, validated: r.isClosed },
      clientIds: [r.clientId],
    });
  }
  return new Map(result.map((r) => [r.batchId, r.isClosed]));
}

/**
 * The analysis status of the batches' open reports: 'Ready For Analysis' once every batch is closed
 * (from 'Data Ingestion' or 'New Files Added'), back to 'Data Ingestion' when a batch reopens (a
 * restored account). 'In Progress' and 'Analysis Stopped' belong to analysis and are left alone.
 * Answers each report's status after.
 */
export async function refreshAnalysisStatus(
  tx: DbOrTx,
  batchIds: readonly number[],
  ctx: AuditContext,
): Promise<Map<number, string>> {
  if (batchIds.length === 0) return new Map();
  const { rows } = await tx.execute(sql`with state as (
      select o.open_report_id, o.client_id, o.analysis_status as before,
        case
          when all_closed and o.analysis_status in ('Data Ingestion', 'New Files Added') then 'Ready For Analysis'
          when not all_closed and o.analysis_status = 'Ready For Analysis' then 'Data Ingestion'
          else o.analysis_status end as after
      from open_reports o
      cross join lateral (select exists (select 1 from batches b where b.open_report_id = o.open_report_id)
        and not exists (select 1 from batches b where b.open_report_id = o.open_report_id
          and b.validated_at is null) as all_closed) c
      where o.open_report_id in (select b.open_report_id from batches b where b.batch_id = any(${ints(batchIds)}))
      for update of o),
    changed as (
      update open_reports o set analysis_status = s.after
      from state s where s.open_report_id = o.open_report_id and s.after <> s.before
      returning o.open_report_id)
    select s.open_report_id as "openReportId", s.client_id as "clientId", s.before, s.after,
      s.open_report_id in (select open_report_id from changed) as "isChanged"
    from state s`);
  const result = rows as {
    openReportId: number;
    clientId: number;
    before: string;
    after: string;
    isChanged: boolean;
  }[];
  await auditAnalysisStatus(tx, ctx, result);
  return new Map(result.map((r) => [r.openReportId, r.after]));
}

async function auditAnalysisStatus(
  tx: DbOrTx,
  ctx: AuditContext,
  changes: readonly {
    openReportId: number;
    clientId: number;
    before: string;
    after: string;
    isChanged: boolean;
  }[],
) {
  for (const c of changes.filter((x) => x.isChanged)) {
    await writeAudit(tx, ctx, {
      action: 'open_report.updated',
      entity: 'open_report',
      entityId: c.openReportId,
      before: { clientId: c.clientId, analysisStatus: c.before },
      after: { clientId: c.clientId, analysisStatus: c.after },
      clientIds: [c.clientId],
    });
  }
}

/**
 * Extraction put rows into these batch accounts: a Validated one goes back to Needs Validation with
 * promoted_at cleared (its new rows await validation; rows already in the books are not promoted twice,
 * see promote-batch.queries.ts). When that reopens a closed batch, the batch's validated_at is cleared
 * and its open report becomes 'New Files Added'.
 */
export async function reopenForNewRows(
  tx: DbOrTx,
  batchAccountIds: readonly number[],
  ctx: AuditContext,
): Promise<void> {
  if (batchAccountIds.length === 0) return;
  const { rows: reopened } = await tx.execute(sql`update batch_accounts ba
    set status = 'Needs Validation', promoted_at = null, ${CLEAR_OVERRIDE}, updated_at = now()
    where ba.batch_account_id = any(${ints(batchAccountIds)}) and ba.status = 'Validated'
    returning ba.batch_account_id as "batchAccountId", ba.client_id as "clientId", ba.batch_id as "batchId"`);
  const accounts = reopened as { batchAccountId: number; clientId: number; batchId: number }[];
  for (const a of accounts) {
    await writeAudit(tx, ctx, {
      action: 'batch_account.updated',
      entity: 'batch_account',
      entityId: a.batchAccountId,
      before: { clientId: a.clientId, status: 'Validated' },
      after: { clientId: a.clientId, status: 'Needs Validation', promotedAt: null },
    });
  }
  const batchIds = [...new Set(accounts.map((a) => a.batchId))];
  if (batchIds.length === 0) return;
  const { rows } = await tx.execute(sql`with closed as (
      update batches b set validated_at = null
      where b.batch_id = any(${ints(batchIds)}) and b.validated_at is not null
      returning b.batch_id, b.client_id, b.open_report_id),
    state as (
      select o.open_report_id, o.client_id, o.analysis_status as before from open_reports o
      where o.open_report_id in (select open_report_id from closed) for update of o),
    changed as (
      update open_reports o set analysis_status = 'New Files Added'
      from state s where s.open_report_id = o.open_report_id and s.before <> 'New Files Added'
      returning o.open_report_id)
    select s.open_report_id as "openReportId", s.client_id as "clientId", s.before,
      'New Files Added' as after, s.open_report_id in (select open_report_id from changed) as "isChanged",
      (select array_agg(batch_id) from closed) as "batchIds"
    from state s`);
  const changes = rows as {
    openReportId: number;
    clientId: number;
    before: string;
    after: string;
    isChanged: boolean;
    batchIds: number[];
  }[];
  for (const batchId of changes[0]?.batchIds ?? []) {
    const clientId = changes[0]!.clientId;
    await writeAudit(tx, ctx, {
      action: 'batch.updated',
      entity: 'batch',
      entityId: batchId,
      before: { clientId, validated: true },
      after: { clientId, validated: false },
      clientIds: [clientId],
    });
  }
  await auditAnalysisStatus(tx, ctx, changes);
}
