const QUOTE = 34;
const LF = 10;
const CR = 13;

export interface ParsedRecords {
  records: string[][];
  /** Index just after the last complete record read; the rest starts an incomplete record. */
  consumed: number;
  /** Set when a field grew past maxCellLength: a runaway quote, not data. */
  oversizedCell?: boolean;
}

export interface ParseWindow {
  /** Where to start reading (a previous call's `consumed`). */
  start?: number;
  /** Stop after this many records, so a caller can hand on small batches that die young. */
  maxRecords?: number;
}

/**
 * Splits delimited text into records (RFC 4180 quoting, embedded newlines, CRLF/LF/CR). With
 * isFinal false the last, possibly incomplete record is left unconsumed for the next chunk.
 * A hand-written charCode loop: this is the hot path of the 1M-row benchmark.
 */
export function parseDelimited(
  text: string,
  delimiter: string,
  isFinal: boolean,
  maxCellLength: number,
  window: ParseWindow = {},
): ParsedRecords {
  const delim = delimiter.charCodeAt(0);
  const n = text.length;
  const maxRecords = window.maxRecords ?? Infinity;
  const records: string[][] = [];
  let pos = window.start ?? 0;
  let consumed = pos;
  // Positions of the next quote and CR at or after pos (n when none): found once and reused
  // across lines, so a quote-free line is not scanned for them again.
  let nextQuote = -1;
  let nextCr = -1;

  outer: while (pos < n && records.length < maxRecords) {
    // Fast path: a whole line without quotes or stray CRs is split natively.
    const newline = text.indexOf('\n', pos);
    if (newline !== -1 && newline - pos <= maxCellLength) {
      if (nextQuote < pos) nextQuote = indexOrEnd(text, '"', pos);
      if (nextCr < pos) nextCr = indexOrEnd(text, '\r', pos);
      if (nextQuote > newline && nextCr >= newline - 1) {
        const end = nextCr === newline - 1 ? nextCr : newline;
        records.push(text.slice(pos, end).split(delimiter));
        pos = newline + 1;
        consumed = pos;
        continue;
      }
    }
    const record: string[] = [];
    let i = pos;
    for (;;) {
      if (i < n && text.charCodeAt(i) === QUOTE) {
        // Quoted field: runs to the closing quote; "" is an escaped quote.
        let value = '';
        let start = i + 1;
        for (;;) {
          const q = text.indexOf('"', start);
          if (q === -1) {
            if (!isFinal) {
              if (n - pos > maxCellLength) return { records, consumed, oversizedCell: true };
              break outer;
            }
            // Unterminated quote at end of file: keep the text rather than lose it.
            value += text.slice(start);
            i = n;
            break;
          }
          if (q + 1 < n && text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(start, q + 1);
            start = q + 2;
            continue;
          }
          if (q + 1 >= n && !isFinal) break outer;
          value += text.slice(start, q);
          i = q + 1;
          break;
        }
        if (value.length > maxCellLength) return { records, consumed, oversizedCell: true };
        // Text after the closing quote up to the delimiter is kept, as spreadsheet programs do.
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === LF || c === CR) break;
          j++;
        }
        if (j > i) value += text.slice(i, j);
        i = j;
        record.push(value);
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === LF || c === CR) break;
          j++;
        }
        if (j - i > maxCellLength) return { records, consumed, oversizedCell: true };
        record.push(text.slice(i, j));
        i = j;
      }
      if (i >= n) {
        if (!isFinal) break outer;
        records.push(record);
        pos = n;
        consumed = n;
        break outer;
      }
      const c = text.charCodeAt(i);
      if (c === delim) {
        i++;
        if (i >= n && isFinal) {
          record.push('');
          records.push(record);
          pos = n;
          consumed = n;
          break outer;
        }
        continue;
      }
      // End of line: CRLF, LF or a lone CR. A CR at the chunk end may be half of a CRLF.
      if (c === CR) {
        if (i + 1 >= n && !isFinal) break outer;
        i += i + 1 < n && text.charCodeAt(i + 1) === LF ? 2 : 1;
      } else {
        i++;
      }
      records.push(record);
      pos = i;
      consumed = i;
      break;
    }
  }
  return { records, consumed };
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at === -1 ? text.length : at;
}
