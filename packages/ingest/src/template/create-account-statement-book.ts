import type { AccountStatement } from './template-context.js';

/**
 * A template-read file's account statements, shared by the extractors of its sheets: each account
 * number gets its statement index when its first row is read (so rows leave with it, batch by
 * batch), and each sheet adds what it found out about the account when it ends.
 */
export interface AccountStatementBook {
  indexOf(accountNumber: string): number;
  add(statement: AccountStatement): void;
  /** One per account number, in first-seen order. */
  list(): AccountStatement[];
}

function laterOf(a: string | undefined, b: string | undefined, isLater: boolean): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b > a === isLater ? b : a;
}

/**
 * Two sheets of one account read as consecutive statements of it: the first sheet's opening, the
 * last one's closing, the whole period; 'stated' when either sheet states a balance, else 'balance
 * column' when either has one.
 */
function mergeStatements(first: AccountStatement, next: AccountStatement): AccountStatement {
  const merged: AccountStatement = {
    accountNumber: first.accountNumber,
    balanceSource: [first.balanceSource, next.balanceSource].includes('stated')
      ? 'stated'
      : [first.balanceSource, next.balanceSource].includes('balance column')
        ? 'balance column'
        : 'none',
  };
  if (first.openingBalance !== undefined) merged.openingBalance = first.openingBalance;
  if (next.closingBalance !== undefined) merged.closingBalance = next.closingBalance;
  const fromDate = laterOf(first.fromDate, next.fromDate, false);
  const toDate = laterOf(first.toDate, next.toDate, true);
  if (fromDate !== undefined) merged.fromDate = fromDate;
  if (toDate !== undefined) merged.toDate = toDate;
  return merged;
}

export function createAccountStatementBook(): AccountStatementBook {
  const indexes = new Map<string, number>();
  const statements: (AccountStatement | undefined)[] = [];
  function indexOf(accountNumber: string): number {
    let index = indexes.get(accountNumber);
    if (index === undefined) {
      index = indexes.size;
      indexes.set(accountNumber, index);
      statements.push(undefined);
    }
    return index;
  }
  return {
    indexOf,
    add(statement) {
      const index = indexOf(statement.accountNumber);
      const known = statements[index];
      statements[index] = known ? mergeStatements(known, statement) : statement;
    },
    list() {
      return [...indexes.entries()].map(
        ([accountNumber, index]) => statements[index] ?? { accountNumber, balanceSource: 'none' },
      );
    },
  };
}
