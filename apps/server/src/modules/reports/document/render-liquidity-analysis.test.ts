import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashVestResult } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { MonteCarloResults } from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import {
  GLOBAL_SETTING_DEFAULTS,
  GLOBAL_SETTING_IDS,
} from '@tideline/contracts/settings/global-settings.schemas';
import {
  call,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { NOT_SUGGESTED_COMMENT, SUGGESTED_COMMENT } from '../../cash-vest/record-suggested-cash-vest';
import { createSolidPng } from '../../settings/firm.fixtures';
import { readGlobalSetting } from '../../settings/global-settings.service';
import { loadReportContext } from './report-context';
import { formatMoney, formatPeriod } from './report-format';
import {
  createReportWorld,
  params,
  PERIOD,
  readText,
  SCORES,
  type ReportWorld,
} from './report-document.fixtures';
import { REPORT_SECTIONS } from './report-sections';
import { renderLiquidityAnalysis } from './render-liquidity-analysis';
import { buildAccountsToClose, noneToClose } from './sections/accounts-to-close';
import { describeStars } from './sections/summary';

// The Liquidity Analysis read back (issue 19 point 6): a client whose history, balance tables, Monte
// Carlo runs and cashVest score are made by the real jobs and routes, rendered, and its text layer
// searched for the client, the period, the sections asked for (and only those), and the Monte Carlo
// and cashVest figures as the results panel and the cashVest route answer them.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const MIN_TRANSACTIONS = GLOBAL_SETTING_IDS.minTransactionsPerMonth;
const FIRM = 'Cedar Point Treasury Advisors';
const putMinTransactions = (value: number) =>
  call(ctx, 'PUT', `/api/administration/global-setting/${MIN_TRANSACTIONS}`, admin, {
    globalSetting: { value },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('a report of a client with its analyses', () => {
  let world: ReportWorld;
  let text: string;
  let raw: string;
  /** Global setting 3 as the report read it. */
  let minimum: number;
  const progress: number[] = [];

  beforeAll(async () => {
    world = await createReportWorld(ctx, admin);
    minimum = await readGlobalSetting(db(), MIN_TRANSACTIONS);
    // Two sub-scores carry the texts the model and the demo write in an analyst's place.
    const edited = await call(ctx, 'PUT', `/api/analytics/cash-vest/update/${world.cashVestId}`, admin, {
      cashVest: {
        ...PERIOD,
        ...SCORES,
        valueScoreComments: 'Most of the money earns.',
        liquidityProfComments: NOT_SUGGESTED_COMMENT,
        warnickRateComments: SUGGESTED_COMMENT,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const pdf = await renderLiquidityAnalysis(db(), {
      reportId: 9001,
      clientId: world.clientId,
      ...PERIOD,
      generatedAt: new Date('2031-04-05T09:00:00Z'),
      preparedBy: admin.userId,
      // The firm as Global Settings gives it (firm.test.ts covers the setting): test files share the
      // database, and the firm is one row.
      firm: {
        firmName: FIRM,
        logo: { contentType: 'image/png', bytes: createSolidPng(40, 16, [10, 50, 110]) },
      },
      params: params({
        clientId: world.clientId,
        allAccountsGraph: [world.groupId, world.allAccountsId],
        stackedAreaAndStats: [world.groupId],
        liquidityLevelAmounts: 1,
        liquidTargetAccount: 1,
        highYieldTargetAccountId: world.moneyMarketId,
        minTransacForClosureGroupId: world.allAccountsId,
        zbaAccountStructure: 1,
      }),
      onProgress: (percent) => {
        progress.push(percent);
      },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    text = await readText(pdf);
    raw = pdf.toString('latin1');
  }, 120_000);

  it('names the client, the period, the report, the firm of Global Settings and the preparing analyst', () => {
    expect(text).toContain(world.clientName);
    expect(text).toContain(formatPeriod(PERIOD.startDate, PERIOD.endDate));
    expect(text).toContain('01/01/2031 to 03/31/2031');
    expect(text).toContain('Liquidity Analysis');
    expect(text).toContain('9001');
    expect(text).toContain(`Prepared by ${FIRM}`);
    expect(text).toContain(`Analyst Test Admin Analyst e-mail ${admin.email}`);
    expect(text).not.toContain('Tideline');
    expect(text).toMatch(/page 2 of \d+/);
    // The logo is drawn on the cover: one image in the PDF.
    expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('says in dollars a year how far the money above the operating need earns below the benchmark', () => {
    expect(text).toMatch(/Earnings Against the Benchmark Balance above the operating need \$[\d,]+/);
    expect(text).toMatch(/Below the benchmark by, a year \$[\d,]+/);
    expect(text).toMatch(/Earn the benchmark on the \$[\d,]+ above the operating need \$[\d,]+/);
  });

  it("prints the analyst's reviewed commentary and never the model's unreviewed texts", () => {
    expect(text).toContain('Commentary');
    expect(text).toContain('Most of the money earns.');
    expect(text).not.toContain('the demo set the middle of the range');
    expect(text).not.toContain(SUGGESTED_COMMENT);
  });

  it('has the sections asked for and none of the others', () => {
    const asked = [
      REPORT_SECTIONS.summary,
      REPORT_SECTIONS.allAccounts,
      REPORT_SECTIONS.liquidityLevels,
      REPORT_SECTIONS.highYield,
      REPORT_SECTIONS.accountsToClose,
      REPORT_SECTIONS.accountStructure,
      REPORT_SECTIONS.fees,
      REPORT_SECTIONS.method,
    ];
    for (const title of asked) expect(text, title).toContain(title);
    const notAsked = [
      REPORT_SECTIONS.stressTest,
      REPORT_SECTIONS.allGraphs,
      REPORT_SECTIONS.shortTerm,
      REPORT_SECTIONS.previousQuarter,
      REPORT_SECTIONS.electronic,
    ];
    for (const title of notAsked) expect(text, title).not.toContain(title);
    expect(text).not.toContain('Raw Output');
    expect(text).not.toContain('could not be built');
  });

  it('bookmarks each section and each group (the PDF outline)', () => {
    expect(raw).toContain('/Outlines');
    for (const title of [
      REPORT_SECTIONS.summary,
      REPORT_SECTIONS.allAccounts,
      REPORT_SECTIONS.method,
      'cashVest Score',
    ])
      expect(raw, title).toContain(`/Title (${title})`);
    expect(raw).not.toContain(`/Title (${REPORT_SECTIONS.stressTest})`);
  });

  it('tables each account of the groups asked for, from the balance tables', () => {
    expect(text).toContain('Operating ');
    expect(text).toContain('Balance of each account over the period');
    // The operating account ends the period at its anchor, the group at the sum of its accounts.
    expect(text).toContain(formatMoney(2_400_000)!);
    expect(text).toContain(`${formatMoney(600_000)}`);
  });

  it('shows the Monte Carlo figures the results panel shows', async () => {
    const answer = await call(ctx, 'GET', `/api/analytics/monte-carlo/results/${world.monteCarloId}`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json() as MonteCarloResults;
    expect(text).toContain(`Monte Carlo '${results.monteCarloName}'`);
    expect(text).toContain(formatMoney(results.startBalance)!);
    expect(text).toContain(formatMoney(results.levels.cushion)!);
    expect(text).toContain(formatMoney(results.levels.strategicLiquidity)!);
    for (const row of results.rateTable) {
      expect(text, row.field).toContain(formatMoney(row.amount)!);
      expect(row.benchmarkInterest).not.toBeNull();
      expect(text, row.field).toContain(formatMoney(row.benchmarkInterest)!);
    }
    expect(text).toContain(formatMoney(results.totalBenchmarkInterest)!);
  });

  it('shows the cashVest score the cashVest route answers, with its stars', async () => {
    const answer = await call(ctx, 'GET', `/api/analytics/cash-vest/sub-scores/${world.cashVestId}`, admin);
    const scores = answer.json() as CashVestResult['cashVest'];
    expect(scores.totalScore).toBe(72);
    expect(text).toContain(`${scores.totalScore} of 100, ${describeStars(scores.totalScore!)}`);
    expect(text).toContain(`${scores.totalStar} of 5 stars`);
    expect(text).toContain(`${scores.liquidityProfStar}%`);
    expect(text).toContain('Most of the money earns.');
    // Summary: the interest of the period, as the cashVest row stored it.
    expect(text).toContain(`Interest earned in the period ${formatMoney(scores.periodInterest)}`);
  });

  it('lists the dormant account to close with its fee, and draws the account structure', () => {
    expect(text).toContain(
      `with fewer than ${minimum} transactions a month over the period that charged fees`,
    );
    expect(text).toMatch(/Dormant Payroll Clearing .{0,40}Charges fees/);
    expect(text).toContain('$45.00');
    expect(text).toContain('Accounts Outside Any Structure');
    expect(text).toContain('Reserve Money Market');
  });

  it('lists the accounts below the minimum of global setting 3, read once per report', async () => {
    const frame = {
      reportId: 9004,
      clientId: world.clientId,
      ...PERIOD,
      generatedAt: new Date('2031-04-05T09:00:00Z'),
      params: params({ clientId: world.clientId, minTransacForClosureGroupId: world.allAccountsId }),
    };
    const listed = async () => {
      const context = (await loadReportContext(db(), frame))!;
      const section = await buildAccountsToClose(context);
      return { minimum: context.minTransactionsPerMonth, text: JSON.stringify(section.content) };
    };
    // Two payments in the quarter for the dormant account and the money market, a payment each
    // weekday for the operating account: below 5 a month the first two, below 1000 all three; of
    // those only the dormant account charges fees (the money market holds money by design and the
    // operating account is busy), so it alone is listed.
    const operating = /Operating \w{6}/;
    try {
      const usual = await listed();
      expect(usual.text).toContain('Dormant Payroll Clearing');
      expect(usual.text).not.toContain('Reserve Money Market');
      expect(usual.text).not.toMatch(operating);

      expect((await putMinTransactions(0)).statusCode).toBe(200);
      const none = await listed();
      expect(none.minimum).toBe(0);
      expect(none.text).toContain(noneToClose(0));
      expect(none.text).not.toContain('Dormant Payroll Clearing');

      expect((await putMinTransactions(1000)).statusCode).toBe(200);
      const all = await listed();
      expect(all.text).toContain(
        'with fewer than 1000 transactions a month over the period that charged fees',
      );
      expect(all.text).toContain('Dormant Payroll Clearing');
      expect(all.text).not.toContain('Reserve Money Market');
      expect(all.text).not.toMatch(operating);
    } finally {
      // Other test files read the setting: put the default back.
      await putMinTransactions(GLOBAL_SETTING_DEFAULTS[MIN_TRANSACTIONS]);
    }
  });

  it('reports progress as the sections complete, ending at 100', () => {
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  describe('asked for the other sections', () => {
    let other: string;

    beforeAll(async () => {
      const pdf = await renderLiquidityAnalysis(db(), {
        reportId: 9003,
        clientId: world.clientId,
        ...PERIOD,
        generatedAt: new Date('2031-04-05T09:00:00Z'),
        params: params({
          clientId: world.clientId,
          stressTestResult: [world.groupId],
          includeAllGraphs: [world.groupId],
          shortTermLiquidity: [world.groupId],
          stmNetGraph: 1,
          stmMinTable: 1,
          stmPrevQuarterResults: 1,
          electronicTransacTemplate: 1,
        }),
      });
      other = await readText(pdf);
    }, 120_000);

    it("has those sections and not the first report's", () => {
      for (const title of [
        REPORT_SECTIONS.stressTest,
        REPORT_SECTIONS.allGraphs,
        REPORT_SECTIONS.shortTerm,
        REPORT_SECTIONS.previousQuarter,
        REPORT_SECTIONS.electronic,
        REPORT_SECTIONS.summary,
        REPORT_SECTIONS.method,
      ])
        expect(other, title).toContain(title);
      for (const title of [
        REPORT_SECTIONS.allAccounts,
        REPORT_SECTIONS.liquidityLevels,
        REPORT_SECTIONS.highYield,
        REPORT_SECTIONS.accountsToClose,
        REPORT_SECTIONS.accountStructure,
      ])
        expect(other, title).not.toContain(title);
      expect(other).not.toContain('could not be built');
    });

    it('shows the Monté Result table of the stored run', async () => {
      const answer = await call(
        ctx,
        'GET',
        `/api/analytics/monte-carlo/results/${world.monteCarloId}`,
        admin,
      );
      const results = answer.json() as MonteCarloResults;
      for (const row of results.monteResult) {
        const years = [row.year1, row.year2, row.year3, row.year4, row.year5].map((v) => formatMoney(v));
        expect(other, row.row).toContain(`${row.row} ${years.join(' ')}`);
      }
    });

    it("shows the forecasts: this cycle's chart and weekly minimums, the previous cycle's check", () => {
      expect(other).toContain("Short term model 'This cycle forecast'");
      expect(other).toContain('Short-Term Cash Position Forecast');
      expect(other).toContain('Minimum Balance');
      expect(other).toContain("Short term model 'Previous cycle forecast'");
      expect(other).toContain('Band hit rate');
      expect(other).toContain('Forecast Change');
    });

    it('counts the payments by channel', () => {
      expect(other).toMatch(/Check 1 \$120\.00/);
      expect(other).toMatch(/ACH 1 \$80\.00/);
    });
  });

  describe('without a firm in Global Settings', () => {
    it('prints no logo, names no firm and still names the analyst', async () => {
      const pdf = await renderLiquidityAnalysis(db(), {
        reportId: 9005,
        clientId: world.clientId,
        ...PERIOD,
        generatedAt: new Date('2031-04-05T09:00:00Z'),
        preparedBy: admin.userId,
        firm: { firmName: null, logo: null },
        params: params({ clientId: world.clientId }),
      });
      const bare = await readText(pdf);
      expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
      expect(bare).not.toContain('Prepared by');
      expect(bare).not.toContain(FIRM);
      expect(bare).not.toContain('Tideline');
      expect(bare).toContain(`Analyst Test Admin Analyst e-mail ${admin.email}`);
    }, 60_000);
  });
});
