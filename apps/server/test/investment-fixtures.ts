import { eq, sql } from 'drizzle-orm';
import { investments, investmentTypes } from '../src/db/schema';
import type { TestContext } from './test-context';

// Investments the investment tests stand on, written straight to the database (ingestion creates them
// in the product; the API only reads, edits, groups and deletes them).

/** A day `offset` days from today (UTC), as YYYY-MM-DD. */
export function dayFromToday(offset: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

export async function investmentTypeId(ctx: TestContext, name: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: investmentTypes.investmentTypeId })
    .from(investmentTypes)
    .where(eq(sql`lower(${investmentTypes.investmentTypeName})`, name.toLowerCase()));
  if (!row) throw new Error(`No investment type ${name}`);
  return row.id;
}

export async function insertInvestment(
  ctx: TestContext,
  clientId: number,
  accountId: number,
  overrides: Partial<typeof investments.$inferInsert> = {},
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(investments)
    .values({
      clientId,
      accountId,
      investmentTypeId: overrides.investmentTypeId ?? (await investmentTypeId(ctx, 'Treasury Bill')),
      marketIdentifier: '912797GK7',
      faceValue: '100000.00',
      settlementAmount: '99000.00',
      interestRate: '4.500000',
      couponRate: null,
      settlementDate: dayFromToday(-30),
      maturityDate: dayFromToday(60),
      ...overrides,
    })
    .returning({ id: investments.id });
  return row!.id;
}
