import type {
  ReconciledStatement,
  Reconciliation,
  ReconciliationStatus,
} from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { formatDay, formatDollars } from './reconciliation-text';

// Issue 39 point 1: an account reconciles when, for every statement of its files, opening balance +
// staged rows = closing balance to the cent, and each statement opens at the previous one's close.
// Figures are compared in cents (numeric(18,2) fits a double's exact integers).

/** One statement as stored, with what its staged rows add up to now (decimal strings). */
export interface StatementFigures {
  batchFileId: number;
  fileName: string;
  statementIndex: number;
  statementRef: string | null;
  fromDate: string | null;
  toDate: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  balanceSource: ReconciledStatement['balanceSource'];
  rowCount: number;
  stagedSum: string;
}

/** The books' end-of-day balance of the account on `day`: anchor balance plus the booked rows since. */
export interface BooksOpening {
  day: string;
  balance: string;
}

export interface AccountReconciliation {
  reconciliation: Omit<Reconciliation, 'override'>;
  /** The first statement's opening and the last one's closing balance: Start and End Balance. */
  startBalance: number | null;
  endBalance: number | null;
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const dollarsOf = (c: number) => formatDollars(c / 100);

/**
 * Date order, the longer of two statements starting on the same day first, then file order:
 * monthly files arrive in any order, and a month's statement covers the daily ones of its days.
 */
function byPeriod(a: StatementFigures, b: StatementFigures): number {
  const from = (s: StatementFigures) => s.fromDate ?? s.toDate ?? '';
  return (
    from(a).localeCompare(from(b)) ||
    (b.toDate ?? '').localeCompare(a.toDate ?? '') ||
    a.batchFileId - b.batchFileId ||
    a.statementIndex - b.statementIndex
  );
}

/**
 * The day whose booked balance stands in for the first statement's opening one, when the bank states
 * none (OFX): the day before the statement's first. Null when it states one or gives no date.
 */
export function findBooksOpeningDay(statements: readonly StatementFigures[]): string | null {
  const [first] = [...statements].sort(byPeriod);
  if (!first || first.openingBalance !== null || first.fromDate === null) return null;
  return previousDay(first.fromDate);
}

/** "the statement of 07/01/2026–07/31/2026 in july.bai2" */
function labelOf(s: StatementFigures): string {
  const period =
    s.fromDate && s.toDate && s.fromDate !== s.toDate
      ? ` of ${formatDay(s.fromDate)}–${formatDay(s.toDate)}`
      : s.fromDate || s.toDate
        ? ` of ${formatDay((s.fromDate ?? s.toDate)!)}`
        : '';
  return `the statement${period} in ${s.fileName}`;
}

const rowsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Two statements of the same period and closing balance: the same statement uploaded twice, perhaps
 * in another format (an OFX copy states no opening balance).
 */
const isRepeatOf = (s: StatementFigures, earlier: StatementFigures) =>
  s.fromDate === earlier.fromDate &&
  s.toDate === earlier.toDate &&
  s.closingBalance !== null &&
  s.closingBalance === earlier.closingBalance &&
  (s.openingBalance === null || s.openingBalance === earlier.openingBalance);

function describeStatementProblem(s: StatementFigures, opening: number, closing: number): string | null {
  const sum = cents(s.stagedSum);
  const difference = closing - (opening + sum);
  if (difference === 0) return null;
  return (
    `${capitalize(labelOf(s))}: the opening balance ${dollarsOf(opening)} plus its ${rowsText(s.rowCount)} ` +
    `(${dollarsOf(sum)}) gives ${dollarsOf(opening + sum)}, but the closing balance is ` +
    `${dollarsOf(closing)}: a difference of ${dollarsOf(difference)}.`
  );
}

function describeBreak(previous: StatementFigures, s: StatementFigures, closed: number, opens: number) {
  const gap =
    previous.toDate && s.fromDate && nextDay(previous.toDate) < s.fromDate
      ? ` No statement covers ${formatDay(nextDay(previous.toDate))}–${formatDay(previousDay(s.fromDate))}.`
      : '';
  return (
    `${capitalize(labelOf(s))} opens at ${dollarsOf(opens)}, but ${labelOf(previous)} closed at ` +
    `${dollarsOf(closed)}: a break of ${dollarsOf(opens - closed)}.${gap}`
  );
}

function shiftDay(day: string, by: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}
const nextDay = (day: string) => shiftDay(day, 1);
/** The day before, for the books' balance before a statement; '' when the statement gives no date. */
export const previousDay = (day: string) => (day === '' ? '' : shiftDay(day, -1));

function toReconciled(
  s: StatementFigures,
  opening: number | null,
  closing: number | null,
): ReconciledStatement {
  const sum = cents(s.stagedSum);
  return {
    batchFileId: s.batchFileId,
    fileName: s.fileName,
    statementRef: s.statementRef,
    fromDate: s.fromDate,
    toDate: s.toDate,
    openingBalance: s.openingBalance === null ? null : Number(s.openingBalance),
    closingBalance: s.closingBalance === null ? null : Number(s.closingBalance),
    balanceSource: s.balanceSource,
    rowCount: s.rowCount,
    stagedSum: sum / 100,
    difference: opening === null || closing === null ? null : (closing - opening - sum) / 100,
  };
}

/**
 * Reconciles one batch account: its statements (any order) and the count of its staged rows that
 * belong to no statement (a pull, or a file whose reader gives none).
 */
export function reconcileAccount(
  statements: readonly StatementFigures[],
  rowsWithoutStatement: number,
  booksOpening?: BooksOpening,
): AccountReconciliation {
  const sorted = [...statements].sort(byPeriod);
  const notes: string[] = [];
  const breaks: string[] = [];
  const unstated: string[] = [];
  const reconciled: ReconciledStatement[] = [];
  let previous: { statement: StatementFigures; opening: number | null; closing: number | null } | undefined;
  let startBalance: number | null = null;
  let endBalance: number | null = null;
  let rowCount = 0;
  let coveredUntil: string | null = null;

  for (const [i, s] of sorted.entries()) {
    const stated = {
      opening: s.openingBalance === null ? null : cents(s.openingBalance),
      closing: s.closingBalance === null ? null : cents(s.closingBalance),
    };
    if (previous && isRepeatOf(s, previous.statement)) {
      // Its rows are flagged as possible duplicates; its balances say nothing new.
      reconciled.push(toReconciled(s, stated.opening ?? previous.opening, stated.closing));
      continue;
    }
    if (coveredUntil !== null && s.toDate !== null && s.toDate <= coveredUntil) {
      // Inside a period already covered (a day of a month's statement, uploaded too): it must add up
      // by itself, but does not continue the chain.
      if (stated.opening !== null && stated.closing !== null) {
        const problem = describeStatementProblem(s, stated.opening, stated.closing);
        if (problem) breaks.push(problem);
      }
      reconciled.push(toReconciled(s, stated.opening, stated.closing));
      continue;
    }
    // OFX states no opening balance: the previous statement's closing one stands in for it, and for
    // the first statement the books' balance the day before, said as such.
    let opening = stated.opening ?? previous?.closing ?? null;
    if (opening === null && i === 0 && booksOpening && booksOpening.day === previousDay(s.fromDate ?? '')) {
      opening = cents(booksOpening.balance);
      notes.push(
        `${capitalize(labelOf(s))} states no opening balance: the books' balance of ` +
          `${dollarsOf(opening)} at the end of ${formatDay(booksOpening.day)} is taken instead.`,
      );
    }
    if (
      previous &&
      previous.closing !== null &&
      stated.opening !== null &&
      stated.opening !== previous.closing
    )
      breaks.push(describeBreak(previous.statement, s, previous.closing, stated.opening));
    if (opening === null || stated.closing === null) {
      const missing = [opening === null ? 'opening' : '', stated.closing === null ? 'closing' : '']
        .filter(Boolean)
        .join(' or ');
      unstated.push(`${capitalize(labelOf(s))} states no ${missing} balance.`);
    } else {
      const problem = describeStatementProblem(s, opening, stated.closing);
      if (problem) breaks.push(problem);
    }
    if (i === 0) startBalance = opening;
    endBalance = stated.closing;
    rowCount += s.rowCount;
    reconciled.push(toReconciled(s, opening, stated.closing));
    previous = { statement: s, opening, closing: stated.closing };
    if (s.toDate !== null && (coveredUntil === null || s.toDate > coveredUntil)) coveredUntil = s.toDate;
  }
  if (rowsWithoutStatement > 0)
    unstated.push(`${capitalize(rowsText(rowsWithoutStatement))} come from files that state no balances.`);

  const status: ReconciliationStatus =
    breaks.length > 0
      ? 'Not Reconciled'
      : unstated.length > 0
        ? 'Unstated'
        : sorted.length === 0
          ? 'No Statements'
          : 'Reconciled';
  const problems = [...breaks, ...unstated];
  if (problems.length > 0) problems.push(...notes);
  const reconciledText = describeReconciled(sorted.length, rowCount, startBalance, endBalance);
  return {
    reconciliation: {
      status,
      explanation: problems[0] ?? [reconciledText, ...notes].join(' '),
      problems,
      statements: reconciled,
    },
    startBalance: startBalance === null ? null : startBalance / 100,
    endBalance: endBalance === null ? null : endBalance / 100,
  };
}

function describeReconciled(
  statementCount: number,
  rowCount: number,
  opening: number | null,
  closing: number | null,
): string {
  if (statementCount === 0 || opening === null || closing === null)
    return 'No statement has been extracted for this account yet.';
  const count = statementCount === 1 ? '1 statement' : `${statementCount} statements`;
  return (
    `${count}: the opening balance ${dollarsOf(opening)} plus ${rowsText(rowCount)} ` +
    `(${dollarsOf(closing - opening)}) gives the closing balance ${dollarsOf(closing)}, to the cent.`
  );
}
