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
 * The firm named in every page's header. No global setting holds a firm's name (platform.md 3 knows
 * only the upload date and the maturity limit), so it is the product's.
 */
export const FIRM_NAME = 'Tideline';
