import {
  isBusinessDay,
  listBusinessDays,
  nextBusinessDayOnOrAfter,
  previousBusinessDayOnOrBefore,
} from './business-calendar';

/** A flow on one calendar day (day number), in dollars. */
export interface DayFlow {
  readonly day: number;
  readonly amount: number;
}

export interface BusinessDayFlows {
  /** Business days of the window, ascending. */
  readonly days: number[];
  /** Net flow per business day, aligned with `days`. */
  readonly flows: Float64Array;
  /** Number of flows folded onto each business day. */
  readonly counts: Uint32Array;
}

/**
 * Calendar section of analytics.md: a flow dated on a weekend or holiday counts on the next business
 * day. Flows after the window's last business day (a Saturday at the very end) stay on that last
 * business day so the window's total is preserved; flows outside [from, to] are ignored.
 */
export function foldToBusinessDays(flows: readonly DayFlow[], from: number, to: number): BusinessDayFlows {
  const days = listBusinessDays(from, to);
  const totals = new Float64Array(days.length);
  const counts = new Uint32Array(days.length);
  if (days.length === 0) return { days, flows: totals, counts };
  const firstDay = days[0] as number;
  const indexByDay = new Map<number, number>();
  days.forEach((day, index) => indexByDay.set(day, index));
  const lastBusinessDay = previousBusinessDayOnOrBefore(to);
  for (const flow of flows) {
    if (flow.day < from || flow.day > to) continue;
    let target = isBusinessDay(flow.day) ? flow.day : nextBusinessDayOnOrAfter(flow.day);
    if (target > lastBusinessDay) target = lastBusinessDay;
    if (target < firstDay) target = firstDay;
    const index = indexByDay.get(target);
    if (index === undefined) continue;
    totals[index] = (totals[index] as number) + flow.amount;
    counts[index] = (counts[index] as number) + 1;
  }
  return { days, flows: totals, counts };
}
