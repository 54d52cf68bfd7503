import { isBusinessDay } from '../calendar/business-calendar';
import { fromDayNumber, toDayNumber } from '../core/iso-date';
import {
  coveredDaysOfMonth,
  coversPhase,
  describeDay,
  describeDays,
  type DayFeatures,
} from '../short-term/calendar-features';
import { BUSINESS_DAYS_PER_YEAR, SIMULATION_BUSINESS_DAYS } from './horizons';

/**
 * The seasonal mean of the daily net flows and the residuals around it (Monte Carlo section of
 * analytics.md, step 2, and "Accuracy, baselines and frozen results"). The expected flow of a business
 * day is
 *
 *   mean(day) = month[calendar month] + position[business day of the month] + weekday[Monday..Friday]
 *             + biweekly[covers the phase of a 14-day cycle] + mid[covers the 15th] + last[last business
 *               day of the month] + event[its date]
 *
 * fitted by backfitting the additive effects. The biweekly cycle (a payroll every other Friday, whose
 * day drifts through the month) and the two semimonthly days are kept only when the history shows them,
 * detected as in the short-term model (calendar-model.ts, on the net flow, in either direction); left in
 * the residuals, they would make them look persistent and lengthen the bootstrap's blocks. The calendar
 * events (tax receipts, debt service: flows far from the additive fit) are kept on the date they recur
 * on (see anchorEvents) as the average of their excess over the history years, so a December tax
 * receipt stays in December instead of being spread
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
  /** Effect of each weekday, 0 = Monday … 4 = Friday. */
  readonly weekdayEffects: Float64Array;
  /** A 14-day cycle found in the history (a biweekly payroll): its phase (day number mod 14), or null. */
  readonly biweekly: { readonly phase: number; readonly effect: number } | null;
  /** The 15th (the business day covering it) and the last business day of the month, when found. */
  readonly midMonthEffect: number | null;
  readonly lastBusinessDayEffect: number | null;
  /** Calendar events (tax receipts, debt service), each on the date it recurs on. */
  readonly events: readonly CalendarEvent[];
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

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * One additive effect of the mean: a table of effects and each day's entry in it (-1: the effect does
 * not apply to the day, as for the biweekly or semimonthly indicators).
 */
interface Component {
  readonly groups: Int32Array;
  readonly size: number;
  effects: Float64Array;
}

function makeComponent(groups: Int32Array, size: number): Component {
  return { groups, size, effects: new Float64Array(size) };
}

function indicatorComponent(on: readonly boolean[]): Component {
  return makeComponent(
    Int32Array.from(on, (isOn) => (isOn ? 0 : -1)),
    1,
  );
}

/** Averages (or medians) of `values` by the component's groups, over the days it applies to. */
function summariseBy(values: Float64Array, component: Component, isRobust: boolean): Float64Array {
  const { groups, size } = component;
  if (isRobust) {
    const buckets: number[][] = Array.from({ length: size }, () => []);
    for (let i = 0; i < values.length; i += 1) {
      const group = groups[i] as number;
      if (group >= 0) buckets[group]?.push(values[i] as number);
    }
    return Float64Array.from(buckets, (bucket) =>
      bucket.length > 0 ? median(Float64Array.from(bucket)) : 0,
    );
  }
  const sums = new Float64Array(size);
  const counts = new Int32Array(size);
  for (let i = 0; i < values.length; i += 1) {
    const group = groups[i] as number;
    if (group < 0) continue;
    sums[group] = (sums[group] as number) + (values[i] as number);
    counts[group] = (counts[group] as number) + 1;
  }
  for (let group = 0; group < size; group += 1) {
    const count = counts[group] as number;
    sums[group] = count > 0 ? (sums[group] as number) / count : 0;
  }
  return sums;
}

/** What the components leave of `target`. */
function residualsOf(target: Float64Array, components: readonly Component[]): Float64Array {
  const residuals = Float64Array.from(target);
  for (const component of components) {
    for (let i = 0; i < residuals.length; i += 1) {
      const group = component.groups[i] as number;
      if (group >= 0) residuals[i] = (residuals[i] as number) - (component.effects[group] as number);
    }
  }
  return residuals;
}

/**
 * Backfits the additive components to `target` (already centred), in place (Gauss-Seidel). `isRobust`
 * uses medians (median polish), so a few large calendar events do not leak into the effects.
 */
