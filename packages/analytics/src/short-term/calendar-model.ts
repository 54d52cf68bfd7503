import { roundCents, roundRate } from '../core/money';
import { formatIsoDate, parseIsoDate, type IsoDate } from '../core/iso-date';
import { coveredDaysOfMonth, coversPhase, describeDays, type DayFeatures } from './calendar-features';

/**
 * Short-term model (docs/models.md "Short-term model"): each side of the cash flow — receipts and
 * disbursements — is an additive sum of calendar effects fitted on the history, times its own trend.
 *
 *   side(d) = (level + weekday + business-day-of-month + month-of-year
 *              + biweekly payroll + 15th + last business day + annual dates) x growth^((d - end) / 365)
 *
 * The biweekly cycle, the semimonthly days and the annual dates are kept only when the history shows
 * them (detected, see fitSide); the other effects are always fitted, shrunk towards 0 where they
 * rest on few days. Everything here is plain JSON so a stored step 1 can forecast later.
 */
export type FlowSide = 'receipts' | 'disbursements';

export interface AnnualDate {
  readonly month: number;
  /** position: the n-th business day; dayOfMonth: the business day covering day n; lastBusinessDay. */
  readonly anchor: 'position' | 'dayOfMonth' | 'lastBusinessDay';
  /** n of position or dayOfMonth; 0 for lastBusinessDay. */
  readonly value: number;
  readonly effect: number;
  /** Years of history in which it was seen (every one of them large). */
  readonly occurrences: number;
}

export interface SideTrend {
  /** Growth a year applied to this side (bounded to [MIN_GROWTH, MAX_GROWTH]). */
  readonly ratio: number;
  /** Last 12 months over the 12 before, unbounded; null without two full years. */
  readonly rawRatio: number | null;
  readonly lastYearTotal: number;
  readonly priorYearTotal: number;
  /** True when the ratio could not be measured (under two years, zero or opposite totals): 1 is used. */
  readonly isFallback: boolean;
}

export interface SideModel {
  readonly side: FlowSide;
  /** The day the growth is measured to (the fit's last day): growth^0 there. */
  readonly referenceDate: IsoDate;
  readonly trend: SideTrend;
  readonly level: number;
  /** Monday … Friday. */
  readonly weekday: number[];
  /** Business day of month 1 … 23 (index 0 … 22). */
  readonly position: number[];
  /** January … December. */
  readonly month: number[];
  /** Month x business day of month ((month - 1) x 23 + position - 1). */
  readonly seasonDay: number[];
  /** A 14-day cycle: the calendar-day phase (day number mod 14) and its effect; null when not found. */
  readonly biweekly: { readonly phase: number; readonly effect: number; readonly occurrences: number } | null;
  /** The 15th and the last business day of the month; null when not found. */
  readonly midMonth: number | null;
  readonly lastBusinessDay: number | null;
  /** Days of the month with a recurring flow every month (state aid on the 20th, a debt payment on the 1st). */
  readonly monthlyDays: { readonly dayOfMonth: number; readonly effect: number }[];
  readonly annualDates: AnnualDate[];
}

export interface CalendarModel {
  readonly receipts: SideModel;
  readonly disbursements: SideModel;
}

export const MIN_GROWTH = 0.8;
export const MAX_GROWTH = 1.25;
const POSITIONS = 23;
const MAX_ITERATIONS = 200;
const MAX_ANNUAL_DATES = 24;
const MAX_MONTHLY_DAYS = 4;
const SEASON_DAY_SHRINK = 1;

interface Component {
  readonly index: Int32Array;
  readonly effects: Float64Array;
  readonly shrink: number;
  /** Every day has a category: its mean moves to the level. */
  readonly isFull: boolean;
}

function makeComponent(
  features: readonly DayFeatures[],
  size: number,
  categoryOf: (f: DayFeatures, t: number) => number,
  shrink: number,
  isFull: boolean,
): Component {
  const index = new Int32Array(features.length);
  features.forEach((f, t) => (index[t] = categoryOf(f, t)));
  return { index, effects: new Float64Array(size), shrink, isFull };
}

