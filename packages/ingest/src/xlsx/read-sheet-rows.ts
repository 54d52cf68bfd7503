import { createRowBatcher, refuseRows, type RowBatchHandler } from '../core/grid-file.js';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';
import type { ZipEntry } from './check-zip-limits.js';
import { formatCellValue, type CellContext, type RawCell } from './format-cell-value.js';
import { streamXmlEntry, XmlRefusal } from './stream-xml-entry.js';

/** Excel's last column, XFD. */
const MAX_COLUMNS = 16_384;

/** 'C12' -> column 2 (0-based); undefined when the reference has no letters. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    const letter = code >= 97 ? code - 32 : code;
    if (letter < 65 || letter > 90) break;
    column = column * 26 + (letter - 64);
    if (column > MAX_COLUMNS) return MAX_COLUMNS;
  }
  return i === 0 ? undefined : column - 1;
}

export interface SheetToRead {
  name: string;
  entry: ZipEntry;
}

/**
 * Reads one worksheet's XML as it is unzipped, handing on rows in batches. Rows keep the
 * workbook's numbers: rows the sheet skips come as empty rows, trailing empty cells are dropped.
 */
export async function readSheetRows(
  bytes: Uint8Array,
  sheet: SheetToRead,
  context: CellContext,
  limits: Limits,
  onRows: RowBatchHandler,
): Promise<ExtractionError | undefined> {
  const batcher = createRowBatcher(onRows);
  let isFull = false;
  let lastRow = 0;
  let rowNumber = 0;
  let cells: string[] = [];
  let column = -1;
  let cell: RawCell = { type: '', style: 0, value: undefined };
  // Which text belongs to the cell: its <v>, or the <t> of an inline string outside phonetic runs.
  let isInValue = false;
  let isInInline = false;
  let isInPhonetic = false;
  let cellChars = 0;
  const where = () => `sheet "${sheet.name}" row ${rowNumber}`;

  const checkRowNumber = (row: number) => {
    if (row > limits.maxRows) throw new XmlRefusal(refuseRows(limits.maxRows, `Sheet "${sheet.name}"`));
  };
  const damaged = (what: string) =>
    new XmlRefusal({ kind: 'malformed', format: 'xlsx', message: `The workbook is damaged: ${what}.` });

  const error = await streamXmlEntry(bytes, sheet.entry, limits, {
    open(name, attributes) {
      if (name === 'row') {
        const stated = Number(attributes.r);
        // Rows come in order; one out of order or unnumbered follows the row before. Rows past Excel's
        // 1,048,576 are read (createXlsxWriter writes them for a long CSV): maxRows is the limit.
        rowNumber = Number.isInteger(stated) && stated > lastRow ? stated : lastRow + 1;
        checkRowNumber(rowNumber);
        if (batcher.addEmpty(lastRow + 1, rowNumber - 1)) isFull = true;
        cells = [];
        column = -1;
      } else if (name === 'c') {
        const stated = attributes.r === undefined ? undefined : columnOf(attributes.r);
        column = stated ?? column + 1;
        if (column >= MAX_COLUMNS) throw damaged(`${where()} has a cell beyond column XFD`);
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: undefined };
        cellChars = 0;
      } else if (name === 'v') {
        isInValue = true;
      } else if (name === 'is') {
        isInInline = true;
      } else if (name === 'rPh') {
        isInPhonetic = true;
      } else if (name === 't' && isInInline && !isInPhonetic) {
        isInValue = true;
      }
    },
    text(text) {
      if (!isInValue) return;
      cellChars += text.length;
      if (cellChars > limits.maxCellLength) {
        throw new XmlRefusal({
          kind: 'limit-exceeded',
          limit: 'cellLength',
          maximum: limits.maxCellLength,
          message: `A cell in ${where()} is longer than ${limits.maxCellLength} characters.`,
        });
      }
      cell.value = cell.value === undefined ? text : cell.value + text;
    },
    close(name) {
      if (name === 'v' || name === 't') {
        isInValue = false;
        // An inline string with no text is an empty string, not a missing value.
        if (isInInline && cell.value === undefined) cell.value = '';
      } else if (name === 'rPh') {
        isInPhonetic = false;
      } else if (name === 'is') {
        isInInline = false;
      } else if (name === 'c') {
        const value = formatCellValue(cell, context);
        if (value !== '') {
          while (cells.length < column) cells.push('');
          cells[column] = value;
        }
      } else if (name === 'row') {
        if (batcher.add({ rowNumber, cells })) isFull = true;
        lastRow = rowNumber;
      }
    },
    async afterChunk() {
      if (!isFull) return undefined;
      isFull = false;
      return (await batcher.flush()) ? 'stop' : undefined;
    },
  });
  if (error) return error;
  await batcher.flush();
  return undefined;
}
