import type { AccountBase, Transaction } from 'plaid';
import { describe, expect, it } from 'vitest';
import { mapPlaidTransactions, toStatementAmount } from './map-plaid-transactions';

const account = (account_id: string, mask: string | null, name = `Plaid ${account_id}`) =>
  ({ account_id, mask, name }) as AccountBase;

const transaction = (
  transaction_id: string,
  account_id: string,
  amount: number,
  date: string,
  more: Partial<Transaction> = {},
) =>
  ({
    transaction_id,
    account_id,
    amount,
    date,
    name: `Name ${transaction_id}`,
    original_description: null,
    merchant_name: null,
    pending: false,
    ...more,
  }) as Transaction;

const JUNE = { startDate: '2024-06-01', endDate: '2024-06-30' };
const CLIENT_ACCOUNTS = [
  { accountId: 11, accountNumber: '000-123-4567' },
  { accountId: 12, accountNumber: '9988776655' },
  { accountId: 13, accountNumber: 'SAV-00-8765' },
  { accountId: 14, accountNumber: '1118765' },
];

describe('Plaid amounts in the product sign', () => {
  it('turns money out (Plaid positive) into a debit and money in into a credit, in cents', () => {
    expect(toStatementAmount(12.5)).toBe('-12.50');
    expect(toStatementAmount(-1500)).toBe('1500.00');
    expect(toStatementAmount(0.07)).toBe('-0.07');
    expect(toStatementAmount(-0.1 - 0.2)).toBe('0.30');
    expect(toStatementAmount(1234567.891)).toBe('-1234567.89');
    expect(toStatementAmount(0)).toBe('0.00');
    expect(toStatementAmount(-0)).toBe('0.00');
    expect(() => toStatementAmount(Number.NaN)).toThrow('a transaction amount is not a number');
  });
});

describe("placing Plaid's transactions on the client's accounts", () => {
  it('matches each Plaid account by its mask to the one client account number ending with it', () => {
    const result = mapPlaidTransactions(
      {
        accounts: [account('chk', '4567'), account('mm', '6655')],
        transactions: [
          transaction('t1', 'chk', 25.1, '2024-06-03', { original_description: 'ACH DEBIT  PAYROLL  ' }),
          transaction('t2', 'mm', -100, '2024-06-02'),
          transaction('t3', 'chk', -3.5, '2024-06-02', { merchant_name: 'Cafe' }),
        ],
      },
      CLIENT_ACCOUNTS,
      JUNE,
    );
    expect(result.unmatchedAccounts).toEqual([]);
    expect(result.rows).toEqual([
      {
        accountId: 11,
        accountNumber: '000-123-4567',
        date: '2024-06-02',
        description: 'Name t3',
        amount: '3.50',
        externalId: 't3',
      },
      {
        accountId: 12,
        accountNumber: '9988776655',
        date: '2024-06-02',
        description: 'Name t2',
        amount: '100.00',
        externalId: 't2',
      },
      {
        accountId: 11,
        accountNumber: '000-123-4567',
        date: '2024-06-03',
        description: 'ACH DEBIT PAYROLL',
        amount: '-25.10',
        externalId: 't1',
      },
    ]);
  });

  it('keeps posted transactions of the period only, both ends included', () => {
    const result = mapPlaidTransactions(
      {
        accounts: [account('chk', '4567')],
        transactions: [
          transaction('may31', 'chk', 1, '2024-05-31'),
          transaction('jun1', 'chk', 1, '2024-06-01'),
          transaction('jun30', 'chk', 1, '2024-06-30'),
          transaction('jul1', 'chk', 1, '2024-07-01'),
          transaction('pending', 'chk', 1, '2024-06-15', { pending: true }),
        ],
      },
      CLIENT_ACCOUNTS,
      JUNE,
    );
    expect(result.rows.map((r) => r.externalId)).toEqual(['jun1', 'jun30']);
  });

  it('places nothing on an account a mask does not name alone, and says so with its count', () => {
    const result = mapPlaidTransactions(
      {
        accounts: [
          account('sav', '8765', 'Savings'),
          account('card', '0001', 'Card'),
          account('x', null, 'No mask'),
        ],
        transactions: [
          transaction('s1', 'sav', 1, '2024-06-05'),
          transaction('s2', 'sav', 1, '2024-06-06'),
          transaction('c1', 'card', 1, '2024-06-05'),
          transaction('c-old', 'card', 1, '2024-04-05'),
        ],
      },
      CLIENT_ACCOUNTS,
      JUNE,
    );
    expect(result.rows).toEqual([]);
    expect(result.unmatchedAccounts).toEqual([
      { name: 'Savings', mask: '8765', transactionCount: 2, reason: 'several-accounts' },
      { name: 'Card', mask: '0001', transactionCount: 1, reason: 'no-account' },
      { name: 'No mask', mask: null, transactionCount: 0, reason: 'no-account' },
    ]);
  });
});
