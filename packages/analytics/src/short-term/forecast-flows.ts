import { addBusinessDays } from '../calendar/business-calendar';
import { estimateSeasonalFlow, findPositionInMonth, type SeasonalProfile } from './build-seasonal-profile';
import { fromDayNumber } from '../core/iso-date';

/**
 * Short-term model section of analytics.md: forecast net flow per business day after `fromDay` up to
 * `toDay` = trend ratio x seasonal flow, plus balance adjustments (already folded onto business days).
 */
export function forecastFlows(
  profile: SeasonalProfile,
  ratio: number,
  fromDay: number,
  toDay: number,
  adjustments: ReadonlyMap<number, number> = new Map(),
): { days: number[]; flows: Float64Array } {
  const days: number[] = [];
  for (let day = addBusinessDays(fromDay, 1); day <= toDay; day = addBusinessDays(day, 1)) days.push(day);
  const flows = new Float64Array(days.length);
  let month = -1;
  let position = 0;
  days.forEach((day, index) => {
    const current = fromDayNumber(day).month;
    if (current !== month) {
      month = current;
      position = findPositionInMonth(day) - 1;
    }
    position += 1;
    flows[index] = ratio * estimateSeasonalFlow(profile, day, position) + (adjustments.get(day) ?? 0);
  });
  return { days, flows };
}
