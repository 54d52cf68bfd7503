import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankClientRelationships, batches, exceptionItems, openReports, reports } from '../../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../../test/account-fixtures';
import { createBatchAccountRow } from '../../../../test/batch-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../../test/test-context';
import { detectExceptions } from '../detect-exceptions';
import type { DetectorScope } from '../finding';
import { reportDueDetector } from './report-due.detector';

// Issue 43 point 1, "report due": an open report whose due date is near or past with its analysis not
// completed, or past with no finalized report. Each fixture is one client with one open report.

let ctx: TestContext;
const db = () => ctx.database.db;
const TODAY = '2026-10-20';
const scopeOf = (clientIds: number[]): DetectorScope => ({
  clientIds,
  today: TODAY,
  now: new Date(`${TODAY}T15:00:00Z`),
});

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface CycleOptions {
  dueDate: string | null;
  isAnalysisCompleted?: boolean;
  /** Batch account statuses of the cycle's one batch. */
  statuses?: ('Needs Files' | 'Needs Validation' | 'Validated' | 'Ignored')[];
  report?: { finalized: boolean };
  isClosed?: boolean;
}

/** A client with one cycle over 2026 Q3, opened on 2026-07-01, as `options` say. */
async function createCycle(options: CycleOptions) {
  const [clientId] = (await createClients(ctx, 1, 'Report due')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const period = { startDate: '2026-07-01', endDate: '2026-09-30' };
  const [cycle] = await db()
    .insert(openReports)
    .values({
      clientId,
      ...period,
      dueDate: options.dueDate,
      createdAt: new Date('2026-07-01T12:00:00Z'),
      analysisCompletedAt: options.isAnalysisCompleted ? new Date('2026-10-10T12:00:00Z') : null,
      closedAt: options.isClosed ? new Date('2026-10-12T12:00:00Z') : null,
    })
    .returning({ id: openReports.openReportId });
  const openReportId = cycle!.id;
  if (options.statuses?.length) {
    const [rel] = await db()
      .select({ id: bankClientRelationships.bankClientRelId })
      .from(bankClientRelationships)
      .where(eq(bankClientRelationships.clientId, clientId));
    const [batch] = await db()
      .insert(batches)
      .values({ openReportId, clientId, bankClientRelId: rel!.id, templateType: 'Transaction', ...period })
      .returning({ id: batches.batchId });
    for (const status of options.statuses) {
      const accountId = await createAccountRow(ctx, clientId, bankId);
      await createBatchAccountRow(ctx, clientId, batch!.id, {
        accountId,
        status,
        restoreStatus: status === 'Ignored' ? 'Needs Files' : null,
      });
    }
  }
  if (options.report)
    await db()
      .insert(reports)
      .values({
        clientId,
        openReportId,
        ...period,
        params: {},
        generationState: 'done',
        finalized: options.report.finalized,
        published: options.report.finalized,
      });
  return { clientId, openReportId };
}

describe('reportDueDetector', () => {
  it('finds an open report due within the window whose analysis is not completed', async () => {
    const { clientId, openReportId } = await createCycle({
      dueDate: '2026-10-25',
      statuses: ['Validated', 'Needs Validation', 'Needs Files', 'Ignored'],
    });
    expect(await reportDueDetector.detect(db(), scopeOf([clientId]))).toEqual([
      {
        clientId,
        kind: 'report_due',
        subjectKey: `open-report:${openReportId}`,
        severity: 'Medium',
        summary:
          'The report for 2026-07-01 to 2026-09-30 is due 2026-10-25, in 5 days: analysis not completed; 1 of 3 accounts validated.',
        link: { place: 'clientReport', clientId },
        since: '2026-10-18T00:00:00.000Z',
        amount: null,
      },
    ]);
    expect(await detectExceptions(db(), scopeOf([clientId]), [reportDueDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'report_due', severity: 'Medium', status: 'Open' });
  });

  it('finds a past-due report High, its analysis completed but no report finalized', async () => {
    const { clientId } = await createCycle({
      dueDate: '2026-10-17',
      isAnalysisCompleted: true,
      report: { finalized: false },
    });
    const findings = await reportDueDetector.detect(db(), scopeOf([clientId]));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      severity: 'High',
      summary:
        'The report for 2026-07-01 to 2026-09-30 is 3 days late (due 2026-10-17): analysis completed, report not finalized.',
      since: '2026-10-10T00:00:00.000Z',
    });
  });

  it('says when nothing was ingested yet, and dates a late-created cycle from its creation', async () => {
    const { clientId, openReportId } = await createCycle({ dueDate: '2026-07-05' });
    const [finding] = await reportDueDetector.detect(db(), scopeOf([clientId]));
    expect(finding).toMatchObject({
      subjectKey: `open-report:${openReportId}`,
      severity: 'High',
      summary:
        'The report for 2026-07-01 to 2026-09-30 is 107 days late (due 2026-07-05): analysis not completed; no accounts in ingestion yet.',
      since: '2026-07-01T12:00:00.000Z',
    });
  });

  it('finds nothing for reports on time, finalized, closed or without a due date', async () => {
    const quiet = await Promise.all([
      createCycle({ dueDate: '2026-11-30', statuses: ['Needs Files'] }),
      createCycle({ dueDate: '2026-10-22', isAnalysisCompleted: true }),
      createCycle({ dueDate: '2026-10-01', isAnalysisCompleted: true, report: { finalized: true } }),
      createCycle({ dueDate: '2026-10-01', isClosed: true }),
      createCycle({ dueDate: null }),
    ]);
    const clientIds = quiet.map((q) => q.clientId);
    expect(await reportDueDetector.detect(db(), scopeOf(clientIds))).toEqual([]);
    expect(await detectExceptions(db(), scopeOf(clientIds), [reportDueDetector])).toMatchObject({ found: 0 });
  });

  it('resolves itself once the late report is finalized', async () => {
    const { clientId, openReportId } = await createCycle({
      dueDate: '2026-10-15',
      isAnalysisCompleted: true,
      report: { finalized: false },
    });
    expect(await detectExceptions(db(), scopeOf([clientId]), [reportDueDetector])).toMatchObject({
      opened: 1,
    });
    await db()
      .update(reports)
      .set({ finalized: true, published: true })
      .where(eq(reports.openReportId, openReportId));
    expect(await detectExceptions(db(), scopeOf([clientId]), [reportDueDetector])).toMatchObject({
      found: 0,
      resolved: 1,
    });
  });
});
