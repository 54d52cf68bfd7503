import { describe, expect, it } from 'vitest';
import { readShared } from '../../test/fixture-path.js';
import { parseMt940 } from './parse-mt940.js';
import { readStatements } from './read-statements.js';

const statement = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

const ACCOUNT = [':20:REF1', ':25:NL91ABNA0417164300', ':28C:1/1'];

describe('parseMt940', () => {
  it('books on the entry date and keeps the value date, across the turn of the year', async () => {
    const bytes = statement([
      ...ACCOUNT,
      ':60F:C231229EUR1000,00',
      // Value 29 Dec 2023, entered 2 Jan: the entry belongs to 2024.
      ':61:2312290102D100,00NTRFNONREF',
      ':86:NEW YEAR',
      // Value 2 Jan 2024, entered 29 Dec: the entry belongs to 2023.
      ':61:2401021229C50,00NTRFNONREF',
      ':86:OLD YEAR',
      // No entry date: booked on the value date.
      ':61:240103D0,50NMSCNONREF',
      ':86:FEE',
      ':62F:C240103EUR949,50',
      '-',
    ]);
    const result = await parseMt940(bytes);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value[0]?.transactions.map((t) => [t.date, t.valueDate, t.amount])).toEqual([
      ['2024-01-02', '2023-12-29', '-100'],
      ['2023-12-29', '2024-01-02', '50'],
      ['2024-01-03', '2024-01-03', '-0.5'],
    ]);
  });

  it('reads the intermediate pages of a statement, each with its own balances', async () => {
    const bytes = statement([
      ...ACCOUNT,
      ':60F:C240101EUR100,00',
      ':61:2401020102C10,00NTRFNONREF',
      ':62M:C240102EUR110,00',
      '-',
      ':20:REF1',
      ':25:NL91ABNA0417164300',
      ':28C:1/2',
      ':60M:C240102EUR110,00',
      ':61:2401030103D30,00NTRFNONREF',
      ':62F:C240103EUR80,00',
      '-',
    ]);
    const result = await readStatements(bytes, 'mt940');
    expect(result.ok && result.value.map((s) => [s.openingBalance, s.closingBalance])).toEqual([
      ['100', '110'],
      ['110', '80'],
    ]);
  });

  it.each([
    [
      'a statement without its closing balance',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':61:2401020102C10,00NTRFNONREF', ':86:TEXT'],
      'MT940 line 1: statement 1 of account NL91ABNA0417164300 has no closing balance (:62F:): the file is cut short, or the statement is incomplete.',
    ],
    [
      'a last page that closes with :62M:',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':61:2401020102C10,00NTRFNONREF', ':62M:C240102EUR110,00'],
      'MT940 line 6: statement 1 of account NL91ABNA0417164300 closes with an intermediate balance (:62M:), but no further page follows: the file is cut short.',
    ],
    [
      'a statement line after the closing balance',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':62F:C240102EUR100,00', ':61:2401020102C10,00NTRFNONREF'],
      'MT940 line 6: a statement line (:61:) after the closing balance (:62F:) on line 5.',
    ],
    [
      'a statement line that cannot be read',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':61:24010X0102C10,00NTRF', ':62F:C240102EUR110,00'],
      'MT940 line 5: the statement line "24010X0102C10,00NTRF" cannot be read.',
    ],
    [
      'an entry date that is no date',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':61:2401021302C10,00NTRFNONREF', ':62F:C240102EUR110,00'],
      'MT940 line 5: the entry date "1302" of the statement line "2401021302C10,00NTRFNONREF" is not a date.',
    ],
    [
      'a balance that cannot be read',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':62F:C241301EUR100,00'],
      'MT940 line 5: :62F: the balance "C241301EUR100,00" cannot be read (mark, YYMMDD date, currency, amount).',
    ],
  ])('refuses %s, naming the line', async (_, lines, message) => {
    expect(await parseMt940(statement(lines))).toEqual({
      ok: false,
      error: { kind: 'malformed', format: 'mt940', message, line: expect.any(Number) as number },
    });
  });

  it('refuses a file that stops inside a line: the cut may have taken decimals or statements', async () => {
    const bytes = Buffer.from(`${ACCOUNT.join('\n')}\n:60F:C240101EUR100,00\n:62F:C240102EUR100,0`);
    expect(await parseMt940(bytes)).toMatchObject({
      ok: false,
      error: {
        message: 'MT940 line 5: the file ends inside this line, without its line break: it is cut short.',
      },
    });
    const ended = Buffer.from(`${ACCOUNT.join('\n')}\n:60F:C240101EUR100,00\n:62F:C240102EUR100,00\n-`);
    expect((await parseMt940(ended)).ok).toBe(true);
  });

  it('checks the entry totals of an MT942 report and refuses one cut before them', async () => {
    const report = (totals: string[]) =>
      statement([
        ':20:ST1',
        ':25:PL29114010810000267002001002',
        ':28C:1/1',
        ':34F:PLN0',
        ':13D:1701191815+0100',
        ':61:1701190119CN0,01NTRFNONREF',
        ':86:ONE',
        ':61:1701190119DN2,00NTRFNONREF',
        ':86:TWO',
        ...totals,
      ]);
    expect((await parseMt940(report([':90D:1PLN2,00', ':90C:1PLN0,01']))).ok).toBe(true);
    expect(await parseMt940(report([':90D:1PLN2,00', ':90C:2PLN0,02']))).toMatchObject({
      ok: false,
      error: {
        message:
          'MT940 line 11: the :90C: of statement 1 of account PL29114010810000267002001002 counts 2 credit entries totalling 0.02, but the statement holds 1 credit entry totalling 0.01.',
      },
    });
    expect(await parseMt940(report([]))).toMatchObject({
      ok: false,
      error: {
        message:
          'MT940 line 1: the MT942 report (statement 1 of account PL29114010810000267002001002) ends before its entry totals (:90D:/:90C:) and its end line "-": the file is cut short.',
      },
    });
  });

  it('reads the ABN AMRO sample once its last page has the page after it: dates, amounts, wrapped text', async () => {
    const bytes = Buffer.concat([
      readShared('mt940/abnamro_two_statements_intermediate_balances.sta'),
      statement([
        ':20:ABN AMRO BANK NV',
        ':25:517852257',
        ':28C:19323/1',
        ':60M:C110524EUR1849,75',
        ':62F:C110524EUR1849,75',
        '-',
      ]),
    ]);
    const result = await parseMt940(bytes);
    if (!result.ok) throw new Error(result.error.message);
    const transactions = result.value.flatMap((s) => s.transactions);
    expect(transactions).toHaveLength(10);
    expect(transactions.slice(0, 2).map((t) => [t.date, t.valueDate, t.amount, t.description])).toEqual([
      [
        '2011-05-24',
        '2011-05-24',
        '-9',
        'GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  000000042188659\n5314606715                       BETREFT FACTUUR D.D. 20-05-2011\nINCL. 1,44 BTW',
      ],
      [
        '2011-05-23',
        '2011-05-21',
        '-11.59',
        'BEA   NR:XXX1234   21.05.11/12.54 DIRCKIII FIL2500 KATWIJK,PAS999',
      ],
    ]);
  });

  it('reads Central European text in CP852 and keeps the statements of a stream of tiny chunks', async () => {
    const bytes = readShared('mt940/raiffeisen_hu_huf_non_utf8.sta');
    async function* inChunks(size: number) {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    }
    const whole = await parseMt940(bytes);
    expect(whole.ok && whole.value[0]?.transactions[0]?.description).toContain('összevont utánvét');
    expect(await parseMt940(inChunks(3))).toEqual(whole);
  });
});
