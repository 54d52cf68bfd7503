import { describe, expect, it } from 'vitest';
import { InvestmentTemplateSchema } from './investment-template.js';
import { TransactionTemplateSchema } from './transaction-template.js';
import { TreasuryTemplateSchema } from './treasury-template.js';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).sort();
}

const valid = {
  cellHeaderData: 'Date',
  accountNumber: '0',
  date: '1',
  description: '2,3',
  amount: '4',
  headerStart: '0',
};

describe('TransactionTemplateSchema', () => {
  it('accepts a valid template, numbers as text or numbers, flags sent as 1', () => {
    expect(TransactionTemplateSchema.safeParse(valid).success).toBe(true);
    const parsed = TransactionTemplateSchema.parse({
      ...valid,
      accountNumber: undefined,
      date: 1,
      fileNameIncluded: 1,
    });
    expect(parsed).toMatchObject({ date: '1', fileNameIncluded: true });
  });

  it('gives the spec messages', () => {
    expect(messages(TransactionTemplateSchema.safeParse({}))).toEqual([
      'accountNumber: Required!',
      'accountNumberHeader: Required!',
      'amount: Required!',
      'cellHeaderData: Required!',
      'date: Required!',
      'description: Required!',
      'headerStart: Required!',
    ]);
    expect(
      messages(
        TransactionTemplateSchema.safeParse({ ...valid, description: '2;3', date: 'x', accountNumber: 'a' }),
      ),
    ).toEqual([
      'accountNumber: Field must be a number.',
      'date: Field must be a number.',
      'description: Field has an invalid format.',
    ]);
    expect(messages(TransactionTemplateSchema.safeParse({ ...valid, amount: '2' }))).toEqual([
      'amount: Column references must be unique.',
      'description: Column references must be unique.',
    ]);
    expect(
      messages(TransactionTemplateSchema.safeParse({ ...valid, amount: undefined, amountCredit: '5' })),
    ).toEqual(['amountDebit: Required!']);
    expect(
      messages(TransactionTemplateSchema.safeParse({ ...valid, specialCase: 1, accountNumberHeader: '1,2' })),
    ).toEqual(['accountNumber: Should be empty!']);
    expect(
      messages(
        TransactionTemplateSchema.safeParse({ ...valid, accountNumber: undefined, accountNumberHeader: '1' }),
      ),
    ).toEqual(['accountNumberHeader: Field must be 2 values.']);
    expect(
      messages(
        TransactionTemplateSchema.safeParse({
          ...valid,
          accountNumber: undefined,
          fileNameIncluded: 1,
          accountNumberHeader: '1,2',
        }),
      ),
    ).toEqual(['accountNumberHeader: Should be empty!']);
  });
});

describe('the balance column, date format and decimal separator (issue 15)', () => {
  it('keeps a stored template without them valid: they mean Auto and dot', () => {
    const parsed = TransactionTemplateSchema.parse(valid);
    expect(parsed.dateFormat).toBeUndefined();
    expect(parsed.decimalSeparator).toBeUndefined();
    expect(parsed.balance).toBeUndefined();
  });

  it('accepts every listed date format and both separators, an empty choice meaning the default', () => {
    for (const dateFormat of [
      'Auto',
      'MM/DD/YYYY',
      'DD/MM/YYYY',
      'YYYY-MM-DD',
      'DD-Mon-YYYY',
      'Excel serial',
    ]) {
      expect(TransactionTemplateSchema.parse({ ...valid, dateFormat }).dateFormat).toBe(dateFormat);
    }
    expect(TransactionTemplateSchema.parse({ ...valid, decimalSeparator: 'comma' }).decimalSeparator).toBe(
      'comma',
    );
    expect(
      TransactionTemplateSchema.parse({ ...valid, dateFormat: '', decimalSeparator: null }),
    ).toMatchObject({
      dateFormat: undefined,
      decimalSeparator: undefined,
    });
  });

  it('refuses an unknown date format or separator with the form message', () => {
    expect(
      messages(
        TransactionTemplateSchema.safeParse({ ...valid, dateFormat: 'dd/mm/yy', decimalSeparator: '.' }),
      ),
    ).toEqual(['dateFormat: Field has an invalid format.', 'decimalSeparator: Field has an invalid format.']);
  });

  it('checks the balance column like the other columns', () => {
    expect(TransactionTemplateSchema.parse({ ...valid, balance: 5 }).balance).toBe('5');
    expect(messages(TransactionTemplateSchema.safeParse({ ...valid, balance: 'x' }))).toEqual([
      'balance: Field must be a number.',
    ]);
    expect(messages(TransactionTemplateSchema.safeParse({ ...valid, balance: '4' }))).toEqual([
      'amount: Column references must be unique.',
      'balance: Column references must be unique.',
    ]);
  });
});

describe('InvestmentTemplateSchema', () => {
  it('requires the mandatory columns and allows headerStart -1', () => {
    const base = {
      accountNumber: '0',
      settlementDate: '1',
      maturityDate: '2',
      interestRate: '3',
      settlementAmount: '4',
      investmentType: '5',
      faceValue: '6',
      headerStart: '-1',
    };
    expect(InvestmentTemplateSchema.safeParse(base).success).toBe(true);
    expect(messages(InvestmentTemplateSchema.safeParse({ ...base, faceValue: '', fund: 'x' }))).toEqual([
      'faceValue: Required!',
      'fund: Field must be a number.',
    ]);
    expect(
      InvestmentTemplateSchema.parse({ ...base, dateFormat: 'DD/MM/YYYY', decimalSeparator: 'comma' }),
    ).toMatchObject({ dateFormat: 'DD/MM/YYYY', decimalSeparator: 'comma' });
    expect(messages(InvestmentTemplateSchema.safeParse({ ...base, dateFormat: 'European' }))).toEqual([
      'dateFormat: Field has an invalid format.',
    ]);
  });
});

describe('TreasuryTemplateSchema', () => {
  it('requires the account group name', () => {
    expect(messages(TreasuryTemplateSchema.safeParse({ accountGroupName: ' ' }))).toEqual([
      'accountGroupName: Required!',
    ]);
    expect(messages(TreasuryTemplateSchema.safeParse({}))).toEqual(['accountGroupName: Required!']);
  });
});

describe('ImportTemplateSchema', () => {
  it('parses a stored template: type picks the jsonTransform schema, flags sent as 1 become true', async () => {
    const { ImportTemplateSchema } = await import('./import-template.js');
    const parsed = ImportTemplateSchema.parse({
      templateId: 3,
      type: 'Transaction',
      templateType: 'Header',
      headerRow: 'Date,Description,Amount',
      jsonTransform: [{ ...valid, accountNumber: undefined, fileNameIncluded: 1 }],
    });
    expect(parsed.type === 'Transaction' && parsed.jsonTransform[0].fileNameIncluded).toBe(true);
    const invalid = ImportTemplateSchema.safeParse({
      type: 'Treasury',
      templateType: 'Cell',
      jsonTransform: [{}],
    });
    expect(invalid.success).toBe(false);
  });
});
