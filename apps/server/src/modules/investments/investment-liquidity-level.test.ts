import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, classifyLiquidityLevel, formatIsoDate, parseIsoDate } from '@tideline/analytics';
import type { PagedList } from '@tideline/contracts';
import type { Investment } from '@tideline/contracts/investments/investments.schemas';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { dayFromToday, insertInvestment, investmentTypeId } from '../../../test/investment-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 41 point 6, docs/models.md "Liquidity level of an investment": every investment has the level
// its remaining term falls in, computed on each read (investment-fields.ts liquidityLevelOf), the same
// as the model's classifyLiquidityLevel on every boundary, and current after an edit of the maturity.

let ctx: TestContext;
let admin: SignedInUser;
let clientId: number;
let accountId: number;

const today = parseIsoDate(dayFromToday(0))!;
/** The day `months` calendar months from today, with the model's month arithmetic. */
const monthsFromToday = (months: number, extraDays = 0) =>
  formatIsoDate(addMonths(today, months) + extraDays);

/** Each maturity with the level the horizons give it (the boundary day belongs to the shorter level). */
const LADDER: [string, number][] = [
  [dayFromToday(-400), 1],
  [dayFromToday(0), 1],
  [dayFromToday(30), 1],
  [dayFromToday(31), 2],
  [dayFromToday(210), 2],
  [dayFromToday(211), 3],
  [monthsFromToday(12), 3],
  [monthsFromToday(12, 1), 4],
  [monthsFromToday(30), 4],
  [monthsFromToday(30, 1), 5],
  [monthsFromToday(120), 5],
];

let ids: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  [clientId] = (await createClients(ctx, 1, 'Ladder')) as [number];
  const bank = await createRelatedBank(ctx, clientId);
  accountId = await createAccountRow(ctx, clientId, bank, { accountType: 'Investment' });
  const typeId = await investmentTypeId(ctx, 'Treasury Bill');
  ids = [];
  for (const [maturityDate] of LADDER)
    ids.push(
      await insertInvestment(ctx, clientId, accountId, {
        investmentTypeId: typeId,
        maturityDate,
        settlementDate: dayFromToday(-500),
        // A stored level that disagrees: it must not be what the answer shows.
        liquidityLevel: 5,
      }),
    );
  admin = await createSignedInUser(ctx, 'Admin');
});

afterAll(async () => {
  await ctx.close();
});

async function listLevels(filters: { id: string; value: unknown }[] = []): Promise<Map<number, number>> {
  const res = await call(ctx, 'POST', `/api/investments/client/${clientId}`, admin, {
    pageSize: 50,
    pageIndex: 0,
    filters,
  });
  expect(res.statusCode).toBe(200);
  const page = res.json() as PagedList<Investment>;
  return new Map(page.results.map((r) => [r.id, r.liquidityLevel as number]));
}

describe('liquidity level of an investment', () => {
  it('is the level of the remaining term on every boundary, as classifyLiquidityLevel says', async () => {
    const levels = await listLevels();
    expect(LADDER.map((_, i) => levels.get(ids[i]!))).toEqual(LADDER.map(([, level]) => level));
    expect(LADDER.map((_, i) => levels.get(ids[i]!))).toEqual(
      LADDER.map(([maturity]) => classifyLiquidityLevel(parseIsoDate(maturity)!, today)),
    );
    const one = (await call(ctx, 'GET', `/api/investments/${ids[7]}`, admin)).json() as Investment;
    expect(one.liquidityLevel).toBe(4);
  });

  it('filters and sorts by the computed level', async () => {
    const four = await listLevels([{ id: 'liquidityLevel', value: { low: 4, high: 4 } }]);
    expect([...four.keys()].sort((a, b) => a - b)).toEqual([ids[7], ids[8]]);
    const res = await call(ctx, 'POST', `/api/investments/client/${clientId}`, admin, {
      pageSize: 50,
      pageIndex: 0,
      sortOrder: [{ id: 'liquidityLevel', desc: true }],
    });
    const sorted = (res.json() as PagedList<Investment>).results.map((r) => r.liquidityLevel);
    expect(sorted).toEqual([...sorted].sort((a, b) => (b as number) - (a as number)));
    expect(sorted[0]).toBe(5);
  });

  it('follows an edit of the maturity at once', async () => {
    const id = ids[9]!; // 30 months and a day: level 5
    const res = await call(ctx, 'PUT', `/api/investments/${id}`, admin, {
      investment: {
        faceValue: '100000',
        settlementAmount: '99000',
        interestRate: '4.5',
        couponRate: '',
        maturityDate: dayFromToday(45),
        callDate: '',
        settlementDate: dayFromToday(-500),
        investmentTypeId: await investmentTypeId(ctx, 'Treasury Bill'),
        fund: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { investment: Investment }).investment.liquidityLevel).toBe(2);
    expect((await listLevels()).get(id)).toBe(2);
  });
});
