import type { LiquidityLevels } from './compute-liquidity-levels';
import { isFiniteAmount, roundCents, roundRate } from '../core/money';
import { fail, ok, type Result } from '../core/result';

/** Market rates on the run date, as decimal fractions a year (0.053 = 5.3%). */
export interface RateCurve {
  readonly effectiveFedFunds: number;
  readonly treasuryBill90Day: number;
  readonly treasury1Year: number;
  readonly treasury2Year: number;
  readonly corporate2Year: number;
}

export type LiquidityLevelName = 'levelOne' | 'levelTwo' | 'levelThree' | 'levelFour' | 'levelFive';

export interface RateTableRow {
  readonly level: LiquidityLevelName;
  readonly amount: number;
  /** The horizon the level is available for, as advisors say it. */
  readonly duration: string;
  /** Which market rate stands for this horizon. */
  readonly benchmark: keyof RateCurve;
  readonly indicativeRate: number;
  /** amount x rate for one year. */
  readonly benchmarkInterest: number;
}

const LEVEL_TERMS: readonly { level: LiquidityLevelName; duration: string; benchmark: keyof RateCurve }[] = [
  { level: 'levelOne', duration: '0 to 30 days', benchmark: 'effectiveFedFunds' },
  { level: 'levelTwo', duration: '30 days to 30 weeks', benchmark: 'treasuryBill90Day' },
  { level: 'levelThree', duration: '30 weeks to 1 year', benchmark: 'treasury1Year' },
  { level: 'levelFour', duration: '1 year to 30 months', benchmark: 'treasury2Year' },
  { level: 'levelFive', duration: '30 months and longer', benchmark: 'corporate2Year' },
];

export function listLevelTerms(): typeof LEVEL_TERMS {
  return LEVEL_TERMS;
}

export function validateRateCurve(curve: RateCurve): Result<RateCurve> {
  for (const { benchmark } of LEVEL_TERMS) {
    if (!isFiniteAmount(curve[benchmark])) {
      return fail(
        'NON_FINITE_AMOUNT',
        `rateCurve.${benchmark} must be a finite number`,
        `rateCurve.${benchmark}`,
      );
    }
  }
  return ok(curve);
}

/** Monte Carlo section of analytics.md, step 6: Amount / Duration / Indicative Rate / Benchmark Interest. */
export function buildRateTable(levels: LiquidityLevels, curve: RateCurve): RateTableRow[] {
  return LEVEL_TERMS.map(({ level, duration, benchmark }) => {
    const amount = levels[level];
    const rate = curve[benchmark];
    return {
      level,
      amount,
      duration,
      benchmark,
      indicativeRate: roundRate(rate),
      benchmarkInterest: roundCents(amount * rate),
    };
  });
}
