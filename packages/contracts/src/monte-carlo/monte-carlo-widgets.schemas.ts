import { z } from 'zod';
import { LIQUIDITY_LEVEL_FIELDS } from './liquidity-levels.schemas';

// The client summary widgets built on the Monte Carlo (clients-accounts-investments-reports.md 2
// "Summary tab", 3 "Assets widget", 7): Assets and 'Current Amounts Invested by Liquidity Level'.
// Empty widgets show 'No Results. There are no results to be displayed.'

export const ClientWidgetParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const LiquidityWidgetParamsSchema = z.object({
  clientId: z.coerce.number().int().positive(),
  groupId: z.coerce.number().int().positive(),
});

/**
 * GET /api/clients/assets-widget/{clientId} (docs/models.md "Assets widget"): Number Of Accounts (open
 * accounts), Strategic Liquidity (levelTwo..levelFive of the current levels of the client's 'All
 * Accounts' group, null without a finished Monte Carlo), Amount Invested (face value of the
 * investments held today), and the series: account categories, then investment types, with shares
 * adding up to 100.00.
 */
export const AssetsWidgetSchema = z.object({
  numberOfAccounts: z.number().int(),
  numberOfInvestments: z.number().int(),
  cashBalance: z.number(),
  amountInvested: z.number(),
  totalAssets: z.number(),
  strategicLiquidity: z.number().nullable(),
  /** The Monte Carlo run the strategic liquidity comes from. */
  liquiditySource: z
    .object({ monteCarloId: z.number().int(), monteCarloName: z.string(), endDate: z.string() })
    .nullable(),
  series: z.array(
    z.object({
      kind: z.enum(['account', 'investment']),
      label: z.string(),
      count: z.number().int(),
      amount: z.number(),
      sharePercent: z.number(),
    }),
  ),
});
export type AssetsWidget = z.infer<typeof AssetsWidgetSchema>;

/**
 * GET /api/investments/liquidity-levels-widget/{clientId}/{groupId}: the face value of the investments
 * held today in the group's accounts, by liquidity level of their maturity (classifyLiquidityLevel:
 * 1 up to 30 days, 2 up to 30 weeks, 3 up to 1 year, 4 up to 30 months, 5 beyond), beside the group's
 * current level amounts when it has a finished Monte Carlo.
 */
export const LiquidityLevelsWidgetSchema = z.object({
  clientId: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  asOfDate: z.string(),
  investmentCount: z.number().int(),
  totalInvested: z.number(),
  levels: z.array(
    z.object({
      field: z.enum(LIQUIDITY_LEVEL_FIELDS),
      levelNumber: z.number().int(),
      horizon: z.string(),
      count: z.number().int(),
      amount: z.number(),
      sharePercent: z.number(),
      /** The group's current amount of that level; null without levels. */
      levelAmount: z.number().nullable(),
    }),
  ),
});
export type LiquidityLevelsWidget = z.infer<typeof LiquidityLevelsWidgetSchema>;
