import type { Db } from '../db/open-database';
import { investmentGroupInvestments, investmentGroups, investments, investmentTypes } from '../db/schema';
import { DEMO_INVESTMENT_GROUPS, planDemoInvestments } from './demo-investments';

/**
 * Writes the demo portfolio and its groups straight to the tables (investments come from ingestion in
 * the product; there is no create call to go through). Answers how many holdings were written.
 */
export async function seedInvestments(
  db: Db,
  endDate: string,
  seed: number,
  accountIds: ReadonlyMap<string, { clientId: number; accountId: number }>,
): Promise<number> {
  const types = await db.select().from(investmentTypes);
  const typeId = new Map(types.map((t) => [t.investmentTypeName, t.investmentTypeId]));
  const planned = planDemoInvestments(endDate, seed);
  const rows = await db
    .insert(investments)
    .values(
      planned.map((p) => {
        const account = accountIds.get(p.accountKey)!;
        return {
          clientId: account.clientId,
          accountId: account.accountId,
          investmentTypeId: typeId.get(p.type)!,
          marketIdentifier: p.identifier,
          faceValue: p.faceValue,
          settlementAmount: p.settlementAmount,
          interestRate: p.interestRate,
          couponRate: p.couponRate,
          settlementDate: p.settlementDate,
          maturityDate: p.maturityDate,
          callDate: p.callDate,
          fund: p.fund,
        };
      }),
    )
    .returning({ id: investments.id });
  for (const group of DEMO_INVESTMENT_GROUPS) {
    const [created] = await db.insert(investmentGroups).values({ groupName: group.name }).returning();
    const members = planned.flatMap((p, i) => (group.includes(p, endDate) ? [rows[i]!.id] : []));
    if (members.length)
      await db
        .insert(investmentGroupInvestments)
        .values(members.map((investmentId) => ({ groupId: created!.groupId, investmentId })));
  }
  return rows.length;
}
