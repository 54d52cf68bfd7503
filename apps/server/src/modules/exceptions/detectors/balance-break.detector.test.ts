import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  batchAccounts,
  exceptionItems,
  stagingStatements,
  stagingTransactions,
} from '../../../db/schema';
import { createStagingWorld, stageTransactions, type StagingWorld } from '../../../../test/staging-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../../test/test-context';
import { detectExceptions } from '../detect-exceptions';
import type { DetectorScope } from '../finding';
import { balanceBreakDetector } from './balance-break.detector';

// Issue 43 "one statement row removed → one break with its difference": a statement whose opening
// balance plus its staged rows gives its closing balance reconciles; take one row away and the batch
// account no longer does, by exactly that row's amount.

let ctx: TestContext;
const db = () => ctx.database.db;
const scopeOf = (clientId: number): DetectorScope => ({
  clientIds: [clientId],
  today: '2026-10-20',
  now: new Date('2026-10-20T15:00:00Z'),
});

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A world whose account is called Operating ...4321. */
async function operatingWorld(): Promise<StagingWorld> {
  const [clientId] = (await createClients(ctx, 1, 'Break')) as [number];
  const world = await createStagingWorld(ctx, clientId);
  await db()
    .update(accounts)
    .set({ accountName: 'Operating', accountNumber: 'OP-4321' })
    .where(eq(accounts.accountId, world.accountId));
  return world;
}

/** One statement of `from`–`to` in its own file, opening at `opening`, its rows adding up to its close. */
async function stageStatement(
  world: StagingWorld,
  fileName: string,
  period: { from: string; to: string; opening: string },
  amounts: readonly string[],
) {
  const { batchFileId, ids } = await stageTransactions(
    ctx,
    world,
    amounts.map((amount) => ({ transactionDate: period.from, amount })),
    fileName,
  );
  await db()
    .update(stagingTransactions)
    .set({ statementIndex: 0 })
    .where(eq(stagingTransactions.batchFileId, batchFileId));
  const closingCents = amounts.reduce(
    (sum, a) => sum + Math.round(Number(a) * 100),
    Math.round(Number(period.opening) * 100),
  );
  await db()
    .insert(stagingStatements)
    .values({
      clientId: world.clientId,
      batchId: world.batchId,
      batchAccountId: world.batchAccountId,
      batchFileId,
      statementIndex: 0,
      fromDate: period.from,
      toDate: period.to,
      openingBalance: period.opening,
      closingBalance: (closingCents / 100).toFixed(2),
      balanceSource: 'statement',
      entryCount: amounts.length,
    });
  return ids;
}

const july = { from: '2026-07-01', to: '2026-07-31', opening: '1000.00' };

describe('balance break', () => {
  it('finds one break, with its difference, once a statement row is removed', async () => {
    const world = await operatingWorld();
    const [, check] = await stageStatement(world, 'july.csv', july, ['1250.50', '-200.00', '-5.00']);
    expect(await balanceBreakDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);

    await db().delete(stagingTransactions).where(eq(stagingTransactions.stagingTransactionId, check!));
    expect(await detectExceptions(db(), scopeOf(world.clientId), [balanceBreakDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, world.clientId));
    expect(rows).toHaveLength(1);
    const bankName = rows[0]!.summary.split(' at ')[1]!.split(':')[0];
    expect(rows[0]).toMatchObject({
      kind: 'balance_break',
      subjectKey: `batch-account:${world.batchAccountId}`,
      severity: 'High',
      amount: '200.00',
      link: { place: 'uploadDashboard', clientId: world.clientId },
      summary:
        `Operating ...4321 at ${bankName}: The statement of 07/01/2026–07/31/2026 in july.csv: the opening ` +
        'balance $1,000.00 plus its 2 rows ($1,245.50) gives $2,245.50, but the closing balance is $2,045.50: ' +
        'a difference of -$200.00.',
    });
  });

  it('names the business days no statement covers, and not a weekend between two statements', async () => {
    const world = await operatingWorld();
    await stageStatement(world, 'july.csv', july, ['40.00']);
    // Friday July 31 to Monday August 3: nothing is missing.
    await stageStatement(
      world,
      'august-1.csv',
      { from: '2026-08-03', to: '2026-08-07', opening: '1040.00' },
      ['5.00', '-5.00'],
    );
    expect(await balanceBreakDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);

    await stageStatement(
      world,
      'august-3.csv',
      { from: '2026-08-17', to: '2026-08-31', opening: '1040.00' },
      ['1.00'],
    );
    const found = await balanceBreakDetector.detect(db(), scopeOf(world.clientId));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      subjectKey: `batch-account:${world.batchAccountId}:gap:2026-08-08`,
      severity: 'Medium',
      since: '2026-08-08',
      amount: null,
    });
    expect(found[0]!.summary).toMatch(
      /^Operating \.\.\.4321 at .+: no statement covers 08\/08\/2026–08\/16\/2026 \(5 business days\), between the statement of 08\/03\/2026–08\/07\/2026 in august-1\.csv and the one of 08\/17\/2026–08\/31\/2026 in august-3\.csv\.$/,
    );
  });

  it('leaves alone an account validated, ignored or decided with an override', async () => {
    const world = await operatingWorld();
    const [row] = await stageStatement(world, 'july.csv', july, ['10.00', '20.00']);
    await db().delete(stagingTransactions).where(eq(stagingTransactions.stagingTransactionId, row!));
    expect(await balanceBreakDetector.detect(db(), scopeOf(world.clientId))).toHaveLength(1);
    const setAccount = (values: Partial<typeof batchAccounts.$inferInsert>) =>
      db().update(batchAccounts).set(values).where(eq(batchAccounts.batchAccountId, world.batchAccountId));
    await setAccount({ overrideReason: 'Bank confirmed the fee reversal', overrideAt: new Date() });
    expect(await balanceBreakDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);
    await setAccount({
      overrideReason: null,
      overrideAt: null,
      status: 'Ignored',
      restoreStatus: 'Needs Validation',
    });
    expect(await balanceBreakDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);
    await setAccount({ status: 'Validated', restoreStatus: null });
    expect(await balanceBreakDetector.detect(db(), scopeOf(world.clientId))).toEqual([]);
  });
});
