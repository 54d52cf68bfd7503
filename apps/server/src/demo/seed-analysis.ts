import { and, eq, sql } from 'drizzle-orm';
import { CASH_VEST_SUB_SCORES } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { Db } from '../db/open-database';
import { accountGroups, cashVestScores } from '../db/schema';
import { computeBalanceTables } from '../modules/balance-tables/balance-tables.job';
import { saveCashVestScores } from '../modules/cash-vest/cash-vest-edits.service';
import { findSuggestionFor } from '../modules/cash-vest/cash-vest.service';
import { NOT_SUGGESTED_COMMENT, SUGGESTED_COMMENT } from '../modules/cash-vest/record-suggested-cash-vest';
import { runMonteCarloNow } from '../modules/monte-carlo/run-monte-carlo-now';
import { runShortTermModelNow } from '../modules/short-term/short-term.job';
import type { AuditContext } from '../platform/audit/write-audit';
import type { Storage } from '../platform/storage/storage';

// The demo clients' analysis history (issue 18), so the analysis screens and the client summary
// widgets show data on a fresh demo: each client's balance tables; for its 'All Accounts' group a
// Monte Carlo run as of the last quarter's end and one as of the data's last day; a short-term model
// over the last 30 months with its forecast; and cashVest scores of the last four quarters as the
// model suggests them. Seeds are fixed, so two demos seeded on the same day hold the same results.

const DAY_MS = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last day of each of the `count` full quarters ending on or before `day`, oldest first. */
export function lastQuarterEnds(day: string, count: number): string[] {
  const d = new Date(timeOf(day));
  let quarter = Math.floor(d.getUTCMonth() / 3);
  let year = d.getUTCFullYear();
  const endOf = (y: number, q: number) => iso(Date.UTC(y, q * 3 + 3, 0));
  if (endOf(year, quarter) !== day) quarter -= 1;
  const ends: string[] = [];
  for (let i = 0; i < count; i += 1, quarter -= 1) {
    if (quarter < 0) {
      quarter = 3;
      year -= 1;
    }
    ends.unshift(endOf(year, quarter));
  }
  return ends;
}

const startOfQuarter = (end: string) => {
  const d = new Date(timeOf(end));
  return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 2, 1));
};

const monthsBefore = (day: string, months: number) => {
  const d = new Date(timeOf(day));
  return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate()));
};

async function allAccountsGroupOf(db: Db, clientId: number): Promise<number> {
  const [group] = await db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  return group!.groupId;
}

/**
 * The group and start date of the demo forecast: the 'All Accounts' group over the last 30 months
 * when every member has data that long, else the group whose members all have the longest history
 * (the model needs 24 months from the group's minDate, the latest first transaction of its members).
 */
async function forecastGroupOf(db: Db, clientId: number, lastDate: string) {
  const { rows } = await db.execute(sql`
    select g.group_id as "groupId", g.is_all_accounts as "isAll", max(first.day)::text as "minDate"
    from account_groups g
    join account_group_accounts m on m.group_id = g.group_id
    join lateral (select min(t.transaction_date) as day from transactions t where t.account_id = m.account_id) first
      on first.day is not null
    where g.client_id = ${clientId}
    group by g.group_id, g.is_all_accounts
    order by max(first.day), g.is_all_accounts desc, g.group_id`);
  const groups = rows as { groupId: number; isAll: boolean; minDate: string }[];
  const wanted = monthsBefore(lastDate, 30);
  const group = groups.find((g) => g.isAll && g.minDate <= wanted) ?? groups[0]!;
  return { accountGroupId: group.groupId, startDate: group.minDate > wanted ? group.minDate : wanted };
}

type Pick = { score: number; comment: string };

/** A quarter's cashVest score as an analyst accepting the model's suggestions would save it. */
async function scoreQuarter(db: Db, ctx: AuditContext, clientId: number, userId: number, end: string) {
  const startDate = startOfQuarter(end);
  const [row] = await db
    .insert(cashVestScores)
    .values({
      clientId,
      startDate,
      endDate: end,
      createdBy: userId,
      updatedBy: userId,
      createdAt: new Date(timeOf(end) + 5 * DAY_MS),
    })
    .returning();
  const suggestion = await findSuggestionFor(db, row!, userId);
  // A sub-score the model cannot suggest (an input is missing) takes its range's middle, and says so.
  const picks = CASH_VEST_SUB_SCORES.map((s) => {
    const suggested = suggestion.subScores.find((sub) => sub.key === s.key)?.score;
    return suggested == null
      ? { score: Math.round((s.min + s.max) / 2), comment: NOT_SUGGESTED_COMMENT }
      : { score: suggested, comment: SUGGESTED_COMMENT };
  });
  const [value, liquidity, warnick, cashflow, investment] = picks as [Pick, Pick, Pick, Pick, Pick];
  await saveCashVestScores(db, ctx, row!, userId, {
    startDate,
    endDate: end,
    valueScore: value.score,
    liquidityProf: liquidity.score,
    warnickRate: warnick.score,
    cashflow: cashflow.score,
    investment: investment.score,
    valueScoreComments: value.comment,
    liquidityProfComments: liquidity.comment,
    warnickRateComments: warnick.comment,
    cashflowComments: cashflow.comment,
    investmentComments: investment.comment,
  });
}

/**
 * Each client's analysis history as of `lastDate`, the last day of its books (a client whose open
 * period is left to ingestion is analysed up to the day before it, so nothing reads the days it lacks).
 */
export async function seedDemoAnalysis(
  deps: { db: Db; storage: Storage; ctx: AuditContext },
  clients: readonly { clientId: number; lastDate: string }[],
  analystId: number,
): Promise<void> {
  const { db, storage, ctx } = deps;
  let seed = 20_261_127;
  for (const { clientId, lastDate } of clients) {
    const quarterEnds = lastQuarterEnds(lastDate, 4);
    const who = { clientId, userId: analystId };
    await computeBalanceTables({ db, data: who, setProgress: async () => undefined });
    const accountGroupId = await allAccountsGroupOf(db, clientId);
    const previousEnd = quarterEnds.filter((end) => end < lastDate).at(-1)!;
    const runs = [
      {
        name: 'Quarter-end liquidity',
        endDate: previousEnd,
        createdAt: new Date(timeOf(previousEnd) + 7 * DAY_MS),
      },
      { name: 'Current liquidity', endDate: lastDate, createdAt: new Date(timeOf(lastDate) + DAY_MS) },
    ];
    for (const run of runs) {
      await runMonteCarloNow(db, { ...who, accountGroupId, numberOfYears: 2, seed: (seed += 7919), ...run });
    }
    const forecast = await forecastGroupOf(db, clientId, lastDate);
    await runShortTermModelNow(db, storage, {
      ...who,
      ...forecast,
      name: 'Cash forecast',
      endDate: lastDate,
    });
    for (const end of quarterEnds) await scoreQuarter(db, ctx, clientId, analystId, end);
  }
}
