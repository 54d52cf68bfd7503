import { describe, expect, it } from 'vitest';
import { parseMt940 } from './parse-mt940.js';
import { readStatements } from './read-statements.js';

const statement = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

const ACCOUNT = [':20:REF1', ':25:NL91ABNA0417164300', ':28C:1/1'];

/** Content before the first :20: or after a message's end: read as a statement, or refused (issue 39). */
describe('parseMt940 outside a statement', () => {
  const HEADER_BLOCKS = '{1:F01ABNANL2AXXX0000000000}{2:O9401200240103ABNANL2AXXX00000000002401031200N}{4:';
  const PAGE = [
    ':25:NL91ABNA0417164300',
    ':28C:1/1',
    ':60F:C240101EUR100,00',
    ':61:2401020102C10,00NTRFNONREF',
    ':86:BEFORE THE FIRST REFERENCE',
  ];

  it('reads a page before the first :20: as a statement of its own, after the SWIFT header blocks', async () => {
    const bytes = statement([
      HEADER_BLOCKS,
      ...PAGE,
      ':62F:C240102EUR110,00',
      '-}',
      HEADER_BLOCKS,
      ':20:REF2',
      ':25:NL91ABNA0417164300',
      ':28C:2/1',
      ':60F:C240102EUR110,00',
      ':61:2401030103D30,00NTRFNONREF',
      ':62F:C240103EUR80,00',
      '-}{5:{CHK:123456789ABC}}',
      // A page after a message's end that lost its :20: is one of its own too, not the one above's.
      ':25:NL91ABNA0417164300',
      ':28C:3/1',
      ':60F:C240103EUR80,00',
      ':61:2401040104C5,00NTRFNONREF',
      ':62F:C240104EUR85,00',
      '-',
    ]);
    const result = await readStatements(bytes, 'mt940');
    if (!result.ok) throw new Error(result.error.message);
    expect(
      result.value.map((s) => [s.statementId, s.accountId, s.openingBalance, s.closingBalance, s.warnings]),
    ).toEqual([
      [
        undefined,
        'NL91ABNA0417164300',
        '100',
        '110',
        [
          'MT940 line 2: statement 1 has no transaction reference (:20:); it is read as a statement of its own.',
        ],
      ],
      ['REF2', 'NL91ABNA0417164300', '110', '80', undefined],
      [
        undefined,
        'NL91ABNA0417164300',
        '80',
        '85',
        [
          'MT940 line 17: statement 3 has no transaction reference (:20:); it is read as a statement of its own.',
        ],
      ],
    ]);
    expect(result.value.map((s) => s.transactions.map((t) => [t.amount, t.description]))).toEqual([
      [['10', 'BEFORE THE FIRST REFERENCE']],
      [['-30', '']],
      [['5', '']],
    ]);
  });

  it('checks a page before the first :20: as any statement: refused when it does not add up or is cut', async () => {
    const unbalanced = statement([...PAGE, ':62F:C240102EUR111,00', '-']);
    expect(await readStatements(unbalanced, 'mt940')).toMatchObject({
      ok: false,
      error: {
        message:
          'Statement 1 of account NL91ABNA0417164300: the opening balance 100.00 plus its 1 entry (10.00) gives 110.00, but the closing balance is 111.00.',
      },
    });
    const cut = statement([HEADER_BLOCKS, ...PAGE, ':20:REF2', ':25:NL91ABNA0417164300']);
    expect(await parseMt940(cut)).toEqual({
      ok: false,
      error: {
        kind: 'malformed',
        format: 'mt940',
        line: 2,
        message:
          'MT940 line 2: statement 1 of account NL91ABNA0417164300 has no closing balance (:62F:): the file is cut short, or the statement is incomplete.',
      },
    });
  });

  it.each([
    [
      'a field no statement holds',
      [':ZZ:SOMETHING', ...ACCOUNT],
      'MT940 line 1: the field :ZZ: stands outside any statement (no :20: above it).',
    ],
    [
      'a balance that lost its tag',
      [HEADER_BLOCKS, 'C240101EUR100,00', ...ACCOUNT],
      'MT940 line 2: the text "C240101EUR100,00" stands outside any statement field.',
    ],
    [
      'text after a message end',
      [...ACCOUNT, ':60F:C240101EUR100,00', ':62F:C240102EUR100,00', '-', '61:2401020102C10,00NTRFNONREF'],
      'MT940 line 7: the text "61:2401020102C10,00NTRFNONREF" stands outside any statement field.',
    ],
  ])('refuses other content outside a statement, naming its line: %s', async (_, lines, message) => {
    const result = await parseMt940(statement([...lines, ':60F:C240101EUR100,00', ':62F:C240102EUR100,00']));
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', message } });
  });

  it('still passes over bank header lines and the message type before the first :20:', async () => {
    const bytes = statement([
      'ABNANL2A',
      '940',
      '0000 01INGBNL2AXXXX00001',
      ':940:',
      ...ACCOUNT,
      ':60F:C240101EUR100,00',
      ':62F:C240102EUR100,00',
      '-',
    ]);
    const result = await readStatements(bytes, 'mt940');
    expect(result.ok && result.value.map((s) => [s.statementId, s.warnings])).toEqual([['REF1', undefined]]);
  });
});