function backfit(target: Float64Array, components: readonly Component[], isRobust = false): void {
  for (const component of components) component.effects = new Float64Array(component.size);
  const n = target.length;
  const work = new Float64Array(n);
  for (let round = 0; round < BACKFIT_ROUNDS; round += 1) {
    for (const component of components) {
      work.set(residualsOf(target, components));
      for (let i = 0; i < n; i += 1) {
        const group = component.groups[i] as number;
        if (group >= 0) work[i] = (work[i] as number) + (component.effects[group] as number);
      }
      component.effects = summariseBy(work, component, isRobust);
    }
  }
}

/** Robust standard deviation (1.4826 x the median absolute deviation), else the plain one. */
function robustScale(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return 0;
  const centre = median(values);
  const scale = 1.4826 * median(values.map((value) => Math.abs(value - centre)));
  if (scale > 0) return scale;
  // Mostly quiet days (the median deviation is 0): fall back on the standard deviation.
  let squares = 0;
  for (const value of values) squares += value * value;
  return Math.sqrt(squares / n);
}

/**
 * Whether the days `on` stand out from the residuals, in either direction (a payroll is an outflow, a
 * semimonthly receipt an inflow): at least MIN_OCCURRENCES days, most of them (`share`) on the side of
 * their median, and a robust t-score (median x sqrt(count) / scale) of at least `score`. The median
 * keeps a tax receipt that falls on one of the days from making the whole indicator.
 */
function scoreIndicator(
  residuals: Float64Array,
  on: readonly boolean[],
  scale: number,
): { count: number; share: number; score: number } {
  const values: number[] = [];
  on.forEach((isOn, i) => {
    if (isOn) values.push(residuals[i] as number);
  });
  if (values.length === 0 || !(scale > 0)) return { count: 0, share: 0, score: 0 };
  const centre = median(Float64Array.from(values));
  const sign = Math.sign(centre);
  const agreeing = values.filter((value) => Math.sign(value) === sign && sign !== 0).length;
  return {
    count: values.length,
    share: agreeing / values.length,
    score: (Math.abs(centre) * Math.sqrt(values.length)) / scale,
  };
}

const MIN_OCCURRENCES = 6;
/** Detection thresholds of the short-term model (calendar-model.ts), used on the net flow. */
const BIWEEKLY_SHARE = 0.75;
const BIWEEKLY_SCORE = 6;
const SEMIMONTHLY_SHARE = 0.7;
const SEMIMONTHLY_SCORE = 4;

/** The phase (day number mod 14) of the 14-day cycle whose days stand out most, or null. */
function detectBiweeklyPhase(residuals: Float64Array, features: readonly DayFeatures[]): number | null {
  const scale = robustScale(residuals);
  let best: { phase: number; score: number } | null = null;
  for (let phase = 0; phase < 14; phase += 1) {
    const on = features.map((f) => coversPhase(f, phase));
    const found = scoreIndicator(residuals, on, scale);
    if (found.count < MIN_OCCURRENCES || found.share < BIWEEKLY_SHARE || found.score < BIWEEKLY_SCORE)
      continue;
    if (!best || found.score > best.score) best = { phase, score: found.score };
  }
  return best ? best.phase : null;
}

/**
 * A calendar event's date: the n-th business day of a month (position, 1-based), the business day
 * covering day n of the month (dayOfMonth), or the month's last business day — the anchors of the
 * short-term model's annual dates.
 */
export interface CalendarEvent {
  /** Calendar month 1-12. */
  readonly month: number;
  readonly anchor: 'position' | 'dayOfMonth' | 'lastBusinessDay';
  /** n of position or dayOfMonth; 0 for lastBusinessDay. */
  readonly value: number;
  readonly effect: number;
}

function matchesEvent(f: DayFeatures, event: Omit<CalendarEvent, 'effect'>): boolean {
  if (f.month !== event.month) return false;
  if (event.anchor === 'position') return Math.min(POSITIONS, f.position) === event.value;
  if (event.anchor === 'lastBusinessDay') return f.isLastBusinessDay;
  return coveredDaysOfMonth(f).includes(event.value);
}

function eventKeysOf(f: DayFeatures): string[] {
  const keys = [`${f.month}|position|${Math.min(POSITIONS, f.position)}`];
  for (const dayOfMonth of coveredDaysOfMonth(f)) keys.push(`${f.month}|dayOfMonth|${dayOfMonth}`);
  if (f.isLastBusinessDay) keys.push(`${f.month}|lastBusinessDay|0`);
  return keys;
}

