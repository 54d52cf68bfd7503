import { isBusinessDay } from '../calendar/business-calendar';
import { fromDayNumber, toDayNumber } from '../core/iso-date';
import { BUSINESS_DAYS_PER_YEAR, SIMULATION_BUSINESS_DAYS } from './horizons';

/**
 * The seasonal mean of the daily net flows and the residuals around it (Monte Carlo section of
 * analytics.md, step 2, and "Accuracy, baselines and frozen results"). The expected flow of a business
 * day is
 *
 *   mean(day) = month[calendar month] + position[business day of the month] + event[month, position]
 *
 * fitted by backfitting the two additive effects, with the calendar events (tax receipts, debt service:
 * flows far from the additive fit) kept on their own (month, position) cell as the average of their
 * excess over the history years, so a December tax receipt stays in December instead of being spread
 * over the future at random. The residuals are what is left; they are what the bootstrap resamples.
 * The history's overall level (its drift) is not part of the mean: the future mean path is centred to
 * add up to the drift the analyst states (0 unless stated).
 */
export interface SeasonalMeanModel {
  /** Mean daily net flow of the history the model was fitted on (its drift per business day). */
  readonly level: number;
  /** Effect of each calendar month, 0..11. */
  readonly monthEffects: Float64Array;
  /** Effect of each business-day position in its month, 0..MAX_POSITION. */
  readonly positionEffects: Float64Array;
  /** Calendar events per (month, position) cell, at month * POSITIONS + position. */
  readonly eventEffects: Float64Array;
  /** Residuals of the fitted days, in date order, scaled for the fitted parameters (see below). */
  readonly residuals: Float64Array;
  /** Number of history years the events were averaged over. */
  readonly yearCount: number;
}

/** A month has at most 23 business days; positions 0..22. */
export const POSITIONS = 23;
/** Flows beyond this many robust standard deviations from the additive fit are calendar events. */
const EVENT_THRESHOLD = 3.5;
const BACKFIT_ROUNDS = 12;

/** Business days before `day` in its calendar month (0 for the month's first business day). */
export function findBusinessPosition(day: number): number {
  const { year, month } = fromDayNumber(day);
  let position = 0;
  for (let other = toDayNumber(year, month, 1); other < day; other += 1) {
    if (isBusinessDay(other)) position += 1;
  }
  return Math.min(POSITIONS - 1, position);
}

function monthOf(day: number): number {
  return fromDayNumber(day).month - 1;
}

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Averages `values` by `groups` (0..groupCount-1); groups without values get 0. */
function averageBy(values: Float64Array, groups: Int32Array, groupCount: number): Float64Array {
  const sums = new Float64Array(groupCount);
  const counts = new Int32Array(groupCount);
  for (let index = 0; index < values.length; index += 1) {
    const group = groups[index] as number;
    sums[group] = (sums[group] as number) + (values[index] as number);
    counts[group] = (counts[group] as number) + 1;
  }
  for (let group = 0; group < groupCount; group += 1) {
    const count = counts[group] as number;
    sums[group] = count > 0 ? (sums[group] as number) / count : 0;
  }
  return sums;
}

/** Medians of `values` by `groups`; groups without values get 0. */
function medianBy(values: Float64Array, groups: Int32Array, groupCount: number): Float64Array {
  const buckets: number[][] = Array.from({ length: groupCount }, () => []);
  for (let index = 0; index < values.length; index += 1)
    buckets[groups[index] as number]?.push(values[index] as number);
  return Float64Array.from(buckets, (bucket) => (bucket.length > 0 ? median(Float64Array.from(bucket)) : 0));
}

/**
 * Backfits month + position effects to `target` (already centred); returns the two effect tables.
 * `isRobust` uses medians (median polish), so a few large calendar events do not leak into the effects.
 */
function backfit(
  target: Float64Array,
  months: Int32Array,
  positions: Int32Array,
  isRobust = false,
): { monthEffects: Float64Array; positionEffects: Float64Array } {
  const by = isRobust ? medianBy : averageBy;
  const n = target.length;
  const work = new Float64Array(n);
  let monthEffects: Float64Array = new Float64Array(12);
  let positionEffects: Float64Array = new Float64Array(POSITIONS);
  for (let round = 0; round < BACKFIT_ROUNDS; round += 1) {
    for (let i = 0; i < n; i += 1)
      work[i] = (target[i] as number) - (positionEffects[positions[i] as number] as number);
    monthEffects = by(work, months, 12);
    for (let i = 0; i < n; i += 1)
      work[i] = (target[i] as number) - (monthEffects[months[i] as number] as number);
    positionEffects = by(work, positions, POSITIONS);
  }
  return { monthEffects, positionEffects };
}

/**
 * Fits the seasonal mean to the flows of the given business days (`days[i]` carries `flows[i]`) and
 * returns the residuals. `yearCount` is the number of history years the days cover. The residuals are
 * scaled by sqrt(n / (n - parameters)) so that fitting 35 effects to one year of days does not shrink
 * the spread of the future.
 */
