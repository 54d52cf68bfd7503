import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../market-rates/rate-observation';
import { banks, exceptionItems, notes } from '../../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../../test/account-fixtures';
import { insertInvestment } from '../../../../test/investment-fixtures';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { readMaturityLimitDays } from '../../settings/global-settings.service';
import { detectExceptions } from '../detect-exceptions';
import type { DetectorScope } from '../finding';
import { maturingInvestmentsDetector } from './maturing-investments.detector';

// Issue 43 point 1, "maturing investments inside the maturity limit with no note": one exception per
// investment maturing from the detection's day to the limit (global setting 2) without a note on its
// account written since it came within the limit.

let ctx: TestContext;
let author: SignedInUser;
const db = () => ctx.database.db;
const TODAY = '2026-10-20';
const scopeOf = (clientIds: number[]): DetectorScope => ({
  clientIds,
  today: TODAY,
  now: new Date(`${TODAY}T15:00:00Z`),
});

beforeAll(async () => {
  ctx = await createTestContext();
  author = await createSignedInUser(ctx, 'Admin');
});
afterAll(() => ctx.close());

/** A client with one account at a bank named Harbor Bank …; answers both ids. */
async function createHolder() {
  const [clientId] = (await createClients(ctx, 1, 'Maturing')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  await db()
    .update(banks)
    .set({ bankName: `Harbor Bank ${bankId}` })
    .where(eq(banks.bankId, bankId));
  const accountId = await createAccountRow(ctx, clientId, bankId, { accountName: 'Reserve CD' });
  return { clientId, bankId, accountId };
}

const invest = (clientId: number, accountId: number, maturityDate: string, faceValue = '250000.00') =>
  insertInvestment(ctx, clientId, accountId, { maturityDate, faceValue, settlementDate: '2026-01-15' });

async function insertAccountNote(clientId: number, accountId: number, createdAt: string) {
  await db()
    .insert(notes)
    .values({
      noteTitle: 'Rollover',
      noteDescription: 'Roll into a 6-month CD',
      authorId: author.userId,
      tableLinkedTo: 'accounts',
      linkedId: accountId,
      clientId,
      createdAt: new Date(createdAt),
    });
}

describe('maturingInvestmentsDetector', () => {
  it('finds an investment maturing within a week with no note, High, with its face value, type and bank', async () => {
    const limit = await readMaturityLimitDays(db());
    const { clientId, bankId, accountId } = await createHolder();
    const maturity = addDays(TODAY, 3);
    const investmentId = await invest(clientId, accountId, maturity);
    expect(await maturingInvestmentsDetector.detect(db(), scopeOf([clientId]))).toEqual([
      {
        clientId,
        kind: 'maturing_investment',
        subjectKey: `investment:${investmentId}:${maturity}`,
        severity: 'High',
        summary: `$250,000.00 Treasury Bill at Harbor Bank ${bankId} (Reserve CD) matures ${maturity}, in 3 days, with no note on its account since it came within the maturity limit.`,
        link: { place: 'investments', clientId, investmentId },
        since: `${addDays(maturity, -limit)}T00:00:00.000Z`,
        amount: 250_000,
      },
    ]);
    expect(await detectExceptions(db(), scopeOf([clientId]), [maturingInvestmentsDetector])).toMatchObject({
      found: 1,
      opened: 1,
    });
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'maturing_investment', severity: 'High', amount: '250000.00' });
  });

  it('finds one further off Low, a note older than its window not counting', async () => {
    const limit = await readMaturityLimitDays(db());
    const { clientId, accountId } = await createHolder();
    const maturity = addDays(TODAY, Math.min(20, limit));
    await invest(clientId, accountId, maturity, '1000000.00');
    await insertAccountNote(clientId, accountId, `${addDays(maturity, -limit - 1)}T12:00:00Z`);
    const findings = await maturingInvestmentsDetector.detect(db(), scopeOf([clientId]));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'Low', amount: 1_000_000 });
    expect(findings[0]!.summary).toContain(`$1,000,000.00 Treasury Bill`);
    expect(findings[0]!.summary).toContain(`in ${Math.min(20, limit)} days`);
  });

  it('finds nothing for investments of an account with a recent note, past the limit or matured', async () => {
    const limit = await readMaturityLimitDays(db());
    const noted = await createHolder();
    await invest(noted.clientId, noted.accountId, addDays(TODAY, 5));
    await insertAccountNote(noted.clientId, noted.accountId, `${TODAY}T09:00:00Z`);
    const later = await createHolder();
    await invest(later.clientId, later.accountId, addDays(TODAY, limit + 1));
    await invest(later.clientId, later.accountId, addDays(TODAY, -1));
    const clientIds = [noted.clientId, later.clientId];
    expect(await maturingInvestmentsDetector.detect(db(), scopeOf(clientIds))).toEqual([]);

    // A note is on the account: a second investment of it maturing inside the limit is covered too.
    await invest(noted.clientId, noted.accountId, addDays(TODAY, 6));
    expect(await maturingInvestmentsDetector.detect(db(), scopeOf(clientIds))).toEqual([]);
  });

  it('resolves itself once someone writes a note on the account', async () => {
    const { clientId, accountId } = await createHolder();
    await invest(clientId, accountId, addDays(TODAY, 10));
    expect(await detectExceptions(db(), scopeOf([clientId]), [maturingInvestmentsDetector])).toMatchObject({
      opened: 1,
    });
    await insertAccountNote(clientId, accountId, `${TODAY}T10:00:00Z`);
    expect(await detectExceptions(db(), scopeOf([clientId]), [maturingInvestmentsDetector])).toMatchObject({
      found: 0,
      resolved: 1,
    });
  });
});
