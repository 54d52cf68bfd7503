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
import * as q from './reports.queries';
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

/** Sends the report's job and records its id; a job that cannot be sent fails the generation. */
async function sendReportJob(deps: ReportsDeps, reportId: number, clientId: number, userId: number) {
  const data: ReportPdfJobData = { reportId, clientId, userId };
  try {
    const jobId = await deps.jobs.enqueue(REPORT_PDF_JOB, data, { createdBy: userId, clientId });
    await q.updateReport(deps.db, reportId, { jobId });
    return jobId;
  } catch (err) {
    await q.updateReport(deps.db, reportId, {
      generationState: 'failed',
      generationMessage: REPORT_MSG.generateFailed,
    });
    throw err;
  }
}

/**
 * POST /generate (GENERATE_REPORTS): only while the client has an open cycle (its status 'Reporting'
 * or 'Analysis'); the report's period is the cycle's (spec 5: start and end are read-only).
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
  const row = await db.transaction(async (tx) => {
    const cycle = await q.selectOpenCycle(tx, input.clientId, true);
    if (!cycle) throw conflict(REPORT_MSG.noOpenCycle);
    const saved = await q.insertReport(tx, {
      clientId: input.clientId,
      openReportId: cycle.openReportId,
      startDate: cycle.startDate,
      endDate: cycle.endDate,
      params: input,
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
      },
    });
    return saved;
  });
  const jobId = await sendReportJob(deps, row.reportId, row.clientId, user.userId);
  return { msg: REPORT_MSG.generating, report: await readReport(db, row.reportId), jobId };
}
