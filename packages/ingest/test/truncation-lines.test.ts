import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { describe, expect, it } from 'vitest';
import type { Result } from '../src/core/result.js';
import { extractFile } from '../src/extract-file.js';
import { parseBai2 } from '../src/formats/parse-bai2.js';
import { parseMt940 } from '../src/formats/parse-mt940.js';
import { readStatements } from '../src/formats/read-statements.js';
import type { Statement } from '../src/formats/statement.js';
import { readCsv } from '../src/text/read-csv.js';
import { fixturesOf, INTERNAL } from './reader-checks.js';

type LineFormat = 'bai2' | 'mt940';

const lineFixtures = (['bai2', 'mt940'] as const).flatMap((format) =>
  fixturesOf(format).map((f) => ({ ...f, format })),
);
const csvFixtures = fixturesOf('csv');

const CUTS = Array.from({ length: 19 }, (_, i) => (i + 1) * 5);
const cutAt = (bytes: Uint8Array, percent: number) =>
  bytes.subarray(0, Math.floor((bytes.length * percent) / 100));

/** What must survive a cut unchanged: every statement's account and rows. */
const rowsOf = (statements: readonly Statement[]) => statements.map((s) => [s.accountId, s.transactions]);

/** The reader without the statement-level balance check: what a cut at a statement's end may give. */
const readUnchecked = (bytes: Uint8Array, format: LineFormat) =>
  format === 'bai2' ? parseBai2(bytes) : parseMt940(bytes);

/** At a line end: after a line break, or after MT940's end-of-message line "-" that may close a file. */
const endsLine = (bytes: Uint8Array) =>
  bytes.at(-1) === 0x0a ||
  bytes.at(-1) === 0x0d ||
  /(^|[\r\n])-\}?$/.test(Buffer.from(bytes.subarray(-3)).toString('latin1'));

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * A cut BAI2 or MT940 file is refused, or reads exactly as the whole file does. The one cut no
 * reader can see: right after the line that ends a complete statement (a file may hold fewer
 * statements); then the rows are the whole file's first statements, never a statement in part.
 */
async function expectCutHandled(
  bytes: Uint8Array,
  cutLength: number,
  format: LineFormat,
  full: Result<Statement[]>,
) {
  const cut = bytes.subarray(0, cutLength);
  const read = await readStatements(cut, format);
  const where = `cut at byte ${cutLength} of ${bytes.length}`;
  if (!read.ok) {
    expect(read.error.message, where).not.toMatch(INTERNAL);
    return;
  }
  if (full.ok && JSON.stringify(rowsOf(read.value)) === JSON.stringify(rowsOf(full.value))) return;
  const whole = await readUnchecked(bytes, format);
  expect(endsLine(cut), `${where}: accepted with other rows, not at a line end`).toBe(true);
  expect(whole.ok && read.value.length < whole.value.length, where).toBe(true);
  if (whole.ok) expect(rowsOf(read.value), where).toEqual(rowsOf(whole.value.slice(0, read.value.length)));
}

interface CsvRead {
  rows: string[][];
  delimiter: string;
}

const csvOf = (grid: Awaited<ReturnType<typeof readCsv>>): CsvRead | undefined =>
  grid.ok
    ? {
        rows: grid.value.sheets[0]?.rows.map((r) => r.cells) ?? [],
        delimiter: grid.value.source.delimiter ?? ',',
      }
    : undefined;

/**
 * The cut is at a row's end: a line break just before it, or nothing but the row's line break
 * after it in the whole file, with at most the quotes of an empty last field ("") in between
 * (UTF-16LE: each with its NUL): such a cut leaves the row as it was.
 */
function isAtRowEnd(bytes: Uint8Array, cutLength: number): boolean {
  const isBreak = (byte: number | undefined) => byte === 0x0a || byte === 0x0d;
  if (isBreak(bytes[cutLength - 1]) || (bytes[cutLength - 1] === 0x00 && isBreak(bytes[cutLength - 2])))
    return true;
  let at = cutLength;
  while (bytes[at] === 0x22 || bytes[at] === 0x00) at++;
  return at >= bytes.length || isBreak(bytes[at]);
}

