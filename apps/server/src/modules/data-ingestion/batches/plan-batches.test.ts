import { describe, expect, it } from 'vitest';
import { planBatches, type IngestibleAccount } from './plan-batches';
import { countAccountStatementMonths, countStatementMonths, type AccountLife } from './statement-months';

const open: AccountLife = { accountClosed: false, accountDateClosed: null };

describe('countStatementMonths', () => {
  it('counts the calendar months the period touches, both ends included', () => {
    expect(countStatementMonths('2026-07-01', '2026-09-30')).toBe(3);
    expect(countStatementMonths('2026-07-01', '2026-07-01')).toBe(1);
    expect(countStatementMonths('2026-07-31', '2026-08-01')).toBe(2);
    expect(countStatementMonths('2026-01-15', '2026-02-14')).toBe(2);
  });

  it('crosses year ends and spans years', () => {
    expect(countStatementMonths('2025-12-31', '2026-01-01')).toBe(2);
    expect(countStatementMonths('2024-01-01', '2025-12-31')).toBe(24);
    expect(countStatementMonths('2024-02-29', '2024-02-29')).toBe(1);
  });

  it('has no month for a reversed period', () => {
    expect(countStatementMonths('2026-09-30', '2026-07-01')).toBe(0);
  });
});

describe('countAccountStatementMonths', () => {
  it('owes every month while the account is open', () => {
    expect(countAccountStatementMonths('2026-07-01', '2026-09-30', open)).toBe(3);
  });

  it('stops at the month the account closed in', () => {
    const closed = (accountDateClosed: string) => ({ accountClosed: true, accountDateClosed });
    expect(countAccountStatementMonths('2026-07-01', '2026-09-30', closed('2026-08-01'))).toBe(2);
    expect(countAccountStatementMonths('2026-07-01', '2026-09-30', closed('2026-07-01'))).toBe(1);
    expect(countAccountStatementMonths('2026-07-01', '2026-09-30', closed('2026-10-15'))).toBe(3);
  });

  it('owes nothing once the account closed before the period, or closed with no date', () => {
    expect(
      countAccountStatementMonths('2026-07-01', '2026-09-30', {
        accountClosed: true,
        accountDateClosed: '2026-06-30',
      }),
    ).toBe(0);
    expect(
      countAccountStatementMonths('2026-07-01', '2026-09-30', {
        accountClosed: true,
        accountDateClosed: null,
      }),
    ).toBe(0);
  });
});

describe('planBatches', () => {
  const account = (
    accountId: number,
    bankClientRelId: number,
    accountType: string,
    life = open,
  ): IngestibleAccount => ({
    accountId,
    bankClientRelId,
    accountType,
    ...life,
  });
  const accounts = [
    account(1, 10, 'Transaction'),
    account(2, 10, 'Transaction', { accountClosed: true, accountDateClosed: '2026-07-20' }),
    account(3, 10, 'Investment', { accountClosed: true, accountDateClosed: '2026-01-31' }),
    account(4, 10, 'Treasury Services'),
    account(5, 20, 'Transaction'),
    account(6, 20, 'Hybrid'),
  ];
  const input = {
    startDate: '2026-07-01',
    endDate: '2026-09-30',
    bankClientRelIds: [10, 20],
    accounts,
    existing: new Set<string>(),
  };

  it('makes one batch per relationship and type, sourcesRequired = accounts x statement months', () => {
    const plan = planBatches({ ...input, types: ['transactions', 'hybridAccount'] });
    expect(plan.batches).toEqual([
      {
        bankClientRelId: 10,
        templateType: 'Transaction',
        sourcesRequired: 4,
        accounts: [
          { accountId: 1, sectionType: null, statementMonths: 3 },
          { accountId: 2, sectionType: null, statementMonths: 1 },
        ],
      },
      {
        bankClientRelId: 20,
        templateType: 'Transaction',
        sourcesRequired: 3,
        accounts: [{ accountId: 5, sectionType: null, statementMonths: 3 }],
      },
      {
        bankClientRelId: 20,
        templateType: 'Hybrid',
        sourcesRequired: 3,
        accounts: [{ accountId: 6, sectionType: null, statementMonths: 3 }],
      },
    ]);
    expect(plan.unplanned.size).toBe(0);
  });

  it('gives a Treasury batch the three sections of one analysis statement a month', () => {
    const plan = planBatches({ ...input, types: ['treasuryServices'] });
    expect(plan.batches).toEqual([
      {
        bankClientRelId: 10,
        templateType: 'Treasury',
        sourcesRequired: 3,
        accounts: [
          { accountId: null, sectionType: 'Balance', statementMonths: 3 },
          { accountId: null, sectionType: 'Fees', statementMonths: 3 },
          { accountId: null, sectionType: 'Account Balance', statementMonths: 3 },
        ],
      },
    ]);
  });

  it('says why a type made nothing: no account owes a statement, or its batches exist', () => {
    const plan = planBatches({
      ...input,
      types: ['investments', 'transactions', 'hybridAccount'],
      existing: new Set(['10:Transaction', '20:Transaction']),
    });
    expect(plan.batches.map((b) => b.templateType)).toEqual(['Hybrid']);
    expect([...plan.unplanned]).toEqual([
      ['investments', 'noAccounts'],
      ['transactions', 'alreadyStarted'],
    ]);
  });
});
