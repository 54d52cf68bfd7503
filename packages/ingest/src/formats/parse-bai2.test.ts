import { describe, expect, it } from 'vitest';
import { parseBai2 } from './parse-bai2.js';
import { readStatements } from './read-statements.js';
import type { TransactionBatch } from './transaction-outlet.js';

const HEADER = ['01,BANK,CUST,240131,0800,1,,,2/', '02,CUST,BANK,1,240131,,USD,2/'];

/** A one-account file whose trailers add up: 16 records of 1.00 debit each, with their text. */
function makeBai2(details: string[]): string {
  const amount = 100 * details.length;
  return [
    ...HEADER,
    '03,00123456,USD,010,100000,,,015,' + String(100000 - amount) + ',,/',
    ...details.map((text) => `16,475,100,,REF,,${text}/`),
    `49,${200000 - amount + amount},${details.length + 2}/`,
    `98,${200000},1,${details.length + 4}/`,
    `99,${200000},1,${details.length + 6}/`,
  ].join('\n');
}

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('parseBai2', () => {
  it('reads a stream chunk by chunk, a Windows-1252 byte far into it included', async () => {
    const details = Array.from({ length: 30_000 }, (_, i) => `CHECK ${i}`);
    details[29_990] = 'CAF\u00c9 ROYAL';
    const bytes = Buffer.from(makeBai2(details), 'latin1');
    expect(bytes.length).toBeGreaterThan(600_000);
    const result = await parseBai2(inChunks(bytes, 64 * 1024));
    if (!result.ok) throw new Error(result.error.message);
    const transactions = result.value[0]?.transactions ?? [];
    expect(transactions).toHaveLength(30_000);
    expect(transactions[29_990]?.description).toBe('CAFÉ ROYAL');
    expect(transactions[29_999]).toEqual({
      date: '2024-01-31',
      amount: '-1',
      description: 'CHECK 29999',
      typeCode: '475',
      bankReference: 'REF',
    });
    expect(await parseBai2(bytes)).toEqual(result);
  });

  it.each([
    ['a record type it does not know', ['17,475,100,,,,X/'], 'BAI2 line 4: "17" is not a BAI2 record type.'],
    [
      'an amount that is no number',
      ['16,475,1O0,,,,X/'],
      'BAI2 line 4: transaction of account 00123456: the amount "1O0" is not a number.',
    ],
    [
      'a type code that is no type code',
      ['16,47X,100,,,,X/'],
      'BAI2 line 4: transaction of account 00123456: "47X" is not a BAI2 type code.',
    ],
  ])('refuses %s, naming the line', async (_, details, message) => {
    const text = [
      ...HEADER,
      '03,00123456,USD,010,100,,/',
      ...details,
      '49,200,3/',
      '98,200,1,5/',
      '99,200,1,7/',
    ];
    expect(await parseBai2(Buffer.from(text.join('\n')))).toEqual({
      ok: false,
      error: { kind: 'malformed', format: 'bai2', message, line: 4 },
    });
  });

  it('refuses a balance amount that is no number, a group without a date and a cut file', async () => {
    const badBalance = [...HEADER, '03,00123456,USD,010,12A4,,/', '49,0,2/', '98,0,1,4/', '99,0,1,6/'];
    expect(await parseBai2(Buffer.from(badBalance.join('\n')))).toMatchObject({
      ok: false,
      error: {
        message: 'BAI2 line 3: account 00123456: the amount "12A4" of type code 010 is not a number.',
      },
    });
    const noDate = [
      '01,BANK,CUST,240131,0800,1,,,2/',
      '02,CUST,BANK,1,,,USD,2/',
      '03,1,USD/',
      '16,475,100,,,,X/',
    ];
    expect(await parseBai2(Buffer.from(noDate.join('\n')))).toMatchObject({
      ok: false,
      error: {
        message: 'BAI2 line 4: the group header on line 2 has no valid as-of date for this transaction.',
      },
    });
    const cut = makeBai2(['A', 'B']).split('\n').slice(0, -2).join('\n');
    expect(await parseBai2(Buffer.from(cut))).toMatchObject({
      ok: false,
      error: { message: 'BAI2: the file ends before its file trailer (99): it is cut short or incomplete.' },
    });
  });

  it('refuses a file missing one 16 record whole: its account trailer no longer adds up, nothing is staged', async () => {
    const complete = makeBai2(['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN']).split('\n');
    expect(complete.filter((line) => line.startsWith('16,'))).toHaveLength(7);
    const missing = complete.filter((line) => !line.endsWith(',FOUR/')).join('\n');
    const batches: TransactionBatch[] = [];
    const result = await readStatements(Buffer.from(missing), 'bai2', {
      onTransactions: (batch) => void batches.push(batch),
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'malformed',
        format: 'bai2',
        line: 10,
        message:
          "BAI2 line 10: the account trailer (49) of account 00123456 does not add up: its control total is 200000, but the account's amounts add up to 199900; it counts 9 records, but the account has 8.",
      },
    });
    expect(batches).toEqual([]);
    expect((await parseBai2(Buffer.from(complete.join('\n')))).ok).toBe(true);
  });

  // makeBai2(['A', 'B']): 01, 02, 03 on line 3, two 16s, 49 on line 6, 98 on line 7, 99 on line 8.
  it.each([
    [
      6,
      '49,200100,4/',
      "BAI2 line 6: the account trailer (49) of account 00123456 does not add up: its control total is 200100, but the account's amounts add up to 200000.",
    ],
    [
      6,
      '49,200000,5/',
      'BAI2 line 6: the account trailer (49) of account 00123456 does not add up: it counts 5 records, but the account has 4.',
    ],
    [
      6,
      '49,2OOOOO,4/',
      'BAI2 line 6: the account trailer (49) of account 00123456 does not add up: its control total "2OOOOO" is not a number.',
    ],
    [
      7,
      '98,199999,1,6/',
      "BAI2 line 7: the group trailer (98) does not add up: its control total is 199999, but the group's accounts add up to 200000.",
    ],
    [
      7,
      '98,200000,2,6/',
      'BAI2 line 7: the group trailer (98) does not add up: it counts 2 accounts, but the group has 1.',
    ],
    [
      7,
      '98,200000,1,7/',
      'BAI2 line 7: the group trailer (98) does not add up: it counts 7 records, but the group has 6.',
    ],
    [
      8,
      '99,200001,1,8/',
      "BAI2 line 8: the file trailer (99) does not add up: its control total is 200001, but the file's groups add up to 200000.",
    ],
    [
      8,
      '99,200000,2,8/',
      'BAI2 line 8: the file trailer (99) does not add up: it counts 2 groups, but the file has 1.',
    ],
    [
      8,
      '99,200000,1,X/',
      'BAI2 line 8: the file trailer (99) does not add up: its number of records "X" is not a number.',
    ],
  ])(
    'refuses a trailer that does not add up (line %i: %s), naming both figures',
    async (line, trailer, message) => {
      const lines = makeBai2(['A', 'B']).split('\n');
      lines[line - 1] = trailer;
      expect(await parseBai2(Buffer.from(lines.join('\n')))).toEqual({
        ok: false,
        error: { kind: 'malformed', format: 'bai2', message, line },
      });
    },
  );

  it('answers a file that is not BAI2 with a plain refusal', async () => {
    expect(await parseBai2(Buffer.from('Date,Amount\n01/02/2024,5\n'))).toMatchObject({
      ok: false,
      error: { message: 'BAI2 line 1: the file does not start with a file header (01).' },
    });
    expect(await parseBai2(Buffer.alloc(0))).toMatchObject({ ok: false, error: { kind: 'empty-file' } });
  });
});