/**
 * Groups the days with an excess (`excesses[i]` != 0) into calendar events. Each excess day can be
 * dated three ways; the date that catches the most excess days of the same sign (one a year: a tax
 * receipt due on the 10th falls on different business-day positions from year to year) explains them
 * best, then the larger total. An event's effect is the sum of its excesses over the years.
 */
function anchorEvents(
  features: readonly DayFeatures[],
  excesses: Float64Array,
  yearCount: number,
): (Omit<CalendarEvent, 'effect'> & { effect: number; members: Set<number> })[] {
  const candidates = new Map<string, number[]>();
  features.forEach((f, i) => {
    for (const key of eventKeysOf(f)) {
      const list = candidates.get(key) ?? [];
      list.push(i);
      candidates.set(key, list);
    }
  });
  const ranked: { key: string; members: number[]; flagged: number; total: number }[] = [];
  for (const [key, members] of candidates) {
    for (const sign of [1, -1]) {
      const flagged = members.filter((i) => sign * (excesses[i] as number) > 0);
      if (flagged.length === 0) continue;
      const total = flagged.reduce((sum, i) => sum + Math.abs(excesses[i] as number), 0);
      ranked.push({ key, members, flagged: flagged.length, total: sign * total });
    }
  }
  ranked.sort(
    (a, b) => b.flagged - a.flagged || Math.abs(b.total) - Math.abs(a.total) || a.key.localeCompare(b.key),
  );
  const claimed = new Set<number>();
  const events: (Omit<CalendarEvent, 'effect'> & { effect: number; members: Set<number> })[] = [];
  for (const candidate of ranked) {
    const sign = Math.sign(candidate.total);
    const mine = candidate.members.filter((i) => sign * (excesses[i] as number) > 0 && !claimed.has(i));
    if (mine.length === 0) continue;
    mine.forEach((i) => claimed.add(i));
    const [monthText, anchor, valueText] = candidate.key.split('|');
    const effect = mine.reduce((sum, i) => sum + (excesses[i] as number), 0) / Math.max(1, yearCount);
    events.push({
      month: Number(monthText),
      anchor: anchor as CalendarEvent['anchor'],
      value: Number(valueText),
      effect,
      members: new Set(candidate.members),
    });
  }
  return events;
}

/**
 * Fits the seasonal mean to the flows of the given business days (`days[i]` carries `flows[i]`) and
 * returns the residuals. `yearCount` is the number of history years the days cover. The residuals are
 * scaled by sqrt(n / (n - parameters)) so that fitting ~40 effects to one year of days does not shrink
 * the spread of the future.
 */
