import { describe, expect, it } from 'vitest';
import { findBooksOpeningDay, reconcileAccount, type StatementFigures } from './reconcile-account';

// Issue 39 point 1: opening + staged rows = closing, to the cent, per statement and across statements.

let nextFile = 1;
function statement(overrides: Partial<StatementFigures>): StatementFigures {
  return {
    batchFileId: nextFile++,
    fileName: 'july.bai2',
    statementIndex: 0,
    statementRef: null,
    fromDate: '2026-07-01',
    toDate: '2026-07-31',
    openingBalance: '1000.00',
    closingBalance: '1500.00',
    balanceSource: 'statement',
    rowCount: 3,
    stagedSum: '500.00',
    ...overrides,
  };
}

const july = () => statement({});
const august = (overrides: Partial<StatementFigures> = {}) =>
  statement({
    fileName: 'august.bai2',
    fromDate: '2026-08-01',
    toDate: '2026-08-31',
    openingBalance: '1500.00',
    closingBalance: '1400.25',
    rowCount: 2,
    stagedSum: '-99.75',
    ...overrides,
  });

describe('reconcileAccount', () => {
  it('reconciles statements that add up and chain, in any order, with Start and End Balance', () => {
    const result = reconcileAccount([august(), july()], 0);
    expect(result.reconciliation).toMatchObject({
      status: 'Reconciled',
      problems: [],
      explanation:
        '2 statements: the opening balance $1,000.00 plus 5 rows ($400.25) gives the closing balance $1,400.25, to the cent.',
    });
    expect(result.reconciliation.statements.map((s) => [s.fileName, s.difference])).toEqual([
      ['july.bai2', 0],
      ['august.bai2', 0],
    ]);
    expect(result).toMatchObject({ startBalance: 1000, endBalance: 1400.25 });
  });

  it('names the statement that does not add up, its figures and the difference, to the cent', () => {
    const result = reconcileAccount([july(), august({ stagedSum: '-99.74' })], 0);
    expect(result.reconciliation.status).toBe('Not Reconciled');
    expect(result.reconciliation.explanation).toBe(
      'The statement of 08/01/2026–08/31/2026 in august.bai2: the opening balance $1,500.00 plus its 2 rows ' +
        '(-$99.74) gives $1,400.26, but the closing balance is $1,400.25: a difference of -$0.01.',
    );
    expect(result.reconciliation.statements[1]!.difference).toBeCloseTo(-0.01, 10);
  });

  it('names a break between two statements with both figures and a missing period', () => {
    const september = statement({
      fileName: 'september.bai2',
      fromDate: '2026-09-01',
      toDate: '2026-09-30',
      openingBalance: '1200.00',
      closingBalance: '1200.00',
      rowCount: 0,
      stagedSum: '0',
    });
    const result = reconcileAccount([july(), september], 0);
    expect(result.reconciliation.status).toBe('Not Reconciled');
    expect(result.reconciliation.problems).toEqual([
      'The statement of 09/01/2026–09/30/2026 in september.bai2 opens at $1,200.00, but the statement of ' +
        '07/01/2026–07/31/2026 in july.bai2 closed at $1,500.00: a break of -$300.00. No statement covers ' +
        '08/01/2026–08/31/2026.',
    ]);
  });

  it("takes the previous statement's closing balance for one that states no opening (OFX)", () => {
    const result = reconcileAccount([july(), august({ openingBalance: null, fileName: 'august.ofx' })], 0);
    expect(result.reconciliation.status).toBe('Reconciled');
    expect(result.reconciliation.statements[1]).toMatchObject({ openingBalance: null, difference: 0 });
  });

  it("takes the books' balance the day before for the first statement that states no opening", () => {
    const ofx = july();
    ofx.openingBalance = null;
    expect(findBooksOpeningDay([august(), ofx])).toBe('2026-06-30');
    const result = reconcileAccount([ofx], 0, { day: '2026-06-30', balance: '1000.00' });
    expect(result.reconciliation.status).toBe('Reconciled');
    expect(result.reconciliation.explanation).toContain(
      "states no opening balance: the books' balance of $1,000.00 at the end of 06/30/2026 is taken instead.",
    );
    expect(result.startBalance).toBe(1000);
  });

  it('is Unstated when a statement states no balance to check against, or rows belong to none', () => {
    const noBalances = reconcileAccount(
      [
        july(),
        august({ openingBalance: null, closingBalance: null, balanceSource: 'none', fileName: 'aug.csv' }),
      ],
      0,
    );
    expect(noBalances.reconciliation.status).toBe('Unstated');
    expect(noBalances.reconciliation.explanation).toBe(
      'The statement of 08/01/2026–08/31/2026 in aug.csv states no closing balance.',
    );
    const pulled = reconcileAccount([july()], 12);
    expect(pulled.reconciliation).toMatchObject({
      status: 'Unstated',
      problems: ['12 rows come from files that state no balances.'],
    });
  });

  it('passes over the same statement uploaded again, in the same format or another', () => {
    const copy = july();
    const ofxCopy = { ...july(), openingBalance: null, fileName: 'july.ofx' };
    const result = reconcileAccount([july(), copy, ofxCopy, august()], 0);
    expect(result.reconciliation.status).toBe('Reconciled');
    expect(result.reconciliation.statements).toHaveLength(4);
  });

  it('has nothing to say before a statement is extracted', () => {
    expect(reconcileAccount([], 0).reconciliation).toMatchObject({
      status: 'No Statements',
      explanation: 'No statement has been extracted for this account yet.',
    });
  });
});