/** Backfitting (Gauss-Seidel over the components): least squares with ridge shrinkage per category. */
function backfit(
  values: Float64Array,
  components: readonly Component[],
): { level: number; residual: Float64Array } {
  const n = values.length;
  const residual = new Float64Array(values);
  let level = 0;
  for (const c of components) c.effects.fill(0);
  let typical = 0;
  for (let t = 0; t < n; t += 1) typical += Math.abs(values[t] as number);
  const tolerance = 1e-9 * (n > 0 ? typical / n : 0) + 1e-9;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    let largestChange = 0;
    let mean = 0;
    for (let t = 0; t < n; t += 1) mean += residual[t] as number;
    mean = n > 0 ? mean / n : 0;
    level += mean;
    for (let t = 0; t < n; t += 1) residual[t] = (residual[t] as number) - mean;
    for (const c of components) {
      const size = c.effects.length;
      const sums = new Float64Array(size);
      const counts = new Float64Array(size);
      for (let t = 0; t < n; t += 1) {
        const k = c.index[t] as number;
        if (k < 0) continue;
        sums[k] = (sums[k] as number) + (residual[t] as number) + (c.effects[k] as number);
        counts[k] = (counts[k] as number) + 1;
      }
      const next = new Float64Array(size);
      for (let k = 0; k < size; k += 1) {
        const count = counts[k] as number;
        next[k] = count > 0 ? (sums[k] as number) / (count + c.shrink) : 0;
      }
      if (c.isFull) {
        // Sum-to-zero over the days: the common part belongs to the level.
        let weighted = 0;
        for (let k = 0; k < size; k += 1) weighted += (next[k] as number) * (counts[k] as number);
        const shift = n > 0 ? weighted / n : 0;
        for (let k = 0; k < size; k += 1)
          if ((counts[k] as number) > 0) next[k] = (next[k] as number) - shift;
        level += shift;
        for (let t = 0; t < n; t += 1) residual[t] = (residual[t] as number) - shift;
      }
      for (let t = 0; t < n; t += 1) {
        const k = c.index[t] as number;
        if (k < 0) continue;
        residual[t] = (residual[t] as number) - ((next[k] as number) - (c.effects[k] as number));
      }
      for (let k = 0; k < size; k += 1)
        largestChange = Math.max(largestChange, Math.abs((next[k] as number) - (c.effects[k] as number)));
      c.effects.set(next);
    }
    // Converged: no effect moved by more than a billionth of the typical daily amount.
    if (largestChange < tolerance) break;
  }
  return { level, residual };
}

/**
 * 1.4826 x the median absolute residual (the standard deviation for normal noise), but never below a
 * millionth of the side's typical daily amount, so rounding dust on an exact fit detects nothing.
 */
function robustSpread(residual: Float64Array, values: Float64Array): number {
  const absolute = Array.from(residual, (r) => Math.abs(r)).sort((a, b) => a - b);
  const median = absolute[Math.floor(absolute.length / 2)] ?? 0;
  let typical = 0;
  for (const value of values) typical += Math.abs(value);
  typical = values.length > 0 ? typical / values.length : 0;
  return Math.max(1.4826 * median, 1e-6 * (typical + 1));
}

/** Mean, share of the expected sign and t-like score of the residuals on the days of an indicator. */
function indicatorScore(residual: Float64Array, on: readonly boolean[], sign: number, spread: number) {
  let sum = 0;
  let count = 0;
  let agreeing = 0;
  on.forEach((isOn, t) => {
    if (!isOn) return;
    const r = residual[t] as number;
    sum += r;
    count += 1;
    if (sign * r > 0) agreeing += 1;
  });
  const mean = count > 0 ? sum / count : 0;
  const score = (sign * mean * Math.sqrt(count)) / spread;
  return { mean, count, share: count > 0 ? agreeing / count : 0, score };
}

/**
 * Year-over-year growth of one side: how much more the last 365 days brought than the calendar effects
 * (fitted without a trend) expect, against the same for the 365 days before. Comparing with the fitted
 * calendar keeps a year with one payroll Friday more, or a holiday moved, from counting as growth.
 * `fitted` defaults to a constant (plain totals). Bounded to [MIN_GROWTH, MAX_GROWTH].
 */