export function fitSeasonalMean(
  days: readonly number[],
  flows: Float64Array,
  yearCount: number,
): SeasonalMeanModel {
  const n = flows.length;
  const features = describeDays(days);
  const months = new Int32Array(n);
  const positions = new Int32Array(n);
  const weekdays = new Int32Array(n);
  let level = 0;
  for (let i = 0; i < n; i += 1) {
    const f = features[i] as DayFeatures;
    months[i] = f.month - 1;
    positions[i] = Math.min(POSITIONS, f.position) - 1;
    weekdays[i] = f.weekday;
    level += flows[i] as number;
  }
  level = n > 0 ? level / n : 0;
  const centred = new Float64Array(n);
  for (let i = 0; i < n; i += 1) centred[i] = (flows[i] as number) - level;

  // First pass, robust (median polish): month, position and weekday; then the cycles the history shows.
  const month = makeComponent(months, 12);
  const position = makeComponent(positions, POSITIONS);
  const weekday = makeComponent(weekdays, 5);
  const components: Component[] = [month, position, weekday];
  backfit(centred, components, true);
  const biweeklyPhase = n > 0 ? detectBiweeklyPhase(residualsOf(centred, components), features) : null;
  let biweekly: Component | null = null;
  if (biweeklyPhase !== null) {
    biweekly = indicatorComponent(features.map((f) => coversPhase(f, biweeklyPhase)));
    components.push(biweekly);
    backfit(centred, components, true);
  }
  let midMonth: Component | null = null;
  let lastBusinessDay: Component | null = null;
  {
    const residuals = residualsOf(centred, components);
    const scale = robustScale(residuals);
    for (const key of ['mid', 'last'] as const) {
      const on = features.map((f) => (key === 'mid' ? f.isMidMonth : f.isLastBusinessDay));
      const found = scoreIndicator(residuals, on, scale);
      if (found.count < MIN_OCCURRENCES || found.share < SEMIMONTHLY_SHARE || found.score < SEMIMONTHLY_SCORE)
        continue;
      const component = indicatorComponent(on);
      components.push(component);
      if (key === 'mid') midMonth = component;
      else lastBusinessDay = component;
    }
    if (midMonth || lastBusinessDay) backfit(centred, components, true);
  }

  // Calendar events: the part of a flow beyond the threshold, kept on the date that recurs, averaged
  // over the years.
  const firstResiduals = residualsOf(centred, components);
  const scale = robustScale(firstResiduals);
  const excesses = new Float64Array(n);
  if (scale > 0) {
    const limit = EVENT_THRESHOLD * scale;
    for (let i = 0; i < n; i += 1) {
      const value = firstResiduals[i] as number;
      excesses[i] = value > limit ? value - limit : value < -limit ? value + limit : 0;
    }
  }
  const events = anchorEvents(features, excesses, yearCount);
  const eventOf = (i: number) => {
    let value = 0;
    for (const event of events) if (event.members.has(i)) value += event.effect;
    return value;
  };
  // Second pass, least squares: the additive effects of what the events leave.
  const withoutEvents = new Float64Array(n);
  for (let i = 0; i < n; i += 1) withoutEvents[i] = (centred[i] as number) - eventOf(i);
  backfit(withoutEvents, components);
  // The events also take what their own days still leave after the refit (the clipped part).
  const leftoverOfDays = residualsOf(withoutEvents, components);
  for (const event of events) {
    let leftover = 0;
    for (const i of event.members) leftover += leftoverOfDays[i] as number;
    event.effect += leftover / Math.max(1, yearCount);
  }
  for (let i = 0; i < n; i += 1) withoutEvents[i] = (centred[i] as number) - eventOf(i);
  const residuals = residualsOf(withoutEvents, components);
  let residualMean = 0;
  for (let i = 0; i < n; i += 1) residualMean += residuals[i] as number;
  residualMean = n > 0 ? residualMean / n : 0;
  // The additive effects are free parameters; an event only takes a flow's excess, so it is not.
  const parameters = 1 + 11 + (POSITIONS - 1) + 4 + (components.length - 3);
  const inflate = n > parameters ? Math.sqrt(n / (n - parameters)) : 1;
  // Centred exactly, so the bootstrap adds no drift of its own.
  for (let i = 0; i < n; i += 1) residuals[i] = ((residuals[i] as number) - residualMean) * inflate;
  const effectOf = (component: Component | null) => (component ? (component.effects[0] as number) : null);
  return {
    level,
    monthEffects: month.effects,
    positionEffects: position.effects,
    weekdayEffects: weekday.effects,
    biweekly:
      biweeklyPhase !== null && biweekly
        ? { phase: biweeklyPhase, effect: biweekly.effects[0] as number }
        : null,
    midMonthEffect: effectOf(midMonth),
    lastBusinessDayEffect: effectOf(lastBusinessDay),
    events: events.map(({ month: eventMonth, anchor, value, effect }) => ({
      month: eventMonth,
      anchor,
      value,
      effect,
    })),
    residuals,
    yearCount,
  };
}

/** The model's mean flow on a business day, without the history's level. */
export function evaluateSeasonalMean(model: SeasonalMeanModel, day: number): number {
  return evaluateFeatures(model, describeDay(day));
}

function evaluateFeatures(model: SeasonalMeanModel, f: DayFeatures): number {
  const month = f.month - 1;
  const position = Math.min(POSITIONS, f.position) - 1;
  let value =
    (model.monthEffects[month] as number) +
    (model.positionEffects[position] as number) +
    (model.weekdayEffects[f.weekday] as number);
  for (const event of model.events) if (matchesEvent(f, event)) value += event.effect;
  if (model.biweekly && coversPhase(f, model.biweekly.phase)) value += model.biweekly.effect;
  if (model.midMonthEffect !== null && f.isMidMonth) value += model.midMonthEffect;
  if (model.lastBusinessDayEffect !== null && f.isLastBusinessDay) value += model.lastBusinessDayEffect;
  return value;
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
  const features = describeDays(futureDays);
  for (let t = 0; t < futureDays.length; t += 1) {
    path[t] = evaluateFeatures(model, features[t] as DayFeatures);
    total += path[t] as number;
  }
  const shift =
    annualDrift / BUSINESS_DAYS_PER_YEAR - (futureDays.length > 0 ? total / futureDays.length : 0);
  for (let t = 0; t < path.length; t += 1) path[t] = (path[t] as number) + shift;
  return path;
}
