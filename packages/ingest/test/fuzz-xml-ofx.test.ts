import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCamt } from '../src/formats/parse-camt.js';
import { parseOfx } from '../src/formats/parse-ofx.js';
import { parseCamt086 } from '../src/treasury/parse-camt086.js';
import { OWN_FIXTURES, SHARED_STATEMENTS } from './fixture-path.js';
import { expectPlainResult, flipped } from './reader-checks.js';

const read = (dir: string) =>
  readdirSync(dir)
    .filter((f) => !f.endsWith('.json'))
    .map((f) => readFileSync(join(dir, f)));
const camtFiles = [...read(join(SHARED_STATEMENTS, 'camt053')), ...read(join(OWN_FIXTURES, 'camt053'))];
const ofxFiles = [
  ...read(join(SHARED_STATEMENTS, 'ofx')),
  ...read(join(SHARED_STATEMENTS, 'investments')),
  ...read(join(OWN_FIXTURES, 'ofx')),
];
const camt086 = readFileSync(join(OWN_FIXTURES, 'camt086_v02_afp_fees_balances_ecr.xml'));

const readers = [
  (bytes: Uint8Array) => parseCamt(bytes),
  (bytes: Uint8Array) => parseOfx(bytes),
  (bytes: Uint8Array) => parseCamt086(bytes),
];

const OFX_TAGS = [
  'OFX',
  'STMTRS',
  'BANKTRANLIST',
  'STMTTRN',
  'TRNAMT',
  'DTPOSTED',
  'NAME',
  'INVTRANLIST',
  'BUYSTOCK',
  'INVTRAN',
  'DTTRADE',
  'SECINFO',
  'UNIQUEID',
  'X',
];
/** Random OFX-like token soup: start and end tags of real names, values, entities, CDATA. */
const ofxSoup = fc
  .array(
    fc.oneof(
      fc.constantFrom(...OFX_TAGS).map((t) => `<${t}>`),
      fc.constantFrom(...OFX_TAGS).map((t) => `</${t}>`),
      fc.constantFrom(
        '20240105',
        '-12.50',
        'x &amp; y',
        '<![CDATA[a<b]]>',
        '\n',
        '<!-- c -->',
        '&#65;',
        '<',
        '>',
      ),
    ),
    { maxLength: 200 },
  )
  .map((tokens) => Buffer.from(`OFXHEADER:100\n\n${tokens.join('')}`));

describe('XML and OFX readers under fuzzing (issue 15 point 3)', () => {
  it('answer random bytes with a plain Result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        for (const readFile of readers) await expectPlainResult(readFile(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('answer byte flips of every camt, camt.086 and OFX fixture with a plain Result', async () => {
    await fc.assert(
      fc.asyncProperty(flipped(camtFiles), async (bytes) => expectPlainResult(parseCamt(bytes))),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(flipped(ofxFiles), async (bytes) => expectPlainResult(parseOfx(bytes))),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(flipped([camt086]), async (bytes) => expectPlainResult(parseCamt086(bytes))),
      { numRuns: 100 },
    );
  }, 60_000);

  it('answer random OFX token soup with a plain Result', async () => {
    await fc.assert(
      fc.asyncProperty(ofxSoup, async (bytes) => expectPlainResult(parseOfx(bytes))),
      { numRuns: 500 },
    );
  });

  it('refuse a cut anywhere, or give exactly the full rows', async () => {
    const files = [
      ...camtFiles.map((b) => [b, parseCamt] as const),
      ...ofxFiles.map((b) => [b, parseOfx] as const),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: files.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (index, at) => {
          const [bytes, readFile] = files[index] as (typeof files)[number];
          const full = await readFile(bytes);
          const cut = await readFile(bytes.subarray(0, Math.floor(bytes.length * at)));
          if (cut.ok)
            expect(cut.value.map((s) => s.transactions)).toEqual(
              full.ok ? full.value.map((s) => s.transactions) : null,
            );
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
