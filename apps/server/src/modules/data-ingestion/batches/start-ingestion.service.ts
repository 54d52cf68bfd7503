import { and, eq, inArray } from 'drizzle-orm';
import { INGESTION_STATUS } from '@tideline/contracts/data-ingestion/open-reports.schemas';
import {
  START_INGESTION_MSG,
  type IngestionFailure,
  type IngestionScope,
  type StartIngestionBodyParsed,
  type StartIngestionResult,
} from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import type { Db, DbOrTx } from '../../../db/open-database';
import { bankClientRelationships, batches } from '../../../db/schema';
import { whereClientVisible } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { conflict, notFound } from '../../../platform/http/app-error';
import { selectClientBatches } from './batches.queries';
import { toClientBatch } from './batches.service';
import * as reports from './open-reports.queries';
import { batchKey, planBatches, type UnplannedReason } from './plan-batches';
import * as q from './start-ingestion.queries';
import { findVisibleClientOption } from '../visible-client';

/** One client's relationships to ingest. */
export interface IngestionTarget {
  clientId: number;
  clientName: string;
  bankClientRelIds: number[];
}

const REASONS: Record<UnplannedReason, string> = {
  alreadyStarted: START_INGESTION_MSG.alreadyStarted,
  noAccounts: START_INGESTION_MSG.noAccounts,
};

/**
 * Creates the client's batches and their batch accounts (Needs Files) in the caller's transaction and
 * moves the open report's ingestion status from NOT STARTED to IN PROGRESS; answers the new batch ids
 * and the types that made none. The report row stays locked to the end, so two starts queue up.
 */
export async function createClientBatches(
  tx: DbOrTx,
  target: IngestionTarget,
  body: StartIngestionBodyParsed,
  scope: IngestionScope,
  ctx: AuditContext,
): Promise<{ batchIds: number[]; failures: IngestionFailure[] }> {
  const failure = (type: IngestionFailure['type'], reason: string): IngestionFailure => ({
    clientId: target.clientId,
    clientName: target.clientName,
    type,
    msg: START_INGESTION_MSG.failed(type, scope),
    reason,
  });
  const report = await reports.lockOpenReport(tx, target.clientId);
  if (!report)
    return { batchIds: [], failures: body.types.map((t) => failure(t, START_INGESTION_MSG.noOpenReport)) };
  const plan = planBatches({
    ...body,
    bankClientRelIds: target.bankClientRelIds,
    accounts: await q.selectIngestibleAccounts(tx, target.clientId, target.bankClientRelIds),
    existing: await q.selectBatchKeys(tx, report.openReportId),
  });
  const templateIds = await q.selectTemplateIds(tx, target.bankClientRelIds);
  const batchIds: number[] = [];
  for (const planned of plan.batches) {
    const batch = await q.insertBatch(tx, {
      openReportId: report.openReportId,
      clientId: target.clientId,
      bankClientRelId: planned.bankClientRelId,
      templateType: planned.templateType,
      templateId: templateIds.get(batchKey(planned.bankClientRelId, planned.templateType)) ?? null,
      sourcesRequired: planned.sourcesRequired,
      startDate: body.startDate,
      endDate: body.endDate,
      createdBy: ctx.userId,
    });
    const created = await q.insertBatchAccounts(
      tx,
      planned.accounts.map((a) => ({ ...a, clientId: target.clientId, batchId: batch.batchId })),
    );
    await writeAudit(tx, ctx, {
      action: 'batch.created',
      entity: 'batch',
      entityId: batch.batchId,
      after: {
        clientId: target.clientId,
        openReportId: report.openReportId,
        bankClientRelId: batch.bankClientRelId,
        templateType: batch.templateType,
        templateId: batch.templateId,
        startDate: batch.startDate,
        endDate: batch.endDate,
        sourcesRequired: batch.sourcesRequired,
        batchAccounts: created,
      },
    });
    batchIds.push(batch.batchId);
  }
  if (batchIds.length > 0 && report.ingestionStatus === INGESTION_STATUS.notStarted) {
    await reports.updateIngestionStatus(tx, report.openReportId, INGESTION_STATUS.inProgress);
    await writeAudit(tx, ctx, {
      action: 'open_report.updated',
      entity: 'open_report',
      entityId: report.openReportId,
      before: { clientId: target.clientId, ingestionStatus: report.ingestionStatus },
      after: { clientId: target.clientId, ingestionStatus: INGESTION_STATUS.inProgress },
    });
  }
  const failures = [...plan.unplanned].map(([type, reason]) => failure(type, REASONS[reason]));
  return { batchIds, failures };
}

