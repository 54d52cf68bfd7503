import { CASH_VEST_MSG } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { SuggestionInput } from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import { formatCurrency, formatDate } from '../../lib/format';

/** Spec 2: a row without dates asks for them. */
export function formatDateRange(row: { startDate: string | null; endDate: string | null }): string {
  if (!row.startDate || !row.endDate) return CASH_VEST_MSG.noDateRange;
  return `${formatDate(row.startDate)} - ${formatDate(row.endDate)}`;
}

/** '72 / 100'; unscored rows show '---'. */
export function formatScore(score: number | null, max: number): string {
  return score === null ? '---' : `${score} / ${max}`;
}

const percent = (fraction: number, digits: number) => `${(fraction * 100).toFixed(digits)}%`;

/** A figure behind a suggestion, by its unit; unknown is '---'. */
export function formatSuggestionInput(input: SuggestionInput): string {
  const { value, unit } = input;
  if (value === null) return '---';
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'money':
      return formatCurrency(value);
    case 'rate':
      return percent(value, 4);
    case 'share':
      return percent(value, 1);
    case 'days':
      return `${value} days`;
    default:
      return String(value);
  }
}