export function measureSideTrend(
  days: readonly number[],
  values: Float64Array,
  endDay: number,
  fitted?: Float64Array,
): SideTrend {
  let last = 0;
  let prior = 0;
  let lastFit = 0;
  let priorFit = 0;
  days.forEach((day, t) => {
    const value = values[t] as number;
    const fit = fitted ? (fitted[t] as number) : 1;
    if (day > endDay - 365 && day <= endDay) {
      last += value;
      lastFit += fit;
    } else if (day > endDay - 730 && day <= endDay - 365) {
      prior += value;
      priorFit += fit;
    }
  });
  const hasTwoYears = days.length > 0 && (days[0] as number) <= endDay - 729 + 3;
  const raw = hasTwoYears && prior !== 0 && lastFit !== 0 ? last / lastFit / (prior / priorFit) : null;
  const isFallback = raw === null || !Number.isFinite(raw) || raw <= 0;
  return {
    ratio: isFallback ? 1 : roundRate(Math.min(MAX_GROWTH, Math.max(MIN_GROWTH, raw))),
    rawRatio: raw === null || !Number.isFinite(raw) ? null : roundRate(raw),
    lastYearTotal: roundCents(last),
    priorYearTotal: roundCents(prior),
    isFallback,
  };
}

function annualMatches(f: DayFeatures, annual: AnnualDate): boolean {
  if (f.month !== annual.month) return false;
  if (annual.anchor === 'position') return f.position === annual.value;
  if (annual.anchor === 'lastBusinessDay') return f.isLastBusinessDay;
  return coveredDaysOfMonth(f).includes(annual.value);
}

/** Candidate annual keys of a day: its position, the days of month it covers, last business day. */
function annualKeysOf(f: DayFeatures): string[] {
  const keys = [`${f.month}|position|${f.position}`];
  for (const dayOfMonth of coveredDaysOfMonth(f)) keys.push(`${f.month}|dayOfMonth|${dayOfMonth}`);
  if (f.isLastBusinessDay) keys.push(`${f.month}|lastBusinessDay|0`);
  return keys;
}

/**
 * Fits one side on business days `days` (ascending) whose flows are `values` (receipts >= 0,
 * disbursements <= 0). The trend is measured first and taken out, so the calendar effects are at the
 * level of the last day.
 */
export function fitSide(side: FlowSide, days: readonly number[], values: Float64Array): SideModel {
  const endDay = days[days.length - 1] as number;
  const features = describeDays(days);
  const flat = fitEffects(side, features, values);
  const trend = measureSideTrend(days, values, endDay, flat.fitted);
  if (trend.ratio === 1) return { side, referenceDate: formatIsoDate(endDay), trend, ...flat.effects };
  const deflated = new Float64Array(values.length);
  days.forEach((day, t) => (deflated[t] = (values[t] as number) / trend.ratio ** ((day - endDay) / 365)));
  return {
    side,
    referenceDate: formatIsoDate(endDay),
    trend,
    ...fitEffects(side, features, deflated).effects,
  };
}

type Effects = Omit<SideModel, 'side' | 'referenceDate' | 'trend'>;

