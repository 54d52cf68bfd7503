import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEPTION_RULES } from '@tideline/contracts/exceptions/exceptions.schemas';
import {
  accounts,
  batchAccounts,
  exceptionItems,
  openReports,
  stagingTransactions,
} from '../../../db/schema';
import { createStagingWorld, stageTransactions, type StagingWorld } from '../../../../test/staging-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../../test/test-context';
import { detectExceptions } from '../detect-exceptions';
import type { DetectorScope } from '../finding';
import { batchAccountsDetector } from './batch-accounts.detector';

// Issue 43 point 1: "possible duplicates waiting for a decision; an account left Needs Validation past
// N days" — one exception per batch account of an open report, each naming its count.

let ctx: TestContext;
const db = () => ctx.database.db;
// Batch accounts are stamped by the database's clock: the detection runs now.
const NOW = new Date();
const scopeOf = (clientId: number): DetectorScope => ({
  clientIds: [clientId],
  today: NOW.toISOString().slice(0, 10),
  now: NOW,
});
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - (days * 24 + hours) * 3_600_000);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function operatingWorld(): Promise<StagingWorld> {
  const [clientId] = (await createClients(ctx, 1, 'Waiting')) as [number];
  const world = await createStagingWorld(ctx, clientId);
  await db()
    .update(accounts)
    .set({ accountName: 'Operating', accountNumber: 'OP-4321' })
    .where(eq(accounts.accountId, world.accountId));
  return world;
}

const setWaitingSince = (world: StagingWorld, at: Date) =>
  db()
    .update(batchAccounts)
    .set({ updatedAt: at })
    .where(eq(batchAccounts.batchAccountId, world.batchAccountId));

describe('batch accounts waiting on a person', () => {
  it('opens one exception for the undecided possible duplicates of a batch account, with their count', async () => {
    const world = await operatingWorld();
    const { ids } = await stageTransactions(ctx, world, [
      { transactionDate: '2026-07-06', amount: '-25.00', description: 'SERVICE FEE' },
      { transactionDate: '2026-07-06', amount: '-25.00', description: 'SERVICE FEE' },
      { transactionDate: '2026-07-07', amount: '100.00', description: 'DEPOSIT' },
      { transactionDate: '2026-07-07', amount: '100.00', description: 'DEPOSIT' },
      { transactionDate: '2026-07-07', amount: '100.00', description: 'DEPOSIT' },
    ]);
    const [first, second, third, fourth, fifth] = ids as [number, number, number, number, number];
    const flag = (rowIds: number[], pointsAt: number, decision: 'keep' | null) =>
      db()
        .update(stagingTransactions)
        .set({
          duplicateOfStagingTransactionId: pointsAt,
          duplicateRule: 'match',
          duplicateDecision: decision,
        })
        .where(inArray(stagingTransactions.stagingTransactionId, rowIds));
    await flag([second], first, null);
    await flag([fourth], third, null);
    // Decided already: not waiting.
    await flag([fifth], third, 'keep');

    expect(await detectExceptions(db(), scopeOf(world.clientId), [batchAccountsDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, world.clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'possible_duplicates',
      subjectKey: `batch-account:${world.batchAccountId}`,
      severity: 'Medium',
      link: { place: 'uploadDashboard', clientId: world.clientId },
    });
    expect(rows[0]!.summary).toMatch(
      /^Operating \.\.\.4321 at .+ has 2 possible duplicates to keep or drop before it can be validated\.$/,
    );

    await flag([second, fourth], first, 'keep');
    expect(await batchAccountsDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);
  });

  it('opens one exception for a batch account left Needs Validation too long, High after twice as long', async () => {
    const world = await operatingWorld();
    const days = EXCEPTION_RULES.needsValidationDays;
    await setWaitingSince(world, daysAgo(days - 1, 20));
    expect(await batchAccountsDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);

    await setWaitingSince(world, daysAgo(days + 2, 3));
    expect(await detectExceptions(db(), scopeOf(world.clientId), [batchAccountsDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const [row] = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, world.clientId));
    expect(row).toMatchObject({
      kind: 'needs_validation',
      subjectKey: `batch-account:${world.batchAccountId}`,
      severity: 'Medium',
      since: daysAgo(days + 2, 3),
    });
    expect(row!.summary).toMatch(
      new RegExp(
        `^Operating \\.\\.\\.4321 at .+ has been Needs Validation for ${days + 2} days, since \\w+ \\d+, \\d{4}\\.$`,
      ),
    );

    await setWaitingSince(world, daysAgo(2 * days + 1));
    const [worse] = await batchAccountsDetector.detect(db(), scopeOf(world.clientId));
    expect(worse).toMatchObject({ kind: 'needs_validation', severity: 'High' });
  });

  it('leaves alone batch accounts of a closed report, validated or ignored', async () => {
    const world = await operatingWorld();
    await setWaitingSince(world, daysAgo(30));
    expect(await batchAccountsDetector.detect(db(), scopeOf(world.clientId))).toHaveLength(1);
    await db().update(openReports).set({ closedAt: NOW }).where(eq(openReports.clientId, world.clientId));
    expect(await batchAccountsDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);
    await db().update(openReports).set({ closedAt: null }).where(eq(openReports.clientId, world.clientId));
    await db()
      .update(batchAccounts)
      .set({ status: 'Validated', updatedAt: daysAgo(30) })
      .where(eq(batchAccounts.batchAccountId, world.batchAccountId));
    expect(await batchAccountsDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);
  });
});
