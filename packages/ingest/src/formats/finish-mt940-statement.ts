import type { ExtractionError } from '../core/extraction-error.js';
import { formatFigure, subtractDecimals } from '../template/decimal-math.js';
import type { Statement } from './statement.js';

/** Entries of one direction as read, against the :90D:/:90C: that may total them. */
export interface EntryTally {
  count: number;
  sum: string;
  /** The field that states them, with its line. */
  stated?: { count: number; amount: string; line: number };
}

/** One :20: block (a statement, a page of one, or an MT942 report) while it is being read. */
export interface Mt940Draft {
  statement: Statement;
  /** 1-based position in the file, as messages count statements. */
  index: number;
  /** Line of its :20:. */
  line: number;
  hasOpening: boolean;
  /** Its :25: was read: the account is final (rows may be handed on with it). */
  hasAccount: boolean;
  closing?: { tag: string; line: number };
  /** :13D: or :34F: were seen: an MT942 interim report, which carries no balances. */
  isInterim: boolean;
  /** The end-of-message line "-" closed it. */
  hasEndLine: boolean;
  debits: EntryTally;
  credits: EntryTally;
}

export function createMt940Draft(statement: Statement, index: number, line: number): Mt940Draft {
  return {
    statement,
    index,
    line,
    hasOpening: false,
    hasAccount: false,
    isInterim: false,
    hasEndLine: false,
    debits: { count: 0, sum: '0' },
    credits: { count: 0, sum: '0' },
  };
}

const malformed = (message: string, line: number): ExtractionError => ({
  kind: 'malformed',
  format: 'mt940',
  message: `MT940 line ${line}: ${message}`,
  line,
});

/**
 * The rules that make a cut file refused (issue 15): an MT940 statement needs its opening and its
 * closing balance, and a closing :62M: (an intermediate page) must be followed by the next page;
 * an MT942 report, which has no balances, must reach its entry totals (:90D:/:90C:) or its end
 * line. Entry totals, where given, must count and add up the entries. Whether opening plus entries
 * gives the closing balance is checked for every format in check-statement-balances.ts.
 */
export function finishMt940Statement(draft: Mt940Draft, isLastInFile: boolean): ExtractionError | undefined {
  const { statement, index } = draft;
  const name = `statement ${index} of account ${statement.accountId || '(none)'}`;
  const isReport = draft.isInterim && !draft.hasOpening && !draft.closing;
  if (isReport) {
    const hasTotals = draft.debits.stated !== undefined || draft.credits.stated !== undefined;
    if (!hasTotals && !draft.hasEndLine) {
      return malformed(
        `the MT942 report (${name}) ends before its entry totals (:90D:/:90C:) and its end line "-": the file is cut short.`,
        draft.line,
      );
    }
  } else {
    if (!draft.closing) {
      return malformed(
        `${name} has no closing balance (:62F:): the file is cut short, or the statement is incomplete.`,
        draft.line,
      );
    }
    if (!draft.hasOpening) return malformed(`${name} has no opening balance (:60F:).`, draft.line);
    if (draft.closing.tag === '62M' && isLastInFile) {
      return malformed(
        `${name} closes with an intermediate balance (:62M:), but no further page follows: the file is cut short.`,
        draft.closing.line,
      );
    }
  }
  return (
    checkTally(draft.debits, 'debit', ':90D:', name) ?? checkTally(draft.credits, 'credit', ':90C:', name)
  );
}

function checkTally(tally: EntryTally, direction: string, tag: string, name: string) {
  const stated = tally.stated;
  if (!stated || (stated.count === tally.count && subtractDecimals(stated.amount, tally.sum) === '0')) {
    return undefined;
  }
  const entries = (count: number) => `${count} ${direction} ${count === 1 ? 'entry' : 'entries'}`;
  return malformed(
    `the ${tag} of ${name} counts ${entries(stated.count)} totalling ${formatFigure(stated.amount)}, but the statement holds ${entries(tally.count)} totalling ${formatFigure(tally.sum)}.`,
    stated.line,
  );
}