export function fitSeasonalMean(
  days: readonly number[],
  flows: Float64Array,
  yearCount: number,
): SeasonalMeanModel {
  const n = flows.length;
  const months = new Int32Array(n);
  const positions = new Int32Array(n);
  const cells = new Int32Array(n);
  let level = 0;
  for (let i = 0; i < n; i += 1) {
    const day = days[i] as number;
    months[i] = monthOf(day);
    positions[i] = findBusinessPosition(day);
    cells[i] = (months[i] as number) * POSITIONS + (positions[i] as number);
    level += flows[i] as number;
  }
  level = n > 0 ? level / n : 0;
  const centred = new Float64Array(n);
  for (let i = 0; i < n; i += 1) centred[i] = (flows[i] as number) - level;

  // First pass: robust additive fit (median polish), then the robust scale of what it leaves.
  const first = backfit(centred, months, positions, true);
  const firstResiduals = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    firstResiduals[i] =
      (centred[i] as number) -
      (first.monthEffects[months[i] as number] as number) -
      (first.positionEffects[positions[i] as number] as number);
  }
  const centre = n > 0 ? median(firstResiduals) : 0;
  const deviations = firstResiduals.map((value) => Math.abs(value - centre));
  let scale = n > 0 ? 1.4826 * median(deviations) : 0;
  if (!(scale > 0)) {
    // Mostly quiet days (the median deviation is 0): fall back on the standard deviation.
    let squares = 0;
    for (const value of firstResiduals) squares += value * value;
    scale = n > 0 ? Math.sqrt(squares / n) : 0;
  }
  // Calendar events: the part of a flow beyond the threshold, averaged per cell over the years.
  const eventEffects = new Float64Array(12 * POSITIONS);
  if (scale > 0) {
    const limit = EVENT_THRESHOLD * scale;
    for (let i = 0; i < n; i += 1) {
      const value = firstResiduals[i] as number;
      const excess = value > limit ? value - limit : value < -limit ? value + limit : 0;
      if (excess === 0) continue;
      const cell = cells[i] as number;
      eventEffects[cell] = (eventEffects[cell] as number) + excess / Math.max(1, yearCount);
    }
  }
  // Second pass: the additive effects of what the events leave.
  const withoutEvents = new Float64Array(n);
  for (let i = 0; i < n; i += 1)
    withoutEvents[i] = (centred[i] as number) - (eventEffects[cells[i] as number] as number);
  const { monthEffects, positionEffects } = backfit(withoutEvents, months, positions);
  // The event cells also take what their own days still leave after the refit (the clipped part).
  const additive = (i: number) =>
    (monthEffects[months[i] as number] as number) + (positionEffects[positions[i] as number] as number);
  const isEventCell = eventEffects.map((value) => (value === 0 ? 0 : 1));
  const leftover = new Float64Array(12 * POSITIONS);
  for (let i = 0; i < n; i += 1) {
    const cell = cells[i] as number;
    if (isEventCell[cell] === 1)
      leftover[cell] = (leftover[cell] as number) + (withoutEvents[i] as number) - additive(i);
  }
  for (let cell = 0; cell < leftover.length; cell += 1) {
    if (isEventCell[cell] !== 1) continue;
    const adjust = (leftover[cell] as number) / Math.max(1, yearCount);
    eventEffects[cell] = (eventEffects[cell] as number) + adjust;
  }
  for (let i = 0; i < n; i += 1)
    withoutEvents[i] = (centred[i] as number) - (eventEffects[cells[i] as number] as number);
  const residuals = new Float64Array(n);
  let residualMean = 0;
  for (let i = 0; i < n; i += 1) {
    residuals[i] =
      (withoutEvents[i] as number) -
      (monthEffects[months[i] as number] as number) -
      (positionEffects[positions[i] as number] as number);
    residualMean += residuals[i] as number;
  }
  residualMean = n > 0 ? residualMean / n : 0;
  // The additive effects are free parameters; an event cell only takes a flow's excess, so it is not.
  const parameters = 1 + 11 + (POSITIONS - 1);
  const inflate = n > parameters ? Math.sqrt(n / (n - parameters)) : 1;
  // Centred exactly, so the bootstrap adds no drift of its own.
  for (let i = 0; i < n; i += 1) residuals[i] = ((residuals[i] as number) - residualMean) * inflate;
  return { level, monthEffects, positionEffects, eventEffects, residuals, yearCount };
}

/** The model's mean flow on a business day, without the history's level. */
export function evaluateSeasonalMean(model: SeasonalMeanModel, day: number): number {
  const month = monthOf(day);
  const position = findBusinessPosition(day);
  return (
    (model.monthEffects[month] as number) +
    (model.positionEffects[position] as number) +
    (model.eventEffects[month * POSITIONS + position] as number)
  );
}

/** The SIMULATION_BUSINESS_DAYS business days after `endDay`, in order. */
export function listFutureBusinessDays(endDay: number): number[] {
  const future: number[] = [];
  for (let day = endDay + 1; future.length < SIMULATION_BUSINESS_DAYS; day += 1) {
    if (isBusinessDay(day)) future.push(day);
  }
  return future;
}

/**
 * The expected flow of each simulated business day: the seasonal mean on the future calendar, centred
 * so the 5 years carry no drift but `annualDrift` dollars a year (what the analyst states; 0 by default).
 */
export function projectSeasonalMean(
  model: SeasonalMeanModel,
  futureDays: readonly number[],
  annualDrift = 0,
): Float64Array {
  const path = new Float64Array(futureDays.length);
  let total = 0;
  for (let t = 0; t < futureDays.length; t += 1) {
    path[t] = evaluateSeasonalMean(model, futureDays[t] as number);
    total += path[t] as number;
  }
  const shift =
    annualDrift / BUSINESS_DAYS_PER_YEAR - (futureDays.length > 0 ? total / futureDays.length : 0);
  for (let t = 0; t < path.length; t += 1) path[t] = (path[t] as number) + shift;
  return path;
}
