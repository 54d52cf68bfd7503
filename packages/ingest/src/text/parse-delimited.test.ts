import { describe, expect, it } from 'vitest';
import { readOwn } from '../../test/fixture-path.js';
import { parseDelimited } from './parse-delimited.js';

const MIXED = readOwn('csv/mixed_line_endings_lone_cr_quoted_after_plain.csv').toString('utf8');
const MIXED_ROWS = [
  ['Date', 'Description', 'Amount'],
  ['01/02/2024', 'Plain CRLF line', '-1.00'],
  ['01/03/2024', 'Old Mac line end', '-2.00'],
  ['01/04/2024', 'Quoted, after plain lines', '-3.00'],
  ['01/05/2024', 'Plain again', '-4.00'],
  ['01/06/2024', 'Multi\r\nline', '-5.00'],
  ['01/07/2024', 'Last without newline', '-6.00'],
];

describe('parseDelimited', () => {
  it('csv/mixed_line_endings_lone_cr_quoted_after_plain: CRLF, a lone CR, LF and quoted lines in one file', () => {
    const parsed = parseDelimited(MIXED, ',', true, 1000);
    expect(parsed.records).toEqual(MIXED_ROWS);
    expect(parsed.consumed).toBe(MIXED.length);
  });

  it('reads a window of at most maxRecords from start and reports where it stopped', () => {
    const windows: string[][] = [];
    let start = 0;
    for (;;) {
      const parsed = parseDelimited(MIXED, ',', true, 1000, { start, maxRecords: 2 });
      expect(parsed.records.length).toBeLessThanOrEqual(2);
      if (parsed.records.length === 0) break;
      windows.push(...parsed.records);
      expect(parsed.consumed).toBeGreaterThan(start);
      start = parsed.consumed;
    }
    expect(windows).toEqual(MIXED_ROWS);
  });

  it('leaves an incomplete last record (or a CR that may start a CRLF) for the next chunk', () => {
    const open = parseDelimited('a,b\r\nc,"d\r\n', ',', false, 1000);
    expect(open.records).toEqual([['a', 'b']]);
    expect(open.consumed).toBe(5);
    const cr = parseDelimited('a,"b"\r', ',', false, 1000);
    expect(cr.records).toEqual([]);
    expect(cr.consumed).toBe(0);
  });
});
