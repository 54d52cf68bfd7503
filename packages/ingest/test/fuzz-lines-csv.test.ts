import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseBai2 } from '../src/formats/parse-bai2.js';
import { parseMt940 } from '../src/formats/parse-mt940.js';
import { readStatements } from '../src/formats/read-statements.js';
import { readCsv } from '../src/text/read-csv.js';
import { expectPlainResult, fixturesOf, flipped } from './reader-checks.js';

const bytesOf = (dir: string) => fixturesOf(dir).map((f) => f.bytes);
const bai2Files = bytesOf('bai2');
const mt940Files = bytesOf('mt940');
const csvFiles = bytesOf('csv');

const readers = [
  (bytes: Uint8Array) => parseBai2(bytes),
  (bytes: Uint8Array) => readStatements(bytes, 'bai2'),
  (bytes: Uint8Array) => readStatements(bytes, 'mt940'),
  (bytes: Uint8Array) => readCsv(bytes),
];

/** Random BAI2-like records: real record codes with fields that are sometimes numbers, sometimes not. */
const bai2Soup = fc
  .array(
    fc.tuple(
      fc.constantFrom('01', '02', '03', '16', '49', '88', '98', '99', '17', ''),
      fc.array(
        fc.oneof(
          fc.constantFrom(
            '',
            '010',
            '015',
            '100',
            '400',
            '475',
            '195',
            'V',
            'S',
            'D',
            '3',
            '240131',
            '-5',
            '+12',
          ),
          fc.integer({ min: -99999, max: 99999 }).map(String),
          fc.string({ maxLength: 6 }),
        ),
        { maxLength: 12 },
      ),
      fc.constantFrom('/\n', '\n', '/ ', '\r\n', ''),
    ),
    { maxLength: 40 },
  )
  .map((records) =>
    Buffer.from(records.map(([code, fields, end]) => [code, ...fields].join(',') + end).join(''), 'latin1'),
  );

const MT940_TAGS = [
  '20',
  '25',
  '28C',
  '60F',
  '60M',
  '61',
  '86',
  '62F',
  '62M',
  '64',
  '65',
  '90D',
  '90C',
  '13D',
  '34F',
  'NS',
];
/** Random MT940-like fields: real tags with values near what they expect, lines that continue them. */
const mt940Soup = fc
  .array(
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...MT940_TAGS),
          fc.constantFrom(
            'C240101EUR100,00',
            'D991231EUR0,',
            '2401020102D10,00NTRFNONREF//B1',
            '2312290102C5,NMSC',
            '1PLN0,01',
            'REF',
            '',
          ),
        )
        .map(([tag, value]) => `:${tag}:${value}`),
      fc.constantFrom('-', '-}', '', 'continued text', '\u0001', '?20SVWZ+x'),
      fc.string({ maxLength: 20 }),
    ),
    { maxLength: 40 },
  )
  .map((lines) => Buffer.from(lines.join('\r\n'), 'latin1'));

describe('BAI2, MT940 and CSV readers under fuzzing (issue 15 point 6)', () => {
  it('answer random bytes with a plain Result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        for (const readFile of readers) await expectPlainResult(readFile(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('answer byte flips of every BAI2, MT940 and CSV fixture with a plain Result', async () => {
    await fc.assert(
      fc.asyncProperty(flipped(bai2Files), async (bytes) => expectPlainResult(readStatements(bytes, 'bai2'))),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(flipped(mt940Files), async (bytes) =>
        expectPlainResult(readStatements(bytes, 'mt940')),
      ),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(flipped(csvFiles), async (bytes) => expectPlainResult(readCsv(bytes))),
      { numRuns: 300 },
    );
  }, 60_000);

  it('answer BAI2 record soup and MT940 field soup with a plain Result', async () => {
    await fc.assert(
      fc.asyncProperty(bai2Soup, async (bytes) => {
        await expectPlainResult(parseBai2(bytes));
        await expectPlainResult(readStatements(bytes, 'bai2'));
      }),
      { numRuns: 500 },
    );
    await fc.assert(
      fc.asyncProperty(mt940Soup, async (bytes) => {
        await expectPlainResult(parseMt940(bytes));
        await expectPlainResult(readStatements(bytes, 'mt940'));
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
