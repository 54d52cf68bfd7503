import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountGroups } from '../../../db/schema';
import {
  createAccountRow,
  createRelatedBank,
  insertTransactions,
  weekdays,
} from '../../../../test/account-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../../test/test-context';
import { notClientGroup } from './report-context';
import { allAccountsGroupOf, params, PERIOD, readText } from './report-document.fixtures';
import { REPORT_SECTIONS } from './report-sections';
import { renderLiquidityAnalysis } from './render-liquidity-analysis';
import { NO_GROUP_TABLES } from './sections/all-accounts';
import { NO_MONTE_CARLO } from './sections/liquidity-levels';
import { NO_FORECAST } from './sections/short-term';
import { NO_CASH_VEST, NO_TABLES } from './sections/summary';

// Issue 19 "Bad input": a report whose analyses are missing still generates, each missing analysis
// said in one line in its section, and a group of another client shows nothing of it.

let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe('a report of a client without analyses', () => {
  it('still generates, each missing analysis said in one line', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Report Bare')) as [number];
    const [otherClientId] = (await createClients(ctx, 1, 'Report Other')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    const accountId = await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '1000.00',
      accountBalanceDate: PERIOD.startDate,
    });
    await insertTransactions(
      ctx,
      clientId,
      accountId,
      weekdays('2031-01-02', '2031-01-09').map((transactionDate) => ({ transactionDate, amount: '10.00' })),
    );
    const groupId = await allAccountsGroupOf(ctx, clientId);
    const [foreign] = await db()
      .insert(accountGroups)
      .values({ clientId: otherClientId, groupName: 'Not yours' })
      .returning({ groupId: accountGroups.groupId });
    const foreignGroupId = foreign!.groupId;
    const pdf = await renderLiquidityAnalysis(db(), {
      reportId: 9002,
      clientId,
      ...PERIOD,
      generatedAt: new Date('2031-04-05T09:00:00Z'),
      params: params({
        clientId,
        allAccountsGraph: [groupId],
        stackedAreaAndStats: [groupId, foreignGroupId],
        stressTestResult: [groupId],
        shortTermLiquidity: [groupId],
      }),
    });
    const text = await readText(pdf);
    for (const title of [
      REPORT_SECTIONS.allAccounts,
      REPORT_SECTIONS.liquidityLevels,
      REPORT_SECTIONS.stressTest,
      REPORT_SECTIONS.shortTerm,
    ])
      expect(text, title).toContain(title);
    expect(text).toContain(NO_TABLES);
    expect(text).toContain(NO_GROUP_TABLES);
    expect(text).toContain(NO_MONTE_CARLO);
    expect(text).toContain(NO_FORECAST);
    expect(text).toContain(NO_CASH_VEST);
    expect(text).toContain(notClientGroup(foreignGroupId));
    expect(text).not.toContain(REPORT_SECTIONS.fees);
    expect(text).not.toContain('could not be built');
  }, 60_000);
});
