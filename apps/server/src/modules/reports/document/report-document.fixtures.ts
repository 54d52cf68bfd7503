import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { readPdfText } from '@tideline/ingest/pdf/read-pdf-text';
import { DEFAULT_LIMITS } from '@tideline/ingest/core/limits';
import type { CashVestResult } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import {
  GenerateReportSchema,
  type GenerateReportPayload,
} from '@tideline/contracts/reports/reports.schemas';
import { accountGroups, accountLinks, bankClientRelationships, fees, openReports } from '../../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../../test/account-fixtures';
import { call, createClients, type SignedInUser, type TestContext } from '../../../../test/test-context';
import { computeBalanceTables } from '../../balance-tables/balance-tables.job';
import { interestKeywordId } from '../../cash-vest/cash-vest.fixtures';
import { createMonteCarloGroup, insertLevelRates } from '../../monte-carlo/monte-carlo.fixtures';
import { runMonteCarloNow } from '../../monte-carlo/run-monte-carlo-now';
import { runShortTermModelNow } from '../../short-term/short-term.job';

// Test records of the Liquidity Analysis tests: a client whose history, balance tables, Monte Carlo
// runs, short-term models and cashVest score are made by the real jobs and routes, and the PDF's text.

export const PERIOD = { startDate: '2031-01-01', endDate: '2031-03-31' } as const;
/** The Monte Carlo runs are dated just after the period; their market rates are of that day. */
export const RUN_DAY = '2031-04-02';
export const SCORES = { valueScore: 14, liquidityProf: 24, warnickRate: 12, cashflow: 15, investment: 7 };

export const params = (
  overrides: Partial<GenerateReportPayload> & { clientId: number },
): GenerateReportPayload => GenerateReportSchema.parse(overrides);

/** Each page's text layer, runs of white space made one space (lines wrap anywhere). */
export async function readPageTexts(pdf: Buffer): Promise<string[]> {
  const read = await readPdfText(new Uint8Array(pdf), DEFAULT_LIMITS, Date.now());
  if (!read.ok) throw new Error(read.error.message);
  return read.value.map((page) =>
    page
      .map((item) => item.text)
      .join(' ')
      .replace(/\s+/g, ' '),
  );
}

/** The PDF's text layer as one string, runs of white space made one space (lines wrap anywhere). */
export async function readText(pdf: Buffer): Promise<string> {
  return (await readPageTexts(pdf)).join(' ');
}

export async function allAccountsGroupOf(ctx: TestContext, clientId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  return row!.groupId;
}

export interface ReportWorld {
  clientId: number;
  clientName: string;
  groupId: number;
  allAccountsId: number;
  moneyMarketId: number;
  dormantId: number;
  monteCarloId: number;
  cashVestId: number;
}

/**
 * Three accounts over two years to the period's end: an operating account in a group of its own (the
 * Monte Carlo fixture's history), a money market receiving interest, and a dormant account with a fee
 * and two transactions; the dormant account is linked to the operating one.
 */
