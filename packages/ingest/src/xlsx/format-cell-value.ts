/** What a workbook says about its cells beyond the sheet: shared strings, date styles, date system. */
export interface CellContext {
  sharedStrings: readonly string[];
  /** By cell style (the `s` attribute): whether its number format shows a date or time. */
  dateStyles: readonly boolean[];
  is1904: boolean;
}

/** One `<c>` element as read: its type attribute, style, and the text of its value. */
export interface RawCell {
  type: string;
  style: number;
  value: string | undefined;
}

/** Excel's own test for a date format: date letters outside quotes and brackets. */
export function isDateFormat(code: string | undefined): boolean {
  if (!code) return false;
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  // Dates come out as dates, not serials; a time of day is kept only when there is one.
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

function fromSerial(serial: number, is1904: boolean): string {
  const ms = Math.round((serial - 25569 + (is1904 ? 1462 : 0)) * 86_400_000);
  return formatDate(new Date(ms));
}

function formatNumber(text: string, cell: RawCell, context: CellContext): string {
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) return '';
  return context.dateStyles[cell.style] === true ? fromSerial(value, context.is1904) : String(value);
}

/**
 * One cell as the canonical grid's string, as the workbook shows it: shared and inline strings as
 * text, numbers in a date format as ISO dates, booleans as TRUE/FALSE, errors as empty. A formula
 * cell gives its cached result.
 */
export function formatCellValue(cell: RawCell, context: CellContext): string {
  const text = cell.value;
  if (text === undefined) return '';
  switch (cell.type) {
    case 's': {
      const index = Number.parseInt(text, 10);
      return Number.isInteger(index) && index >= 0 ? (context.sharedStrings[index] ?? '') : '';
    }
    case 'str':
    case 'inlineStr':
      return text;
    case 'b':
      return Number.parseInt(text, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd':
      return formatDate(new Date(text));
    default:
      return formatNumber(text, cell, context);
  }
}
