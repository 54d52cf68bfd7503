import {
  REPORT_MSG,
  type GenerateReportPayload,
  type GenerateReportResult,
} from '@tideline/contracts/reports/reports.schemas';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict } from '../../platform/http/app-error';
import { findVisibleClient } from '../clients/clients.service';
import { frozenRunIdsOf } from '../analysis/frozen-runs';
import * as q from './reports.queries';
import { freezeReportRuns } from './report-frozen-runs';
import { REPORT_PDF_JOB, type ReportPdfJobData } from './reports.job';
import { readReport, type ReportsDeps } from './reports.service';

// Generate report (spec 4 and 5, design/reports.md "Life of a report"): the parameter form's payload,
// checked against the client's own groups and accounts, a report row for the client's open cycle, and
// the job that writes its system PDF (progress at /api/jobs/{jobId}).

const GROUP_FIELDS = [
  'allAccountsGraph',
  'stressTestResult',
  'stackedAreaAndStats',
  'includeAllGraphs',
  'shortTermLiquidity',
] as const;

/** A group or account that is not the client's is a 400 naming it (issue 19 "Bad input"). */
async function assertClientRecords(db: DbOrTx, input: GenerateReportPayload) {
  const fieldErrors: Record<string, string[]> = {};
  const groupFields: [string, number][] = [
    ...GROUP_FIELDS.flatMap((field) => input[field].map((id): [string, number] => [field, id])),
    ...(input.minTransacForClosureGroupId
      ? [['minTransacForClosureGroupId', input.minTransacForClosureGroupId] as [string, number]]
      : []),
  ];
  const groups = await q.selectGroupsByIds(db, [...new Set(groupFields.map(([, id]) => id))]);
  const own = new Set(groups.filter((g) => g.clientId === input.clientId).map((g) => g.groupId));
  for (const [field, id] of groupFields) {
    if (!own.has(id)) (fieldErrors[field] ??= []).push(REPORT_MSG.groupNotOfClient(id));
  }
  const accountId = input.highYieldTargetAccountId;
  if (accountId !== null) {
    const [account] = await q.selectAccountsByIds(db, [accountId]);
    if (account?.clientId !== input.clientId)
      fieldErrors.highYieldTargetAccountId = [REPORT_MSG.accountNotOfClient(accountId)];
  }
  const messages = Object.values(fieldErrors).flat();
  if (messages.length) throw badRequest([...new Set(messages)].join(' '), fieldErrors);
}

/** Sends the report's job in the transaction that records the report, and records its id. */
async function sendReportJob(deps: ReportsDeps, tx: DbOrTx, report: q.ReportRow, userId: number) {
  const data: ReportPdfJobData = { reportId: report.reportId, clientId: report.clientId, userId };
  const jobId = await deps.jobs.enqueue(REPORT_PDF_JOB, data, {
    createdBy: userId,
    clientId: report.clientId,
    tx,
  });
  await q.updateReport(tx, report.reportId, { jobId });
  return jobId;
}

/**
 * POST /generate (GENERATE_REPORTS): only while the client has an open cycle (its status 'Reporting'
 * or 'Analysis'); the report's period is the cycle's (spec 5: start and end are read-only). The report
 * and its job commit together. One generation of a client in flight at a time (issue 40 point 4):
 * under the open cycle's lock, a report still queued or running answers 409, so a double click or a
 * second tab makes no second report. The runs the report reads are fixed here (report-frozen-runs.ts).
 */
export async function generateReport(
  deps: ReportsDeps,
  user: CurrentUser,
  input: GenerateReportPayload,
  ctx: AuditContext,
): Promise<GenerateReportResult> {
  const { db } = deps;
  await findVisibleClient(db, user, input.clientId);
  await assertClientRecords(db, input);
  const { row, jobId } = await db.transaction(async (tx) => {
    const cycle = await q.selectOpenCycle(tx, input.clientId, true);
    if (!cycle) throw conflict(REPORT_MSG.noOpenCycle);
    if (await q.hasGenerationInFlight(tx, REPORT_PDF_JOB, input.clientId))
      throw conflict(REPORT_MSG.alreadyGenerating);
    const frozenRuns = await freezeReportRuns(tx, { clientId: input.clientId, ...cycle });
    const saved = await q.insertReport(tx, {
      clientId: input.clientId,
      openReportId: cycle.openReportId,
      startDate: cycle.startDate,
      endDate: cycle.endDate,
      params: input,
      frozenRuns,
      createdBy: user.userId,
    });
    await writeAudit(tx, ctx, {
      action: 'report.generated',
      entity: 'report',
      entityId: saved.reportId,
      after: {
        clientId: saved.clientId,
        openReportId: saved.openReportId,
        startDate: saved.startDate,
        endDate: saved.endDate,
        params: input,
        frozenRuns: frozenRunIdsOf(frozenRuns),
      },
    });
    return { row: saved, jobId: await sendReportJob(deps, tx, saved, user.userId) };
  });
  return { msg: REPORT_MSG.generating, report: await readReport(db, row.reportId), jobId };
}