/** The calendar effects of one side (no trend), with the detections, and the fitted values. */
function fitEffects(
  side: FlowSide,
  features: readonly DayFeatures[],
  deflated: Float64Array,
): { effects: Effects; fitted: Float64Array } {
  const sign = side === 'receipts' ? 1 : -1;
  const weekday = makeComponent(features, 5, (f) => f.weekday, 0, true);
  const position = makeComponent(features, POSITIONS, (f) => Math.min(f.position, POSITIONS) - 1, 2, true);
  const month = makeComponent(features, 12, (f) => f.month - 1, 2, true);
  // Month x business day of month: the shape of a month of the year (tax collections peaking before
  // their due date), strongly shrunk, as it rests on one day per history year.
  const seasonDay = makeComponent(
    features,
    12 * POSITIONS,
    (f) => (f.month - 1) * POSITIONS + Math.min(f.position, POSITIONS) - 1,
    SEASON_DAY_SHRINK,
    true,
  );
  const base = [weekday, position, month, seasonDay];
  let fit = backfit(deflated, base);

  // Biweekly cycle: the phase of the 14-day cycle whose days stand out most, in this side's direction.
  let spread = robustSpread(fit.residual, deflated);
  let best: { phase: number; on: boolean[]; count: number; score: number; share: number } | null = null;
  for (let phase = 0; phase < 14; phase += 1) {
    const on = features.map((f) => coversPhase(f, phase));
    const score = indicatorScore(fit.residual, on, sign, spread);
    if (!best || score.score > best.score) best = { phase, on, ...score };
  }
  const extra: Component[] = [];
  let biweekly: SideModel['biweekly'] = null;
  let biweeklyComponent: Component | undefined;
  if (best && best.count >= 6 && best.share >= 0.75 && best.score >= 6) {
    const on = best.on;
    biweeklyComponent = makeComponent(features, 1, (_f, t) => (on[t] ? 0 : -1), 0, false);
    extra.push(biweeklyComponent);
    fit = backfit(deflated, [...base, ...extra]);
    biweekly = { phase: best.phase, effect: 0, occurrences: best.count };
  }

  // Semimonthly days: the 15th and the last business day of the month.
  spread = robustSpread(fit.residual, deflated);
  const semimonthly: { key: 'mid' | 'last'; component: Component }[] = [];
  for (const key of ['mid', 'last'] as const) {
    const on = features.map((f) => (key === 'mid' ? f.isMidMonth : f.isLastBusinessDay));
    const score = indicatorScore(fit.residual, on, sign, spread);
    if (score.count >= 6 && score.share >= 0.7 && score.score >= 4) {
      const component = makeComponent(features, 1, (_f, t) => (on[t] ? 0 : -1), 0, false);
      semimonthly.push({ key, component });
      extra.push(component);
    }
  }
  if (semimonthly.length > 0) fit = backfit(deflated, [...base, ...extra]);

  // Monthly days: the day of the month whose flows recur most strongly, again while one is found.
  const monthly: { dayOfMonth: number; component: Component }[] = [];
  const covered = features.map((f) => coveredDaysOfMonth(f));
  for (let round = 0; round < MAX_MONTHLY_DAYS; round += 1) {
    spread = robustSpread(fit.residual, deflated);
    let found: { dayOfMonth: number; on: boolean[]; score: number } | null = null;
    for (let dayOfMonth = 1; dayOfMonth <= 31; dayOfMonth += 1) {
      if (monthly.some((m) => m.dayOfMonth === dayOfMonth)) continue;
      const on = covered.map((list) => list.includes(dayOfMonth));
      const score = indicatorScore(fit.residual, on, sign, spread);
      if (score.count >= 6 && score.share >= 0.7 && score.score >= 4 && (!found || score.score > found.score))
        found = { dayOfMonth, on, score: score.score };
    }
    if (!found) break;
    const on = found.on;
    const component = makeComponent(features, 1, (_f, t) => (on[t] ? 0 : -1), 0, false);
    monthly.push({ dayOfMonth: found.dayOfMonth, component });
    extra.push(component);
    fit = backfit(deflated, [...base, ...extra]);
  }

  // Annual dates: a (month, anchor) whose every occurrence in the history is large in this direction.
  spread = robustSpread(fit.residual, deflated);
  const threshold = 4 * spread;
  const candidates = new Map<string, number[]>();
  features.forEach((f, t) => {
    for (const key of annualKeysOf(f)) {
      const list = candidates.get(key) ?? [];
      list.push(t);
      candidates.set(key, list);
    }
  });
  const ranked: { key: string; indexes: number[]; smallest: number }[] = [];
  for (const [key, indexes] of candidates) {
    let smallest = Infinity;
    for (const t of indexes) smallest = Math.min(smallest, sign * (fit.residual[t] as number));
    if (smallest > threshold) ranked.push({ key, indexes, smallest });
  }
  // A date seen in more years is the better explanation of the same days (the last business day of
  // April, three times, rather than April 30 once).
  ranked.sort(
    (a, b) => b.indexes.length - a.indexes.length || b.smallest - a.smallest || a.key.localeCompare(b.key),
  );
  const claimed = new Set<number>();
  const annual: { date: Omit<AnnualDate, 'effect'>; component: Component }[] = [];
  for (const candidate of ranked) {
    if (annual.length >= MAX_ANNUAL_DATES) break;
    if (candidate.indexes.some((t) => claimed.has(t))) continue;
    candidate.indexes.forEach((t) => claimed.add(t));
    const [monthText, anchor, valueText] = candidate.key.split('|');
    const date = {
      month: Number(monthText),
      anchor: anchor as AnnualDate['anchor'],
      value: Number(valueText),
      occurrences: candidate.indexes.length,
    };
    const members = new Set(candidate.indexes);
    const component = makeComponent(features, 1, (_f, t) => (members.has(t) ? 0 : -1), 0, false);
    annual.push({ date, component });
    extra.push(component);
  }
  if (annual.length > 0) fit = backfit(deflated, [...base, ...extra]);

  const effectOf = (c: Component | undefined) => (c ? (c.effects[0] as number) : 0);
  const fitted = deflated.map((value, t) => value - (fit.residual[t] as number));
  const effects: Effects = {
    level: fit.level,
    weekday: Array.from(weekday.effects),
    position: Array.from(position.effects),
    month: Array.from(month.effects),
    seasonDay: Array.from(seasonDay.effects),
    biweekly: biweekly ? { ...biweekly, effect: effectOf(biweeklyComponent) } : null,
    midMonth: semimonthly.find((s) => s.key === 'mid')?.component.effects[0] ?? null,
    lastBusinessDay: semimonthly.find((s) => s.key === 'last')?.component.effects[0] ?? null,
    monthlyDays: monthly
      .map((m) => ({ dayOfMonth: m.dayOfMonth, effect: effectOf(m.component) }))
      .sort((a, b) => a.dayOfMonth - b.dayOfMonth),
    annualDates: annual.map((a) => ({ ...a.date, effect: effectOf(a.component) })),
  };
  return { effects, fitted };
}

