import type { DateFormat } from '@tideline/contracts/templates/template-fields';
import {
  DATE_AMBIGUOUS,
  DATE_INVALID,
  DAY_FIRST,
  LAYOUT_DOTTED,
  LAYOUT_NUMERIC,
  LAYOUTS_OF,
  MONTH_FIRST,
  ORDER_UNKNOWN,
  dateScan,
  describeDateFailure,
  orderOf,
  readDateText,
} from './parse-date.js';

/**
 * The date cells of one file read with the template's date format (issue 15 point 4). With Auto the
 * day/month order of numeric dates is the file's own: the first date that reads only one way
 * (13/02/2024, 02/13/2024) decides it for the whole file, every date column included; until then a
 * date that reads both ways is DATE_AMBIGUOUS and its row waits (create-row-extractor.ts). Auto never
 * picks an order the file has not shown.
 */
export interface DateReader {
  readonly format: DateFormat;
  /** YYYY-MM-DD, or a DATE_* code of parse-date.ts. */
  read(raw: string, column: number): string | number;
  /** Why a cell was not read, with its value; in Auto a date against the file's order says so. */
  describe(code: number, raw: string): string;
  /** False while Auto has not seen a date that shows the order: an ambiguous date's row must wait. */
  isOrderKnown(): boolean;
  /** Auto read a date both ways and the file has not shown the order: it cannot be read as it is. */
  isAmbiguous(): boolean;
  /** The refusal of a file whose dates never showed the order; heldRows > 0 when it gave up early. */
  describeAmbiguity(heldRows?: number): string;
}

export function createDateReader(format: DateFormat = 'Auto'): DateReader {
  const layouts = LAYOUTS_OF[format];
  let order = orderOf(format);
  // Only Auto reads numeric dates without a stated order; the other formats never answer ambiguous.
  const isOrderStated = format !== 'Auto';
  let proof = '';
  let ambiguous: { column: number; raw: string } | undefined;

  return {
    format,
    read(raw, column) {
      if (order !== ORDER_UNKNOWN || isOrderStated) return readDateText(raw, layouts, order);
      dateScan.provenOrder = ORDER_UNKNOWN;
      const value = readDateText(raw, layouts, ORDER_UNKNOWN);
      if (dateScan.provenOrder !== ORDER_UNKNOWN) {
        order = dateScan.provenOrder;
        proof = raw.trim();
      } else if (value === DATE_AMBIGUOUS && ambiguous === undefined) {
        ambiguous = { column, raw: raw.trim() };
      }
      return value;
    },
    describe(code, raw) {
      if (isOrderStated || order === ORDER_UNKNOWN || code !== DATE_INVALID) {
        return describeDateFailure(code, raw, format);
      }
      const otherOrder = order === MONTH_FIRST ? DAY_FIRST : MONTH_FIRST;
      if (typeof readDateText(raw, LAYOUT_NUMERIC | LAYOUT_DOTTED, otherOrder) !== 'string') {
        return describeDateFailure(code, raw, format);
      }
      const shown = order === DAY_FIRST ? 'day first (DD/MM/YYYY)' : 'month first (MM/DD/YYYY)';
      return `"${raw.trim()}" is not a valid date ${shown}, the order an earlier date of this file ("${proof}") shows`;
    },
    isOrderKnown() {
      return isOrderStated || order !== ORDER_UNKNOWN;
    },
    isAmbiguous() {
      return !isOrderStated && order === ORDER_UNKNOWN && ambiguous !== undefined;
    },
    describeAmbiguity(heldRows = 0) {
      const column = ambiguous?.column ?? 0;
      const example = ambiguous ? `, such as "${ambiguous.raw}"` : '';
      const scope =
        heldRows > 0
          ? `no day is above 12 in the first ${heldRows.toLocaleString('en-US')} rows${example}`
          : `all days are 12 or less${example}`;
      return (
        `The dates in column ${column} could be day/month or month/day (${scope}). ` +
        'Choose the date format MM/DD/YYYY or DD/MM/YYYY in the template.'
      );
    },
  };
}
