import type { BatchTemplateType } from '@tideline/contracts';
import { eq } from 'drizzle-orm';
import { bankClientRelationships, batches, openReports } from '../src/db/schema';
import type { TestContext } from './test-context';

/**
 * A batch of the client's open report (opened for 2026 Q3 if the client has none) on its first bank
 * relationship; answers the batch id. The ingestion flows that create batches come later; until
 * then tests place them directly.
 */
export async function createBatchRow(
  ctx: TestContext,
  clientId: number,
  templateType: BatchTemplateType = 'Transaction',
): Promise<number> {
  const db = ctx.database.db;
  const [rel] = await db
    .select({ id: bankClientRelationships.bankClientRelId })
    .from(bankClientRelationships)
    .where(eq(bankClientRelationships.clientId, clientId))
    .orderBy(bankClientRelationships.bankClientRelId)
    .limit(1);
  if (!rel) throw new Error(`client ${clientId} has no bank relationship to batch`);
  const [open] = await db
    .insert(openReports)
    .values({ clientId, startDate: '2026-07-01', endDate: '2026-09-30' })
    .onConflictDoNothing()
    .returning({ id: openReports.openReportId });
  const reportId =
    open?.id ??
    (
      await db
        .select({ id: openReports.openReportId })
        .from(openReports)
        .where(eq(openReports.clientId, clientId))
    )[0]!.id;
  const [batch] = await db
    .insert(batches)
    .values({ openReportId: reportId, clientId, bankClientRelId: rel.id, templateType })
    .returning({ id: batches.batchId });
  return batch!.id;
}