/** Groups relationships by client, keeping their order. */
function targetsOf(relationships: q.IngestionRelationship[]): IngestionTarget[] {
  const byClient = new Map<number, IngestionTarget>();
  for (const r of relationships) {
    const target = byClient.get(r.clientId) ?? {
      clientId: r.clientId,
      clientName: r.clientName,
      bankClientRelIds: [],
    };
    target.bankClientRelIds.push(r.bankClientRelId);
    byClient.set(r.clientId, target);
  }
  return [...byClient.values()];
}

/** One transaction for every client: 201 with what started, or 409 when nothing did. */
async function startIngestion(
  db: Db,
  targets: IngestionTarget[],
  body: StartIngestionBodyParsed,
  scope: IngestionScope,
  ctx: AuditContext,
): Promise<StartIngestionResult> {
  const { batchIds, failures } = await db.transaction(async (tx) => {
    const all = { batchIds: [] as number[], failures: [] as IngestionFailure[] };
    for (const target of targets) {
      const one = await createClientBatches(tx, target, body, scope, ctx);
      all.batchIds.push(...one.batchIds);
      all.failures.push(...one.failures);
    }
    return all;
  });
  if (batchIds.length === 0) throw conflict(failures.map((f) => `${f.msg} ${f.reason}`).join(' '));
  const created = await selectClientBatches(db, inArray(batches.batchId, batchIds));
  return { msg: START_INGESTION_MSG.started(batchIds.length), batches: created.map(toClientBatch), failures };
}

/** POST /start-ingestion/bank/{bankClientRelId}: one relationship of the client's Banks tab. */
export async function startRelationshipIngestion(
  db: Db,
  user: CurrentUser,
  bankClientRelId: number,
  body: StartIngestionBodyParsed,
  ctx: AuditContext,
) {
  const [rel] = await q.selectIngestionRelationships(
    db,
    and(
      eq(bankClientRelationships.bankClientRelId, bankClientRelId),
      whereClientVisible(user, bankClientRelationships.clientId),
    )!,
  );
  if (!rel) throw notFound(START_INGESTION_MSG.relationshipNotFound);
  if (rel.status !== 1) throw conflict(START_INGESTION_MSG.relationshipInactive);
  return startIngestion(db, targetsOf([rel]), body, 'bank', ctx);
}

/** POST /start-ingestion/client/{clientId}: every active relationship of the client. */
export async function startClientIngestion(
  db: Db,
  user: CurrentUser,
  clientId: number,
  body: StartIngestionBodyParsed,
  ctx: AuditContext,
) {
  const client = await findVisibleClientOption(db, user, clientId);
  const relationships = await q.selectIngestionRelationships(
    db,
    and(eq(bankClientRelationships.clientId, clientId), eq(bankClientRelationships.status, 1))!,
  );
  const target = { ...client, bankClientRelIds: relationships.map((r) => r.bankClientRelId) };
  return startIngestion(db, [target], body, 'client', ctx);
}

/**
 * POST /start-ingestion/bank-clients/{bankId} (Banks administration): the bank's active relationships
 * with the clients the user may see, each client in its open report. A bank with none of them answers
 * like an unknown bank.
 */
export async function startBankIngestion(
  db: Db,
  user: CurrentUser,
  bankId: number,
  body: StartIngestionBodyParsed,
  ctx: AuditContext,
) {
  const relationships = await q.selectIngestionRelationships(
    db,
    and(
      eq(bankClientRelationships.bankId, bankId),
      eq(bankClientRelationships.status, 1),
      whereClientVisible(user, bankClientRelationships.clientId),
    )!,
  );
  if (relationships.length === 0) throw notFound(START_INGESTION_MSG.bankNotFound);
  return startIngestion(db, targetsOf(relationships), body, 'bank', ctx);
}
