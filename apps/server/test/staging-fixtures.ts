import { sql } from 'drizzle-orm';
import { batchAccountFiles, stagingInvestments, stagingTransactions } from '../src/db/schema';
import { createAccountRow, createRelatedBank } from './account-fixtures';
import { createBatchAccountRow, createBatchFileRow, createBatchRow } from './batch-fixtures';
import type { TestContext } from './test-context';

// Staged transactions and investments written straight to the database, as extraction leaves them (its own tests
// cover how they get there): rows, and the (batch account, file) row counts the inspect total reads.

export interface StagingSeed {
  transactionDate: string;
  description?: string;
  amount: string;
  keywordId?: number | null;
  validationStatus?: boolean;
}

export interface StagingWorld {
  clientId: number;
  batchId: number;
  accountId: number;
  accountNumber: string;
  batchAccountId: number;
}

/** A client's Transaction batch with one account in it (Needs Validation); answers the ids. */
export async function createStagingWorld(ctx: TestContext, clientId: number): Promise<StagingWorld> {
  const bankId = await createRelatedBank(ctx, clientId);
  const accountNumber = `ST-${Math.random().toString(36).slice(2, 10)}`;
  const accountId = await createAccountRow(ctx, clientId, bankId, { accountNumber });
  const batchId = await createBatchRow(ctx, clientId);
  const batchAccountId = await createBatchAccountRow(ctx, clientId, batchId, {
    accountId,
    status: 'Needs Validation',
  });
  return { clientId, batchId, accountId, accountNumber, batchAccountId };
}

/** Another account of the client in the same batch (its own bank relationship); answers its world. */
export async function addBatchAccount(ctx: TestContext, world: StagingWorld): Promise<StagingWorld> {
  const bankId = await createRelatedBank(ctx, world.clientId);
  const accountNumber = `ST-${Math.random().toString(36).slice(2, 10)}`;
  const accountId = await createAccountRow(ctx, world.clientId, bankId, { accountNumber });
  const batchAccountId = await createBatchAccountRow(ctx, world.clientId, world.batchId, {
    accountId,
    status: 'Needs Validation',
  });
  return { ...world, accountId, accountNumber, batchAccountId };
}

/** A batch file of the world's batch holding `rows` for the batch account (file rows 2, 3, …); answers ids. */
export function stageTransactions(
  ctx: TestContext,
  world: Pick<StagingWorld, 'clientId' | 'batchId' | 'batchAccountId'>,
  rows: readonly StagingSeed[],
  fileName?: string,
): Promise<{ batchFileId: number; ids: number[] }> {
  return stageRows(ctx, world, rows.length, fileName, async (refs) =>
    (
      await ctx.database.db
        .insert(stagingTransactions)
        .values(rows.map((r, i) => ({ ...refs, rowNumber: i + 2, description: '', ...r })))
        .returning({ id: stagingTransactions.stagingTransactionId })
    ).map((r) => r.id),
  );
}

export type StagingInvestmentSeed = Partial<
  Omit<typeof stagingInvestments.$inferInsert, 'clientId' | 'batchId' | 'batchAccountId' | 'batchFileId'>
>;

/** Like stageTransactions, for staged investments; unset terms are a Treasury Bill's. */
export function stageInvestments(
  ctx: TestContext,
  world: Pick<StagingWorld, 'clientId' | 'batchId' | 'batchAccountId'>,
  rows: readonly StagingInvestmentSeed[],
  fileName?: string,
): Promise<{ batchFileId: number; ids: number[] }> {
  const terms = {
    investmentTypeName: 'Treasury Bill',
    faceValue: '100000.00',
    settlementAmount: '99000.00',
    interestRate: '4.5',
    settlementDate: '2026-07-01',
    maturityDate: '2027-01-01',
  };
  return stageRows(ctx, world, rows.length, fileName, async (refs) =>
    (
      await ctx.database.db
        .insert(stagingInvestments)
        .values(rows.map((r, i) => ({ ...refs, rowNumber: i + 2, ...terms, ...r })))
        .returning({ id: stagingInvestments.stagingInvestmentId })
    ).map((r) => r.id),
  );
}

interface StagingRefs {
  clientId: number;
  batchId: number;
  batchAccountId: number;
  batchFileId: number;
}

async function stageRows(
  ctx: TestContext,
  world: Pick<StagingWorld, 'clientId' | 'batchId' | 'batchAccountId'>,
  rowCount: number,
  fileName: string | undefined,
  insert: (refs: StagingRefs) => Promise<number[]>,
): Promise<{ batchFileId: number; ids: number[] }> {
  const db = ctx.database.db;
  const { batchFileId } = await createBatchFileRow(
    ctx,
    world.clientId,
    world.batchId,
    fileName ? { uploadedFileName: fileName } : {},
  );
  const refs = {
    clientId: world.clientId,
    batchId: world.batchId,
    batchAccountId: world.batchAccountId,
    batchFileId,
  };
  const ids = await insert(refs);
  await db
    .insert(batchAccountFiles)
    .values({ ...refs, rowCount })
    .onConflictDoUpdate({
      target: [batchAccountFiles.batchAccountId, batchAccountFiles.batchFileId],
      set: { rowCount: sql`${batchAccountFiles.rowCount} + ${rowCount}` },
    });
  return { batchFileId, ids };
}
