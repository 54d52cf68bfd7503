import { GLOBAL_SETTING_DEFAULTS, GLOBAL_SETTING_IDS } from '@tideline/contracts/settings/global-setting-ids';
import type { FilterValues } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { MY_CLIENTS } from './investment-navigation';

// platform.md 2.5, 2.9, 9: the maturing window runs from today for the maturity limit (global setting 2)
// in days. The server says which days it means; without its answer the default limit is used.

export interface DayWindow {
  windowStart: string;
  windowEnd: string;
}

function isoDay(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** Today and today + `days`, as the viewer's calendar days. */
export function windowFrom(today: Date, days: number): DayWindow {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return { windowStart: isoDay(today), windowEnd: isoDay(end) };
}

export function defaultMaturityWindow(today = new Date()): DayWindow {
  return windowFrom(today, GLOBAL_SETTING_DEFAULTS[GLOBAL_SETTING_IDS.maturityLimit]);
}

/**
 * The 'Current investments' view (platform.md 2.9, state 3): the user's own clients, maturing within the
 * window.
 */
export function maturingViewFilters(window: DayWindow): FilterValues {
  return {
    myClients: MY_CLIENTS,
    maturityDate: { from: window.windowStart, to: window.windowEnd },
  };
}

/** The widget's tooltip: the date range it covers (platform.md 9). */
export function maturityWindowLabel(window: DayWindow): string {
  return `Maturing from ${formatDate(window.windowStart)} to ${formatDate(window.windowEnd)}`;
}
