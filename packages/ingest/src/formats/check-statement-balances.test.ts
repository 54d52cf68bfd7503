import { describe, expect, it } from 'vitest';
import { checkStatementBalances } from './check-statement-balances.js';
import type { Statement, StatementBalance, StatementFormat } from './statement.js';

function makeStatement(
  format: StatementFormat,
  opening: string | undefined,
  amounts: string[],
  closing: string | undefined,
  extra: StatementBalance[] = [],
  typeCodes: string[] = [],
): Statement {
  const balances: StatementBalance[] = [...extra];
  if (opening !== undefined) balances.unshift({ type: 'opening', amount: opening, currency: 'EUR' });
  if (closing !== undefined) balances.push({ type: 'closing', amount: closing, currency: 'EUR' });
  return {
    format,
    accountId: 'NL91ABNA0417164300',
    balances,
    transactions: amounts.map((amount, i) => ({
      date: '2024-01-02',
      amount,
      description: '',
      ...(typeCodes[i] ? { typeCode: typeCodes[i] } : {}),
    })),
    ...(opening === undefined ? {} : { openingBalance: opening }),
    ...(closing === undefined ? {} : { closingBalance: closing }),
  };
}

describe('checkStatementBalances', () => {
  it('refuses a statement whose entries do not take the opening balance to the closing one, with both figures', () => {
    const good = makeStatement('mt940', '500', ['-100'], '400');
    const bad = makeStatement('mt940', '1000', [...Array<string>(11).fill('-20'), '-30'], '800');
    expect(checkStatementBalances([good, bad])).toEqual({
      kind: 'malformed',
      format: 'mt940',
      message:
        'Statement 2 of account NL91ABNA0417164300: the opening balance 1,000.00 plus its 12 entries (-250.00) gives 750.00, but the closing balance is 800.00.',
    });
  });

  it('adds in exact decimals, also past two decimal places and past what a double holds', () => {
    expect(checkStatementBalances([makeStatement('mt940', '0.1', ['0.2'], '0.3')])).toBeUndefined();
    expect(
      checkStatementBalances([makeStatement('camt.053', '1.0001', ['0.00005', '0.00005'], '1.0002')]),
    ).toBeUndefined();
    const huge = '90000000000000000.01';
    expect(
      checkStatementBalances([makeStatement('mt940', huge, [huge, '-0.01'], '180000000000000000.01')]),
    ).toBeUndefined();
    expect(checkStatementBalances([makeStatement('mt940', '0', ['0.001'], '0')])?.message).toContain(
      'plus its 1 entry (0.001) gives 0.001, but the closing balance is 0.00.',
    );
  });

  it('BAI2: checks the details when the 100 and 400 summaries count them, else the summaries themselves', () => {
    const summaries = (credits: number, debits: number): StatementBalance[] => [
      { type: 'total_credits', amount: '10', itemCount: credits },
      { type: 'total_debits', amount: '25', itemCount: debits },
    ];
    const counted = makeStatement('bai2', '100', ['10', '-20'], '85', summaries(1, 1), ['195', '475']);
    expect(checkStatementBalances([counted])?.message).toBe(
      'Statement 1 of account NL91ABNA0417164300: the opening balance 100.00 plus its 2 entries (-10.00) gives 90.00, but the closing balance is 85.00.',
    );
    // Counts that do not match the details: the details are not all the activity; the summaries add up.
    const partial = makeStatement('bai2', '100', ['10', '-20', '-5'], '85', summaries(1, 1), [
      '195',
      '475',
      '475',
    ]);
    expect(checkStatementBalances([partial])).toBeUndefined();
    const wrongSummary = makeStatement('bai2', '100', ['10'], '90', summaries(2, 2), ['195']);
    expect(checkStatementBalances([wrongSummary])?.message).toBe(
      'Statement 1 of account NL91ABNA0417164300: the opening ledger balance 100.00 plus the total credits 10.00 less the total debits 25.00 gives 85.00, but the closing ledger balance is 90.00.',
    );
    // No summaries: nothing says the details are complete (BAI2 details are optional).
    expect(checkStatementBalances([makeStatement('bai2', '100', ['0.01'], '100')])).toBeUndefined();
  });

  it('camt: checks statements (053) in one currency; reports (052) and notifications (054) are not', () => {
    expect(
      checkStatementBalances([makeStatement('camt.053', '18.15', ['8.85'], '27.05')])?.message,
    ).toContain('gives 27.00, but the closing balance is 27.05.');
    expect(checkStatementBalances([makeStatement('camt.052', '18.15', ['8.85'], '27.05')])).toBeUndefined();
    expect(checkStatementBalances([makeStatement('camt.054', '18.15', ['8.85'], '27.05')])).toBeUndefined();
    const twoCurrencies = makeStatement('camt.053', '18.15', ['8.85'], '-27');
    const closing = twoCurrencies.balances.find((b) => b.type === 'closing');
    if (closing) closing.currency = 'SEK';
    expect(checkStatementBalances([twoCurrencies])).toBeUndefined();
  });

  it('OFX and MT942: without an opening balance there is nothing to check', () => {
    expect(checkStatementBalances([makeStatement('ofx', undefined, ['-5'], '100')])).toBeUndefined();
    expect(checkStatementBalances([makeStatement('mt940', undefined, ['0.01'], undefined)])).toBeUndefined();
  });
});
