import type { FastifyBaseLogger } from 'fastify';
import type { Permission } from '@tideline/contracts';
import {
  GenerateReportSchema,
  REPORT_MSG,
  type GenerateReportPayload,
  type Report,
  type ReportParameters,
  type ReportResult,
} from '@tideline/contracts/reports/reports.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, notFound } from '../../platform/http/app-error';
import type { JobRunner } from '../../platform/jobs/job-runner';
import type { Storage } from '../../platform/storage/storage';
import { findClientsByIds, findVisibleClient } from '../clients/clients.service';
import { discardFiles } from '../files/discard-files.service';
import { frozenRunIdsOf, readFrozenRuns } from '../analysis/frozen-runs';
import * as q from './reports.queries';

// clients-accounts-investments-reports.md 2 "Reports tab", 4 "Report", 7 "Reports"; design/reports.md
// "Life of a report". Every id is client-scoped: another client's report answers 404, exactly as a
// report that exists nowhere; a Client Viewer sees only published reports (design/reports.md).

export interface ReportsDeps {
  db: Db;
  jobs: JobRunner;
  storage: Storage;
  uploadLimitBytes: number;
  log: FastifyBaseLogger;
}

/** Working on reports: a user holding none of these only reads and downloads them. */
const REPORT_WORK: readonly Permission[] = [
  'GENERATE_REPORTS',
  'UPLOAD_REPORTS',
  'FINALIZE_REPORTS',
  'EDIT_REPORT',
  'EDIT_REPORT_COMMENTS',
  'DELETE_OPEN_REPORTS',
];

/**
 * design/reports.md: the first finalize publishes a report, and "Client Viewers of that client see and
 * download it from then on". A Client Viewer is told by what they hold, not by the role's name (roles
 * are editable): client-scoped, and none of the permissions that work on reports.
 */
export function seesOnlyPublished(user: CurrentUser): boolean {
  return user.isClientScoped && !REPORT_WORK.some((p) => user.permList.includes(p));
}

/** The stored payload, read through its schema: a payload stored before a field existed gets its default. */
export function paramsOf(row: Pick<q.ReportRow, 'params'>): GenerateReportPayload {
  return GenerateReportSchema.parse(row.params);
}

export function toReport(row: q.ListedReport): Report {
  const r = row.report;
  return {
    reportId: r.reportId,
    clientId: r.clientId,
    systemReportGeneratedAt: r.generatedAt.toISOString(),
    reportStartDate: r.startDate,
    reportEndDate: r.endDate,
    systemReport: row.systemFileName,
    userReport: row.userFileName,
    presentationDate: r.presentationDate,
    finalized: r.finalized,
    published: r.published,
    comment: r.comment,
    uploadedBy: r.uploadedBy === null ? null : row.uploadedByName,
    createdBy: r.createdBy === null ? null : row.createdByName,
    generationStatus: r.generationState,
    jobId: r.jobId,
    generationError: r.generationMessage,
    frozenRuns: frozenRunIdsOf(readFrozenRuns(r.frozenRuns)),
  };
}

/** A report the user may see (published only, for a Client Viewer); else 404. */
export async function findVisibleReport(db: DbOrTx, user: CurrentUser, reportId: number) {
  const row = await q.selectReport(db, reportId);
  if (!row || !canAccessClient(user, row.clientId) || (seesOnlyPublished(user) && !row.published))
    throw notFound(REPORT_MSG.notFound);
  return row;
}

/** Locks a report the user may change; else 404. */
export async function lockVisibleReport(db: DbOrTx, user: CurrentUser, reportId: number) {
  const row = await q.lockReport(db, reportId);
  if (!row || !canAccessClient(user, row.clientId)) throw notFound(REPORT_MSG.notFound);
  return row;
}

export async function readReport(db: DbOrTx, reportId: number): Promise<Report> {
  return toReport((await q.selectListedReport(db, reportId))!);
}

/** GET /all/{clientId}: 'Reports List', newest generation first. */
export async function listReports(db: Db, user: CurrentUser, clientId: number): Promise<Report[]> {
  await findVisibleClient(db, user, clientId);
  const rows = await q.selectClientReports(db, clientId, seesOnlyPublished(user));
  return rows.map(toReport);
}