/** The side's forecast for business days described by `features`. */
export function predictSide(model: SideModel, features: readonly DayFeatures[]): Float64Array {
  const reference = parseIsoDate(model.referenceDate) as number;
  const out = new Float64Array(features.length);
  features.forEach((f, t) => {
    let value =
      model.level +
      (model.weekday[f.weekday] ?? 0) +
      (model.position[Math.min(f.position, POSITIONS) - 1] ?? 0) +
      (model.month[f.month - 1] ?? 0) +
      (model.seasonDay[(f.month - 1) * POSITIONS + Math.min(f.position, POSITIONS) - 1] ?? 0);
    if (model.biweekly && coversPhase(f, model.biweekly.phase)) value += model.biweekly.effect;
    if (model.midMonth !== null && f.isMidMonth) value += model.midMonth;
    if (model.lastBusinessDay !== null && f.isLastBusinessDay) value += model.lastBusinessDay;
    if (model.monthlyDays.length > 0) {
      const days = coveredDaysOfMonth(f);
      for (const monthly of model.monthlyDays) if (days.includes(monthly.dayOfMonth)) value += monthly.effect;
    }
    for (const annual of model.annualDates) if (annualMatches(f, annual)) value += annual.effect;
    value *= model.trend.ratio ** ((f.day - reference) / 365);
    // A side keeps its sign: receipts are never negative, disbursements never positive.
    out[t] = model.side === 'receipts' ? Math.max(0, value) : Math.min(0, value);
  });
  return out;
}

export function fitCalendarModel(
  days: readonly number[],
  receipts: Float64Array,
  disbursements: Float64Array,
): CalendarModel {
  return {
    receipts: fitSide('receipts', days, receipts),
    disbursements: fitSide('disbursements', days, disbursements),
  };
}

/** Net forecast (receipts + disbursements) for business days `days`. */
export function predictNet(model: CalendarModel, days: readonly number[]): Float64Array {
  const features = describeDays(days);
  const receipts = predictSide(model.receipts, features);
  const disbursements = predictSide(model.disbursements, features);
  return receipts.map((value, t) => value + (disbursements[t] as number));
}
