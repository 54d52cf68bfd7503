import type { GenerateReportPayload } from '@tideline/contracts/reports/reports.schemas';
import type { Db } from '../../../db/open-database';
import type { FirmIdentity } from '../../settings/firm.service';
import type { Content } from '../../../platform/pdf/pdf-types';
import { renderPdf } from '../../../platform/pdf/render-pdf';
import { loadReportContext, type ReportContext, type ReportSection } from './report-context';
import { formatPeriod, missingLine } from './report-format';
import { keepHeadingsWithNext } from './report-layout';
import { REPORT_SECTIONS, REPORT_TITLE, type ReportSectionKey } from './report-sections';
import { buildAccountStructure } from './sections/account-structure';
import { buildAccountsToClose } from './sections/accounts-to-close';
import { buildAllAccounts } from './sections/all-accounts';
import { buildAllGraphs } from './sections/all-graphs';
import { buildCover, buildCoverLogo } from './sections/cover';
import { buildElectronicTransactions } from './sections/electronic-transactions';
import { buildFeesAndEarningsCredit } from './sections/fees-earnings-credit';
import { sectionHeading } from './sections/group-sections';
import { buildHighYieldTarget } from './sections/high-yield-target';
import { buildLiquidityLevels } from './sections/liquidity-levels';
import { buildMethodAndSources } from './sections/method-sources';
import { buildPreviousQuarter } from './sections/previous-quarter';
import { buildShortTerm } from './sections/short-term';
import { buildStressTest } from './sections/stress-test';
import { buildSummary } from './sections/summary';

// design/reports.md "The document: Liquidity Analysis" (issue 19 point 3): the cover, the table of
// contents, the summary, each section its parameter asks for, and "Method and sources", from the
// stored analysis results. A section whose analysis is missing says so in one line; the report
// still generates.

export interface LiquidityAnalysisRequest {
  reportId: number;
  clientId: number;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  params: GenerateReportPayload;
  /** The runs fixed at generation (reports.frozen_runs); without them the sections read the runs now. */
  frozenRuns?: unknown;
  /** The user who generated it: the cover names them as the preparing analyst. */
  preparedBy?: number | null;
  /** The firm to name; Global Settings "Firm" when absent. */
  firm?: FirmIdentity;
  onProgress?: (percent: number) => Promise<void> | void;
}

interface PlannedSection {
  key: ReportSectionKey;
  build: (ctx: ReportContext) => Promise<ReportSection | null>;
}

/** The sections the parameters ask for, in the document's order (the summary comes first, built last). */
export function planSections(ctx: ReportContext): PlannedSection[] {
  const p = ctx.params;
  const plan: [boolean, PlannedSection][] = [
    [p.allAccountsGraph.length > 0, { key: 'allAccounts', build: buildAllAccounts }],
    [p.stackedAreaAndStats.length > 0, { key: 'liquidityLevels', build: buildLiquidityLevels }],
    [p.stressTestResult.length > 0, { key: 'stressTest', build: buildStressTest }],
    [p.includeAllGraphs.length > 0, { key: 'allGraphs', build: buildAllGraphs }],
    [p.shortTermLiquidity.length > 0, { key: 'shortTerm', build: buildShortTerm }],
    [p.stmPrevQuarterResults === 1, { key: 'previousQuarter', build: buildPreviousQuarter }],
    [p.liquidTargetAccount === 1, { key: 'highYield', build: buildHighYieldTarget }],
    [p.minTransacForClosureGroupId !== null, { key: 'accountsToClose', build: buildAccountsToClose }],
    [p.zbaAccountStructure === 1, { key: 'accountStructure', build: buildAccountStructure }],
    [p.electronicTransacTemplate === 1, { key: 'electronic', build: buildElectronicTransactions }],
    // Shown whenever the period has validated treasury data (no parameter asks for it).
    [true, { key: 'fees', build: buildFeesAndEarningsCredit }],
    [true, { key: 'method', build: buildMethodAndSources }],
  ];
  return plan.filter(([isAsked]) => isAsked).map(([, section]) => section);
}

/** A section that fails for a reason other than missing data says why in its place. */
async function buildSafely(ctx: ReportContext, section: PlannedSection): Promise<ReportSection | null> {
  try {
    return await section.build(ctx);
  } catch (error) {
    // A failed query's own words, not the SQL text wrapped around them.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    return {
      content: [
        sectionHeading(section.key),
        missingLine(`${REPORT_SECTIONS[section.key]} could not be built: ${reason}`),
      ],
    };
  }
}

export async function renderLiquidityAnalysis(db: Db, request: LiquidityAnalysisRequest): Promise<Buffer> {
  const ctx = await loadReportContext(db, request);
  if (!ctx) throw new Error(`Client ${request.clientId} does not exist.`);
  const planned = planSections(ctx);
  // The sections, then the summary, then the rendering (about a third of the time), share the bar.
  const steps = planned.length + 1;
  const report = async (done: number) => request.onProgress?.(Math.round((done / steps) * 65));
  const sections: ReportSection[] = [];
  for (const [index, section] of planned.entries()) {
    const built = await buildSafely(ctx, section);
    if (built) sections.push(built);
    await report(index + 1);
  }
  const opportunities = sections.flatMap((s) => s.opportunities ?? []);
  const summary = await buildSafely(ctx, {
    key: 'summary',
    build: async () => ({ content: await buildSummary(ctx, opportunities) }),
  });
  await report(steps);
  const period = formatPeriod(ctx.startDate, ctx.endDate);
  const content: Content[] = [
    ...buildCover(ctx),
    ...keepHeadingsWithNext([...(summary?.content ?? []), ...sections.flatMap((s) => s.content)]),
  ];
  // Without a firm in Global Settings the pages carry no firm line (never the product's name).
  const firmName = ctx.firm.firmName ?? undefined;
  const pdf = await renderPdf({
    title: REPORT_TITLE,
    subtitle: ctx.clientName,
    leading: buildCoverLogo(ctx),
    ...(firmName ? { header: firmName } : {}),
    footer: `${ctx.clientName} · ${period}`,
    subject: `${REPORT_TITLE} of ${ctx.clientName}, ${period}`,
    ...(firmName || ctx.preparer ? { author: firmName ?? ctx.preparer!.name } : {}),
    content,
  });
  await request.onProgress?.(100);
  return pdf;
}