export async function createReportWorld(ctx: TestContext, admin: SignedInUser): Promise<ReportWorld> {
  const db = () => ctx.database.db;
  const [clientId] = (await createClients(ctx, 1, 'Report Client')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const { accountId: operatingId, groupId } = await createMonteCarloGroup(ctx, clientId, {
    bankId,
    endDate: PERIOD.endDate,
    firstDate: '2028-07-03',
    balance: 2_400_000,
    name: `Operating ${randomUUID().slice(0, 6)}`,
  });
  const moneyMarketId = await createAccountRow(ctx, clientId, bankId, {
    accountName: 'Reserve Money Market',
    accountCategory: 'Money Market',
    accountBalance: '600000.00',
    accountBalanceDate: PERIOD.endDate,
  });
  const keywordId = await interestKeywordId(ctx);
  await insertTransactions(ctx, clientId, moneyMarketId, [
    { transactionDate: '2030-06-30', amount: '1800.00', keywordId, description: 'INTEREST PAID' },
    { transactionDate: '2031-01-31', amount: '2100.00', keywordId, description: 'INTEREST PAID' },
    { transactionDate: '2031-02-28', amount: '1900.00', keywordId, description: 'INTEREST PAID' },
  ]);
  const dormantId = await createAccountRow(ctx, clientId, bankId, {
    accountName: 'Dormant Payroll Clearing',
    accountBalance: '5000.00',
    accountBalanceDate: PERIOD.endDate,
  });
  await insertTransactions(ctx, clientId, dormantId, [
    { transactionDate: '2031-02-10', amount: '-120.00', description: 'CHECK 1042' },
    { transactionDate: '2031-03-10', amount: '-80.00', description: 'ACH PPD VENDOR' },
  ]);
  await db()
    .insert(accountLinks)
    .values({ clientId, accountId: dormantId, linkedToAccountId: operatingId, linkedDate: '2030-01-15' });
  const [rel] = await db()
    .select({ id: bankClientRelationships.bankClientRelId })
    .from(bankClientRelationships)
    .where(and(eq(bankClientRelationships.clientId, clientId), eq(bankClientRelationships.bankId, bankId)));
  await db().insert(fees).values({
    clientId,
    bankClientRelId: rel!.id,
    accountId: dormantId,
    periodStart: '2031-03-01',
    periodEnd: '2031-03-31',
    batchId: 0,
    batchFileId: 0,
    sourceRowNumber: 1,
    category: 'Account Maintenance',
    amount: '45.00',
  });
  // The cycle the report is generated in: the analyses below join it.
  await db()
    .insert(openReports)
    .values({ clientId, ...PERIOD });
  await computeBalanceTables({
    db: db(),
    data: { clientId, userId: admin.userId },
    setProgress: async () => {},
  });
  await insertLevelRates(ctx, RUN_DAY);
  const allAccountsId = await allAccountsGroupOf(ctx, clientId);
  const run = async (accountGroupId: number, name: string) => {
    const result = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId,
      userId: admin.userId,
      name,
      endDate: PERIOD.endDate,
      numberOfYears: 1,
      paths: 300,
      seed: 11,
      createdAt: new Date(`${RUN_DAY}T12:00:00Z`),
    });
    if (result.state !== 'done') throw new Error(`Monte Carlo ${name} failed: ${result.message}`);
    return result.monteCarloId;
  };
  const monteCarloId = await run(groupId, 'Operating quarter');
  await run(allAccountsId, 'Whole client quarter');
  // A forecast of the previous cycle (checked by this period) and one of this cycle.
  for (const [name, endDate] of [
    ['Previous cycle forecast', '2030-12-31'],
    ['This cycle forecast', PERIOD.endDate],
  ] as const) {
    const model = await runShortTermModelNow(db(), ctx.platform.storage, {
      clientId,
      userId: admin.userId,
      accountGroupId: groupId,
      name,
      startDate: '2028-07-03',
      endDate,
    });
    if (model.step2?.state !== 'done') throw new Error(`${name}: ${JSON.stringify(model)}`);
  }
  const created = await call(ctx, 'POST', `/api/analytics/cash-vest/${clientId}`, admin);
  if (created.statusCode !== 201) throw new Error(created.body);
  const cashVestId = (created.json() as CashVestResult).cashVest.cashVestId;
  const edited = await call(ctx, 'PUT', `/api/analytics/cash-vest/update/${cashVestId}`, admin, {
    cashVest: { ...PERIOD, ...SCORES, valueScoreComments: 'Most of the money earns.' },
  });
  if (edited.statusCode !== 200) throw new Error(edited.body);
  const [client] = await db().query.clients.findMany({ where: (c, { eq: is }) => is(c.clientId, clientId) });
  return {
    clientId,
    clientName: client!.clientName,
    groupId,
    allAccountsId,
    moneyMarketId,
    dormantId,
    monteCarloId,
    cashVestId,
  };
}
