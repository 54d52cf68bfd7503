import { describe, expect, it } from 'vitest';
import { TransactionTemplateSchema } from '@tideline/contracts/templates/transaction-template';
import { guessTemplateColumns } from './guess-template-columns';

// Issue 42 point 3: a new Header Row template reads its columns from the failed file's header row.

describe('guessTemplateColumns', () => {
  it('reads the demo layouts a bank exports, each a valid template as guessed', () => {
    const cases: [string, Record<string, string>][] = [
      [
        'Account Number,Posting Date,Transaction Description,Debit Amount,Credit Amount,Running Balance',
        {
          accountNumber: '0',
          date: '1',
          description: '2',
          amountDebit: '3',
          amountCredit: '4',
          balance: '5',
        },
      ],
      [
        'Date,Account,Type,Description,Amount',
        { date: '0', accountNumber: '1', description: '2,3', amount: '4' },
      ],
      [
        'As Of Date,Bank ID,Account Number,Account Name,BAI Code,Description,Amount,Cr/Dr',
        { date: '0', accountNumber: '2', description: '5', amount: '6', creditDebit: '7' },
      ],
      [
        'Account Number,Date,Reference,Description,Amount,Credit/Debit',
        { accountNumber: '0', date: '1', description: '3', amount: '4', creditDebit: '5' },
      ],
      ['Account,Date,Memo,Payee,Amount', { accountNumber: '0', date: '1', description: '2,3', amount: '4' }],
      ['Posted,Account,Memo,Amount', { date: '0', accountNumber: '1', description: '2', amount: '3' }],
    ];
    for (const [header, columns] of cases) {
      const guessed = guessTemplateColumns('Transaction', header);
      expect(guessed, header).toEqual({ cellHeaderData: header.split(',')[0], ...columns });
      const parsed = TransactionTemplateSchema.safeParse({ ...guessed, headerStart: '0' });
      expect(parsed.success, header).toBe(true);
    }
  });

  it("picks the demo failed file's date column, not its account number", () => {
    expect(
      guessTemplateColumns('Transaction', 'Booking Date,Account,Details,Amount,Currency,Balance'),
    ).toEqual({
      cellHeaderData: 'Booking Date',
      date: '0',
      accountNumber: '1',
      description: '2',
      amount: '3',
      balance: '5',
    });
  });

  it('reads an investment header, and leaves a treasury template without columns', () => {
    expect(
      guessTemplateColumns(
        'Investment',
        'Account,CUSIP,Security Type,Face Value,Settlement Date,Settlement Amount,Maturity Date,Coupon Rate,Yield',
      ),
    ).toEqual({
      cellHeaderData: 'Account',
      accountNumber: '0',
      investmentId: '1',
      investmentType: '2',
      faceValue: '3',
      settlementDate: '4',
      settlementAmount: '5',
      maturityDate: '6',
      couponRate: '7',
      interestRate: '8',
    });
    expect(guessTemplateColumns('Treasury', 'Service,Volume,Price')).toEqual({});
  });
});