/**
 * The rule for a cut CSV (issue 15 point 7), which `expectCsvCutHandled` asserts for every cut:
 * - at a row's end: a valid shorter file, read as exactly the whole file's first rows (no reader can
 *   tell it from a statement with fewer rows; a template with a balance column cannot either, since
 *   every row left still agrees with the one above it);
 * - inside a quoted field, inside a character, or leaving a last row with fewer cells than the row
 *   above it (the header, for the first data row): refused, naming the row;
 * - inside the last field of a row that has all its cells: read with that field cut short, the one
 *   cut inside a row a reader cannot see, since RFC 4180 lets the last line go without a line break
 *   (a template with a balance column refuses it when the field is a figure: the test below). A row
 *   with no wider row above it (the file's first line, a header under a narrower preamble) cannot
 *   be measured (and with too little text left the delimiter may not be found): it may read short,
 *   and then matches no template.
 */
function expectCsvCutHandled(cut: CsvRead | undefined, full: CsvRead, bytes: Uint8Array, cutLength: number) {
  const where = `cut at byte ${cutLength}`;
  if (!cut) return;
  expect(cut.rows.length, where).toBeLessThanOrEqual(full.rows.length);
  expect(cut.rows.slice(0, -1), where).toEqual(full.rows.slice(0, cut.rows.length - 1));
  const last = cut.rows.at(-1) ?? [];
  const whole = full.rows[cut.rows.length - 1] ?? [];
  if (JSON.stringify(last) === JSON.stringify(whole)) {
    expect(
      isAtRowEnd(bytes, cutLength),
      `${where}: the whole file's first rows, but not at a row's end`,
    ).toBe(true);
    return;
  }
  const above = cut.rows
    .slice(0, -1)
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .at(-1);
  if (!above || last.length < whole.length) {
    // Short of its cells, a row is read only with no wider row above it: the file's first line, or
    // a header under a narrower preamble; the template then finds no header it knows.
    expect(last.length, `${where}: a row cut short of the cells of the row above`).toBeGreaterThanOrEqual(
      above?.length ?? 0,
    );
    const text = last.join(cut.delimiter);
    expect(whole.join(full.delimiter).startsWith(text), `${where}: "${text}"`).toBe(true);
    return;
  }
  // Otherwise a cut inside a row is read only in the last field of a row with all its cells.
  expect(last.slice(0, -1), where).toEqual(whole.slice(0, -1));
  const [lastCell, wholeCell] = [last.at(-1) ?? '', whole.at(-1) ?? ''];
  expect(
    wholeCell.startsWith(lastCell) && lastCell.length < wholeCell.length,
    `${where}: "${lastCell}"`,
  ).toBe(true);
}

