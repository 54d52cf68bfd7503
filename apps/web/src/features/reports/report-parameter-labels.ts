import type { GenerateReportPayload } from '@tideline/contracts/reports/reports.schemas';

// The names the parameter form and the View Parameters dialog give the report's parameters (spec 3
// "Report parameters" and "Generate-report payload"; design/reports.md says which section each drives).

/** The parameters that pick account groups, one multi-select each. */
export const GROUP_LIST_PARAMETERS = [
  'allAccountsGraph',
  'stackedAreaAndStats',
  'stressTestResult',
  'includeAllGraphs',
  'shortTermLiquidity',
] as const satisfies readonly (keyof GenerateReportPayload)[];
export type GroupListParameter = (typeof GROUP_LIST_PARAMETERS)[number];

/** The 0/1 parameters, each a switch (liquidTargetAccount has its own, with the target account). */
export const FLAG_PARAMETERS = [
  'liquidityLevelAmounts',
  'stmNetGraph',
  'stmMinTable',
  'stmPrevQuarterResults',
  'zbaAccountStructure',
  'electronicTransacTemplate',
] as const satisfies readonly (keyof GenerateReportPayload)[];
export type FlagParameter = (typeof FLAG_PARAMETERS)[number];

export const PARAMETER_LABELS = {
  reportStartDate: 'Report Start Date',
  reportEndDate: 'Report End Date',
  clientName: 'Client Name',
  allAccountsGraph: 'All Accounts Graph',
  stackedAreaAndStats: 'Stacked Area and Stats',
  stressTestResult: 'Stress Test Result',
  includeAllGraphs: 'Include All Graphs',
  shortTermLiquidity: 'Short Term Liquidity',
  liquidityLevelAmounts: 'Liquidity Level Amounts',
  stmNetGraph: 'Short Term Net Graph',
  stmMinTable: 'Short Term Minimum Balance Table',
  stmPrevQuarterResults: 'Short Term Previous Quarter Results',
  zbaAccountStructure: 'ZBA Account Structure',
  electronicTransacTemplate: 'Electronic Transactions',
  liquidTargetAccount: 'Liquid Target Account',
  highYieldTargetAccountId: 'High Yield Target Account',
  highYieldTargetAccountName: 'High Yield Target Account',
  highYieldLiquidBenchmarkOverride: 'High Yield Liquid Benchmark Override (%)',
  minTransacForClosureGroupId: 'Minimum Transactions for Closure Group',
  minTransacForClosureGroupName: 'Minimum Transactions for Closure Group',
} as const;
