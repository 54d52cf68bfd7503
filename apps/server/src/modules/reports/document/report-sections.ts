// The Liquidity Analysis' section titles (design/reports.md "The document"), in the document's order,
// with the id of each one's bookmark (sub-headings nest their bookmarks under it).
export const REPORT_SECTIONS = {
  summary: 'Summary',
  allAccounts: 'All Accounts',
  liquidityLevels: 'Liquidity Levels',
  stressTest: 'Stress Test',
  allGraphs: 'All Graphs',
  shortTerm: 'Short-Term Liquidity',
  previousQuarter: 'Previous Quarter',
  highYield: 'High-Yield Target',
  accountsToClose: 'Accounts to Close',
  accountStructure: 'Account Structure',
  electronic: 'Electronic Transactions',
  fees: 'Fees and Earnings Credit',
  method: 'Method and Sources',
} as const;

export type ReportSectionKey = keyof typeof REPORT_SECTIONS;

export const REPORT_TITLE = 'Liquidity Analysis';
export const CONTENTS_TITLE = 'Contents';

/**
 * Sections short enough to follow the previous one on its page (issue 42 point 5: a stress test of
 * two rows alone on a page left it mostly blank); the others, with their charts, start a page.
 */
export const FLOWING_SECTIONS: ReadonlySet<ReportSectionKey> = new Set([
  'stressTest',
  'previousQuarter',
  'highYield',
  'accountsToClose',
  'electronic',
  'fees',
]);
