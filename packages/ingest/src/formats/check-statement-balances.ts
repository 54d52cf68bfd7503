import type { ExtractionError } from '../core/extraction-error.js';
import {
  absDecimal,
  addDecimals,
  formatFigure,
  fromCents,
  subtractDecimals,
  toCents,
} from '../template/decimal-math.js';
import { isDebitTypeCode } from './read-bai2-transaction.js';
import type { Statement, StatementTransaction } from './statement.js';
import type { EntryTotals } from './transaction-outlet.js';

/**
 * The statement-level balance check (issue 15): opening balance + the sum of the statement's
 * entries = closing balance, in exact decimals, or the file is refused naming both figures. What
 * "opening", "closing" and "its entries" are differs by format, as the fixtures and specs show:
 *
 * - MT940: every :20: block, a page of a statement included, has its own opening (:60F:/:60M:) and
 *   closing (:62F:/:62M:) balance, and its :61: lines must take the one to the other. An MT942
 *   report has no balances (its :90D:/:90C: totals are checked by the reader).
 * - BAI2: the opening and closing ledger balances (010, 015). BAI2 does not require every item to be
 *   reported in detail (16 records): the details are taken as the account's whole activity only
 *   when the total credits (100) and total debits (400) summaries count exactly as many credit and
 *   debit details; then opening + details = closing. Otherwise, when both summaries are given, the
 *   bank's own figures must agree: opening + total credits - total debits = closing. Without them
 *   nothing tells whether the details are complete, and the account is not checked; the trailers'
 *   control totals and record counts still guard the file (parse-bai2.ts).
 * - camt.053: opening booked (OPBD, or PRCD) and closing booked (CLBD) balances with the entries,
 *   which a statement reports booked. Interim balances (ITBD) are not closing balances, and balances
 *   in two currencies cannot be added. camt.052 reports and camt.054 notifications are not
 *   checked: they may list pending entries that no booked balance includes, and the reader keeps
 *   no entry status.
 * - OFX: LEDGERBAL is a closing balance and OFX states no opening one: nothing to check.
 *
 * The entries are what `totalsOf` counted as the reader read them (transaction-outlet.ts), so the
 * check needs no rows; without it they are totalled from each statement's `transactions`.
 */
export function checkStatementBalances(
  statements: readonly Statement[],
  totalsOf: (statement: Statement) => EntryTotals = totalTransactions,
): ExtractionError | undefined {
  for (const [i, statement] of statements.entries()) {
    const problem = checkStatement(
      statement,
      totalsOf(statement),
      `Statement ${i + 1} of account ${statement.accountId || '(none)'}`,
    );
    if (problem) return { kind: 'malformed', format: statement.format, message: problem };
  }
  return undefined;
}

function checkStatement(statement: Statement, entries: EntryTotals, name: string): string | undefined {
  const { openingBalance: opening, closingBalance: closing, format } = statement;
  if (opening === undefined || closing === undefined) return undefined;
  if (format === 'camt.052' || format === 'camt.054') return undefined;
  if (format.startsWith('camt') && !haveOneCurrency(statement)) return undefined;
  if (format === 'bai2' && !hasCompleteDetails(statement, entries))
    return checkBai2Summaries(statement, name);
  const { sum, count } = entries;
  const computed = addDecimals(opening, sum);
  if (subtractDecimals(computed, closing) === '0') return undefined;
  return (
    `${name}: the opening balance ${formatFigure(opening)} plus its ${count} ${count === 1 ? 'entry' : 'entries'} ` +
    `(${formatFigure(sum)}) gives ${formatFigure(computed)}, but the closing balance is ${formatFigure(closing)}.`
  );
}

function haveOneCurrency(statement: Statement): boolean {
  const opening = statement.balances.find((b) => b.type === 'opening');
  const closing = statement.balances.find((b) => b.type === 'closing');
  return (
    opening?.currency === undefined ||
    closing?.currency === undefined ||
    opening.currency === closing.currency
  );
}

/** BAI2: the 100 and 400 summaries count exactly the credit and debit details the account holds. */
function hasCompleteDetails(statement: Statement, entries: EntryTotals): boolean {
  const credits = statement.balances.find((b) => b.type === 'total_credits');
  const debits = statement.balances.find((b) => b.type === 'total_debits');
  if (credits?.itemCount === undefined || debits?.itemCount === undefined) return false;
  const debitCount = entries.debitTypeCount;
  return credits.itemCount === entries.count - debitCount && debits.itemCount === debitCount;
}

function checkBai2Summaries(statement: Statement, name: string): string | undefined {
  const credits = statement.balances.find((b) => b.type === 'total_credits')?.amount;
  const debits = statement.balances.find((b) => b.type === 'total_debits')?.amount;
  const { openingBalance: opening = '0', closingBalance: closing = '0' } = statement;
  if (credits === undefined || debits === undefined) return undefined;
  const computed = subtractDecimals(addDecimals(opening, absDecimal(credits)), absDecimal(debits));
  if (subtractDecimals(computed, closing) === '0') return undefined;
  return (
    `${name}: the opening ledger balance ${formatFigure(opening)} plus the total credits ${formatFigure(absDecimal(credits))} ` +
    `less the total debits ${formatFigure(absDecimal(debits))} gives ${formatFigure(computed)}, ` +
    `but the closing ledger balance is ${formatFigure(closing)}.`
  );
}

/** The entries a statement holds, totalled: cents in a double while that is exact. */
function totalTransactions(statement: Statement): EntryTotals {
  const transactions: readonly StatementTransaction[] = statement.transactions;
  let debitTypeCount = 0;
  if (statement.format === 'bai2')
    for (const t of transactions) if (isDebitTypeCode(t.typeCode ?? '')) debitTypeCount++;
  let cents = 0;
  for (const t of transactions) {
    cents += toCents(t.amount);
    if (!Number.isSafeInteger(cents)) {
      const sum = transactions.reduce((total, x) => addDecimals(total, x.amount), '0');
      return { count: transactions.length, sum, debitTypeCount };
    }
  }
  return { count: transactions.length, sum: fromCents(cents), debitTypeCount };
}
