import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MARGINS, PAGE_SIZE, renderPdf } from '../../../platform/pdf/render-pdf';
import {
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { createSolidPng } from '../../settings/firm.fixtures';
import {
  createReportWorld,
  params,
  PERIOD,
  readPageTexts,
  type ReportWorld,
} from './report-document.fixtures';
import { findInkOutside, hasPdftoppm, renderPdfPages, type GrayPage } from './report-pages.fixtures';
import { renderLiquidityAnalysis } from './render-liquidity-analysis';

// Issue 42 point 5, "every table fits its page": the whole Liquidity Analysis (every section asked
// for, the firm's logo on the cover) rendered to PNG pages by pdftoppm, and no ink outside the
// page's left and right margins on any page. The header and footer lines sit inside those margins
// too, so no band is exempt; above and below the content only they print. Without pdftoppm the test
// is skipped on a developer's machine (install poppler-utils), never on CI.

const DPI = 100;
const FIRM = 'Cedar Point Treasury Advisors';
const [LEFT, , RIGHT] = PAGE_MARGINS;
const isSkipped = !hasPdftoppm() && !process.env.CI;

let ctx: TestContext;
let admin: SignedInUser;
let world: ReportWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe.skipIf(isSkipped)(
  `the report's pages as pixels${isSkipped ? ' (skipped: pdftoppm of poppler-utils is not installed)' : ''}`,
  () => {
    let pages: GrayPage[];
    let texts: string[];

    beforeAll(async () => {
      world = await createReportWorld(ctx, admin);
      const all = [world.groupId, world.allAccountsId];
      const pdf = await renderLiquidityAnalysis(ctx.database.db, {
        reportId: 9100,
        clientId: world.clientId,
        ...PERIOD,
        generatedAt: new Date('2031-04-05T09:00:00Z'),
        preparedBy: admin.userId,
        firm: {
          firmName: FIRM,
          logo: { contentType: 'image/png', bytes: createSolidPng(300, 120, [20, 60, 120]) },
        },
        params: params({
          clientId: world.clientId,
          allAccountsGraph: all,
          stackedAreaAndStats: all,
          liquidityLevelAmounts: 1,
          stressTestResult: all,
          includeAllGraphs: all,
          shortTermLiquidity: [world.groupId],
          stmNetGraph: 1,
          stmMinTable: 1,
          stmPrevQuarterResults: 1,
          liquidTargetAccount: 1,
          highYieldTargetAccountId: world.moneyMarketId,
          minTransacForClosureGroupId: world.allAccountsId,
          zbaAccountStructure: 1,
          electronicTransacTemplate: 1,
        }),
      });
      texts = await readPageTexts(pdf);
      expect(texts.join(' ')).not.toContain('could not be built');
      pages = await renderPdfPages(pdf, DPI);
    }, 180_000);

    it('renders every page at the size of a Letter page', () => {
      expect(pages.length).toBeGreaterThan(5);
      for (const page of pages) {
        expect(page.width).toBe(Math.round((PAGE_SIZE.width * DPI) / 72));
        expect(page.height).toBe(Math.round((PAGE_SIZE.height * DPI) / 72));
      }
    });

    it('puts no ink outside the left and right margins on any page', () => {
      const outside = pages.flatMap((page, index) =>
        findInkOutside(page, DPI, LEFT - 0.5, PAGE_SIZE.width - RIGHT + 0.5)
          .slice(0, 3)
          .map((hit) => `page ${index + 1} at x ${hit.x.toFixed(1)} pt, y ${hit.y.toFixed(1)} pt`),
      );
      expect(outside).toEqual([]);
    });

    it('finds ink a table puts past the margin (the check itself)', async () => {
      // The monthly table of issue 42 ran to 585.7 pt: fixed widths that sum past the content width.
      const wide = await renderPdf({
        title: 'Too wide',
        content: [{ table: { widths: [300, 300], body: [['$1,234,567.89', '$1,234,567.89']] } }],
      });
      const [page] = await renderPdfPages(wide, DPI);
      expect(findInkOutside(page!, DPI, LEFT - 0.5, PAGE_SIZE.width - RIGHT + 0.5).length).toBeGreaterThan(0);
    });

    it('flows the short stress test after the liquidity levels instead of on a page of its own', () => {
      const stress = texts.findIndex((t) => t.includes('Raw Output'));
      expect(stress).toBeGreaterThan(0);
      expect(texts[stress]).toContain('Benchmark Interest');
    });

    it('keeps every heading with what follows it: no page ends on a section or group heading', () => {
      const footer = (page: number) =>
        `${world.clientName} · 01/01/2031 to 03/31/2031 — page ${page} of ${texts.length}`;
      for (const [index, text] of texts.entries()) {
        expect(text, `page ${index + 1}`).toContain(footer(index + 1));
        const body = text
          .replace(footer(index + 1), '')
          .replace(FIRM, '')
          .trim();
        for (const heading of ['Stress Test', 'Accounts to Close', 'Fees by Category', 'All Accounts'])
          expect(body.endsWith(heading), `page ${index + 1} ends on '${heading}'`).toBe(false);
      }
    });
  },
);