/** A statement CSV whose last column is the running balance, as banks lay them out (CRLF). */
function makeBalanceCsv(rows: number): string {
  const lines = ['Date,Description,Debit,Credit,Balance'];
  let cents = 100_000;
  for (let i = 1; i <= rows; i++) {
    const amount = 1000 + ((i * 7919) % 90_000);
    const isDebit = i % 3 !== 0;
    cents += isDebit ? -amount : amount;
    const figure = (value: number) => (value / 100).toFixed(2);
    const description = i % 5 === 0 ? `"Transfer, ref ${i}"` : `Card payment ${i}`;
    lines.push(
      `01/${String((i % 28) + 1).padStart(2, '0')}/2024,${description},${isDebit ? figure(amount) : ''},${isDebit ? '' : figure(amount)},${figure(cents)}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const BALANCE_TEMPLATE = {
  templateId: 1,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Date,Description,Debit,Credit,Balance',
  jsonTransform: [
    {
      cellHeaderData: 'Date',
      headerStart: '0',
      fileNameIncluded: true,
      date: '0',
      description: '1',
      amountDebit: '2',
      amountCredit: '3',
      balance: '4',
      dateFormat: 'MM/DD/YYYY',
    },
  ],
} as ImportTemplate;

describe('truncated BAI2 and MT940 files (issue 15 point 6)', () => {
  it('finds the fixtures', () => {
    expect(lineFixtures.filter((f) => f.format === 'bai2').length).toBeGreaterThanOrEqual(10);
    expect(lineFixtures.filter((f) => f.format === 'mt940').length).toBeGreaterThanOrEqual(12);
  });

  it.each(lineFixtures)(
    '$name: every cut at 5%, 10%, … 95% is refused or gives exactly the full rows',
    async (f) => {
      const full = await readStatements(f.bytes, f.format);
      for (const percent of CUTS) {
        const cut = await readStatements(cutAt(f.bytes, percent), f.format);
        if (cut.ok)
          expect(full.ok && rowsOf(cut.value), `cut at ${percent}%`).toEqual(full.ok && rowsOf(full.value));
        else expect(cut.error.message, `cut at ${percent}%`).not.toMatch(INTERNAL);
      }
    },
  );

  it.each(lineFixtures)('$name: a cut at any byte is refused, or reads whole statements only', async (f) => {
    const full = await readStatements(f.bytes, f.format);
    for (let length = 0; length < f.bytes.length; length++)
      await expectCutHandled(f.bytes, length, f.format, full);
  });

  it.each(lineFixtures)('$name: read as a stream of 7-byte chunks gives the same result', async (f) => {
    expect(await readStatements(inChunks(f.bytes, 7), f.format)).toEqual(
      await readStatements(f.bytes, f.format),
    );
  });
});

describe('truncated CSV files (issue 15 point 7)', () => {
  it('finds the fixtures', () => {
    expect(csvFixtures.length).toBeGreaterThanOrEqual(6);
  });

  it.each(csvFixtures)(
    '$name: every cut is refused, reads the first rows at a row end, or cuts the last field',
    async (f) => {
      const full = csvOf(await readCsv(f.bytes));
      if (!full) throw new Error(`${f.name} does not read`);
      for (let length = 1; length < f.bytes.length; length++) {
        const read = await readCsv(f.bytes.subarray(0, length));
        if (!read.ok) expect(read.error.message).not.toMatch(INTERNAL);
        expectCsvCutHandled(csvOf(read), full, f.bytes, length);
      }
    },
  );

  it('with a balance column last, every cut is refused or gives exactly the whole file’s first rows', async () => {
    const bytes = Buffer.from(makeBalanceCsv(30));
    const read = (cut: Uint8Array) =>
      extractFile(cut, { fileName: 'acct-00123456.csv', templates: [BALANCE_TEMPLATE] });
    const full = await read(bytes);
    if (!full.ok || full.value.kind !== 'transactions') throw new Error('the statement does not read');
    expect(full.value.rows).toHaveLength(30);
    let refused = 0;
    for (let length = 1; length < bytes.length; length++) {
      const cut = await read(bytes.subarray(0, length));
      if (!cut.ok) {
        refused++;
        expect(cut.error.message, `cut at byte ${length}`).not.toMatch(INTERNAL);
        continue;
      }
      const rows = cut.value.kind === 'transactions' ? cut.value.rows : [];
      expect(rows, `cut at byte ${length}`).toEqual(full.value.rows.slice(0, rows.length));
    }
    // Most cuts fall inside a row; those in the balance field are refused by the balance check.
    expect(refused).toBeGreaterThan(bytes.length / 2);
  });

  it('refuses a cut inside a quoted field, naming the row it starts in', async () => {
    const text = 'Date,Description,Amount\r\n01/02/2024,Rent,-900\r\n01/03/2024,"Coffee, large';
    expect(await readCsv(Buffer.from(text))).toMatchObject({
      ok: false,
      error: {
        kind: 'malformed',
        message:
          'Row 3 opens a quoted field that the file ends inside: the file is cut short, or a closing quote is missing.',
      },
    });
  });

  it('refuses a last row short of the cells of the row above it when no line break ends it', async () => {
    const rows = 'Date,Description,Amount,Balance\n01/02/2024,Rent,-900,100\n01/03/2024,Coffee';
    expect(await readCsv(Buffer.from(rows))).toMatchObject({
      ok: false,
      error: {
        kind: 'malformed',
        message:
          'Row 3 has 2 of the 4 cells of the rows above, and the file ends inside it, without a line break: the file is cut short.',
      },
    });
    // With its line break it is a complete row, however short: a footer, read by the template.
    const ended = await readCsv(Buffer.from(`${rows}\n`));
    expect(ended.ok && ended.value.sheets[0]?.rows.at(-1)?.cells).toEqual(['01/03/2024', 'Coffee']);
    // A blank last line carries nothing to lose.
    expect((await readCsv(Buffer.from(`${rows}\n  `))).ok).toBe(true);
  });

  it('refuses a UTF-8 file cut inside a character, naming the row', async () => {
    const bytes = Buffer.from('Date,Payee\n01/02/2024,Café\n01/03/2024,Zürich\n', 'utf8');
    const cut = bytes.subarray(0, bytes.indexOf('ü') + 1);
    expect(await readCsv(cut)).toMatchObject({
      ok: false,
      error: { kind: 'encoding', message: 'Row 3 ends inside a character: the file is cut short.' },
    });
  });
});
