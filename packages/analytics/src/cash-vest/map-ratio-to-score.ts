import { roundRate } from '../core/money';

/** cashVest section of analytics.md: the five sub-score ranges (spec: 2-20, 3-30, 2-20, 2-20, 1-10). */
export const CASH_VEST_RANGES = {
  valueScore: { min: 2, max: 20 },
  liquidityProficiency: { min: 3, max: 30 },
  warnickRate: { min: 2, max: 20 },
  cashflow: { min: 2, max: 20 },
  investment: { min: 1, max: 10 },
} as const;

export type CashVestArea = keyof typeof CASH_VEST_RANGES;

/** A suggested sub-score with what it came from, so the analyst sees why. */
export interface SubScore<Inputs> {
  /** Whole points, as the wizard takes them, within the range. */
  readonly score: number;
  readonly min: number;
  readonly max: number;
  /** The ratio before clamping (may be below 0 or above 1). */
  readonly ratio: number;
  /** score / max. */
  readonly starPercentage: number;
  readonly inputs: Inputs;
  /** Plain-words remark when a ratio had to be assumed (e.g. nothing to measure). */
  readonly note?: string;
}

/** "Each ratio maps linearly onto its range (clamped)": ratio 0 -> min, ratio 1 -> max. */
export function mapRatioToScore<Inputs>(
  area: CashVestArea,
  ratio: number,
  inputs: Inputs,
  note?: string,
): SubScore<Inputs> {
  const { min, max } = CASH_VEST_RANGES[area];
  const safeRatio = Number.isFinite(ratio) ? ratio : 0;
  const clamped = Math.min(1, Math.max(0, safeRatio));
  const score = Math.round(min + clamped * (max - min));
  return {
    score,
    min,
    max,
    ratio: roundRate(safeRatio),
    starPercentage: roundRate(score / max),
    inputs,
    ...(note === undefined ? {} : { note }),
  };
}
