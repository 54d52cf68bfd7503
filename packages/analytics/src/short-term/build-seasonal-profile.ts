import { isBusinessDay } from '../calendar/business-calendar';
import { fromDayNumber, toDayNumber } from '../core/iso-date';

/**
 * Business-day-of-month position: 1 for the month's first business day, 2 for the second, … (the
 * short-term model's business-day-of-month effect and the "same position last year" baseline).
 */
export function findPositionInMonth(day: number): number {
  const { year, month } = fromDayNumber(day);
  let position = 0;
  for (let current = toDayNumber(year, month, 1); current <= day; current += 1)
    if (isBusinessDay(current)) position += 1;
  return position;
}
