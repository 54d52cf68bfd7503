import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Result } from '../src/core/result.js';
import { readStatements } from '../src/formats/read-statements.js';
import type { Statement } from '../src/formats/statement.js';
import { parseCamt086 } from '../src/treasury/parse-camt086.js';
import { OWN_FIXTURES, SHARED_STATEMENTS } from './fixture-path.js';

/** Every camt and OFX fixture, shared and our own, with the reader its folder implies. */
const fixtures = [
  ...['camt053', 'ofx', 'investments'].map((dir) => join(SHARED_STATEMENTS, dir)),
  ...['camt053', 'ofx'].map((dir) => join(OWN_FIXTURES, dir)),
]
  .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
  .flatMap((dir) => readdirSync(dir).map((file) => join(dir, file)))
  .filter((file) => !file.endsWith('.json'))
  .map((file) => ({
    name: file.slice(file.lastIndexOf('fixtures')),
    bytes: readFileSync(file),
    format: file.endsWith('.xml') ? ('camt' as const) : ('ofx' as const),
  }));

/** What must survive a cut unchanged: every statement's rows, trades and positions. */
const rowsOf = (result: Result<Statement[]>) =>
  result.ok
    ? result.value.map((s) => [
        s.accountId,
        s.transactions,
        s.investmentTransactions ?? [],
        s.positions ?? [],
      ])
    : undefined;

const CUTS = Array.from({ length: 19 }, (_, i) => (i + 1) * 5);

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('truncated camt and OFX files (issue 15 point 2)', () => {
  it('finds the fixtures', () => {
    expect(fixtures.filter((f) => f.format === 'camt').length).toBeGreaterThanOrEqual(8);
    expect(fixtures.filter((f) => f.format === 'ofx').length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures)(
    '$name: every cut at 5%, 10%, … 95% is refused or gives exactly the full rows',
    async (f) => {
      const full = await readStatements(f.bytes, f.format);
      for (const percent of CUTS) {
        const cut = await readStatements(
          f.bytes.subarray(0, Math.floor((f.bytes.length * percent) / 100)),
          f.format,
        );
        if (cut.ok) expect(rowsOf(cut), `cut at ${percent}%`).toEqual(rowsOf(full));
        else expect(cut.error.message, `cut at ${percent}%`).not.toMatch(/TypeError|RangeError|Error:/);
      }
    },
  );

  it.each(fixtures)('$name: read as a stream of 7-byte chunks gives the same result', async (f) => {
    expect(await readStatements(inChunks(f.bytes, 7), f.format)).toEqual(
      await readStatements(f.bytes, f.format),
    );
  });

  it('camt.086: every cut is refused, the whole file reads', async () => {
    const bytes = readFileSync(join(OWN_FIXTURES, 'camt086_v02_afp_fees_balances_ecr.xml'));
    expect((await parseCamt086(bytes)).ok).toBe(true);
    for (const percent of CUTS) {
      const cut = await parseCamt086(bytes.subarray(0, Math.floor((bytes.length * percent) / 100)));
      expect(cut, `cut at ${percent}%`).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    }
  });
});