/** GET /{id}: spec 3 "Report parameters", groups and accounts by name (a deleted one is left out). */
export async function readParameters(db: Db, user: CurrentUser, reportId: number): Promise<ReportParameters> {
  const row = await findVisibleReport(db, user, reportId);
  const p = paramsOf(row);
  const groupIds = [
    ...p.allAccountsGraph,
    ...p.stressTestResult,
    ...p.stackedAreaAndStats,
    ...p.includeAllGraphs,
    ...p.shortTermLiquidity,
    ...(p.minTransacForClosureGroupId ? [p.minTransacForClosureGroupId] : []),
  ];
  const groups = new Map(
    (await q.selectGroupsByIds(db, [...new Set(groupIds)]))
      .filter((g) => g.clientId === row.clientId)
      .map((g) => [g.groupId, g.groupName]),
  );
  const [account] = p.highYieldTargetAccountId
    ? (await q.selectAccountsByIds(db, [p.highYieldTargetAccountId])).filter(
        (a) => a.clientId === row.clientId,
      )
    : [];
  const [client] = await findClientsByIds(db, [row.clientId]);
  const names = (ids: number[]) => ids.flatMap((id) => groups.get(id) ?? []);
  return {
    reportId: row.reportId,
    reportStartDate: row.startDate,
    reportEndDate: row.endDate,
    clientName: client?.clientName ?? '',
    stackedAreaAndStats: names(p.stackedAreaAndStats),
    includeAllGraphs: names(p.includeAllGraphs),
    minTransacForClosureGroupName: p.minTransacForClosureGroupId
      ? (groups.get(p.minTransacForClosureGroupId) ?? null)
      : null,
    allAccountsGraph: names(p.allAccountsGraph),
    zbaAccountStructure: p.zbaAccountStructure,
    liquidityLevelAmounts: p.liquidityLevelAmounts,
    liquidTargetAccount: p.liquidTargetAccount,
    stressTestResult: names(p.stressTestResult),
    highYieldTargetAccountName: account?.accountName ?? null,
    stmNetGraph: p.stmNetGraph,
    electronicTransacTemplate: p.electronicTransacTemplate,
    stmPrevQuarterResults: p.stmPrevQuarterResults,
    highYieldLiquidBenchmarkOverride: p.highYieldLiquidBenchmarkOverride,
    stmMinTable: p.stmMinTable,
    shortTermLiquidity: names(p.shortTermLiquidity),
  };
}

/** PUT /comments/{id}: the comment (200 characters; blank clears it). */
export async function editComment(
  db: Db,
  user: CurrentUser,
  reportId: number,
  comment: string | null,
  ctx: AuditContext,
): Promise<ReportResult> {
  return db.transaction(async (tx) => {
    const row = await lockVisibleReport(tx, user, reportId);
    await q.updateReport(tx, reportId, { comment });
    await writeAudit(tx, ctx, {
      action: 'report.comment_edited',
      entity: 'report',
      entityId: reportId,
      before: { clientId: row.clientId, comment: row.comment },
      after: { clientId: row.clientId, comment },
    });
    return { msg: REPORT_MSG.commentSaved, report: await readReport(tx, reportId) };
  });
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * PUT /finalize-status/{id} (spec 4): 1 finalizes, 0 unfinalizes. The first finalize also publishes the
 * report, dated that day (presentationDate); published is never unset. A report with neither PDF yet
 * has nothing to finalize.
 */
export async function setFinalizeStatus(
  db: Db,
  user: CurrentUser,
  reportId: number,
  finalizeStatus: 0 | 1,
  ctx: AuditContext,
): Promise<ReportResult> {
  return db.transaction(async (tx) => {
    const row = await lockVisibleReport(tx, user, reportId);
    const finalized = finalizeStatus === 1;
    if (finalized && row.systemFileId === null && row.userFileId === null)
      throw conflict(REPORT_MSG.noReport);
    const isFirstPublish = finalized && !row.published;
    const values = {
      finalized,
      ...(isFirstPublish ? { published: true, presentationDate: todayUtc() } : {}),
    };
    await q.updateReport(tx, reportId, values);
    await writeAudit(tx, ctx, {
      action: finalized ? 'report.finalized' : 'report.unfinalized',
      entity: 'report',
      entityId: reportId,
      before: {
        clientId: row.clientId,
        finalized: row.finalized,
        published: row.published,
        presentationDate: row.presentationDate,
      },
      after: { clientId: row.clientId, published: row.published, ...values },
    });
    return {
      msg: finalized ? REPORT_MSG.finalized : REPORT_MSG.unfinalized,
      report: await readReport(tx, reportId),
    };
  });
}

/** Removes files no report holds any more, after the commit; one that cannot go is logged and left. */
export async function discardReportFiles(
  deps: ReportsDeps,
  user: CurrentUser,
  fileIds: readonly (number | null)[],
  ctx: AuditContext,
): Promise<void> {
  const ids = fileIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  await discardFiles(deps, user, ids, ctx, REPORT_MSG.fileInUse).catch((err: unknown) => {
    deps.log.warn({ err, fileIds: ids }, 'could not remove the files of a report');
  });
}

/** DELETE /{id} (DELETE_OPEN_REPORTS): refused once published (spec 4); its stored files go too. */
export async function deleteReport(
  deps: ReportsDeps,
  user: CurrentUser,
  reportId: number,
  ctx: AuditContext,
): Promise<{ msg: string }> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await lockVisibleReport(tx, user, reportId);
    if (row.published) throw conflict(REPORT_MSG.publishedNoDelete);
    await q.deleteReport(tx, reportId);
    await writeAudit(tx, ctx, {
      action: 'report.deleted',
      entity: 'report',
      entityId: reportId,
      before: {
        clientId: row.clientId,
        startDate: row.startDate,
        endDate: row.endDate,
        systemFileId: row.systemFileId,
        userFileId: row.userFileId,
        finalized: row.finalized,
        comment: row.comment,
      },
    });
    return row;
  });
  await discardReportFiles(deps, user, [removed.systemFileId, removed.userFileId], ctx);
  return { msg: REPORT_MSG.deleted };
}
