import { fail, ok, type Result } from '../core/result.js';
import { decodeEightBitText } from '../text/decode-cp852.js';
import { normalizeDecimal } from '../template/parse-amount.js';
import { daysInMonth, formatIsoDate } from '../template/parse-date.js';
import { describeMt940Details } from './describe-mt940-details.js';
import type { Statement, StatementBalance, StatementTransaction } from './statement.js';

const TAG_LINE = /^:(\w{2,3}):(.*)$/;
const LINE_61 =
  /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d+(?:,\d*)?)([A-Z][\w ]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d+,\d*)/;

/**
 * MT940 dates are YYMMDD. Banks book on 30-day-month conventions (a value date of 30 February
 * happens), so a day past the month's end is moved to its last day, as the mt940 library does.
 */
function readSwiftDate(text: string): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return undefined;
  const yy = Number(m[1]);
  const year = yy >= 80 ? 1900 + yy : 2000 + yy;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return formatIsoDate(year, month, Math.min(day, daysInMonth(year, month)));
}

function readSwiftAmount(text: string): string {
  const [whole = '0', fraction = ''] = text.split(',');
  return normalizeDecimal(false, whole, fraction);
}

function readBalance(value: string, type: string): StatementBalance | undefined {
  const m = BALANCE.exec(value.trim());
  if (!m) return undefined;
  const amount = readSwiftAmount(m[4] ?? '0');
  const date = readSwiftDate(m[2] ?? '');
  return {
    type,
    amount: m[1] === 'D' && amount !== '0' ? `-${amount}` : amount,
    currency: m[3] ?? '',
    ...(date ? { date } : {}),
  };
}

interface Field {
  tag: string;
  value: string;
  line: number;
}

/** Splits the text into :tag: fields; lines without a tag continue the field above them. */
function splitFields(text: string): Field[] {
  const fields: Field[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    // eslint-disable-next-line no-control-regex -- control bytes (NUL, SOH, ETX) are what these checks look for
    const line = rawLine.replace(/[\u0001\u0003]/g, '');
    const m = TAG_LINE.exec(line);
    if (m) fields.push({ tag: m[1] ?? '', value: m[2] ?? '', line: index + 1 });
    else if (line.trim() !== '' && line.trim() !== '-' && fields.length > 0) {
      const last = fields[fields.length - 1] as Field;
      last.value += `\n${line}`;
    }
  });
  return fields;
}

/** Reads SWIFT MT940 (and MT942) statements: one statement per :20: block, :61: lines with their :86:. */
export function parseMt940(bytes: Uint8Array): Result<Statement[]> {
  const fields = splitFields(decodeEightBitText(bytes));
  const statements: Statement[] = [];
  let current: Statement | undefined;
  let pending:
    { tx: StatementTransaction; supplementary: string; details?: string; nonSwift?: string } | undefined;

  const flush = () => {
    if (pending && current) {
      pending.tx.description = describeMt940Details(pending.details, pending.nonSwift, pending.supplementary);
      current.transactions.push(pending.tx);
    }
    pending = undefined;
  };
  const malformed = (message: string, line: number) =>
    fail({ kind: 'malformed' as const, format: 'mt940', message: `MT940 line ${line}: ${message}`, line });

  for (const field of fields) {
    if (field.tag === '20') {
      flush();
      current = {
        format: 'mt940',
        accountId: '',
        balances: [],
        transactions: [],
        statementId: field.value.trim(),
      };
      statements.push(current);
      continue;
    }
    if (!current) continue;
    switch (field.tag) {
      case '25':
        current.accountId = field.value.trim();
        break;
      case '60F':
      case '60M':
      case '62F':
      case '62M':
      case '64':
      case '65': {
        flush();
        const isOpening = field.tag.startsWith('60');
        const isClosing = field.tag.startsWith('62');
        const type = isOpening
          ? 'opening'
          : isClosing
            ? 'closing'
            : field.tag === '64'
              ? 'closing_available'
              : 'forward_available';
        const balance = readBalance(field.value, type);
        if (!balance) return malformed(`balance "${field.value.trim()}" cannot be read`, field.line);
        current.balances.push(balance);
        current.currency ??= balance.currency;
        if (isOpening && current.openingBalance === undefined) current.openingBalance = balance.amount;
        if (isClosing) current.closingBalance = balance.amount;
        break;
      }
      case '61': {
        flush();
        const m = LINE_61.exec(field.value);
        const date = m ? readSwiftDate(m[1] ?? '') : undefined;
        if (!m || !date)
          return malformed(`statement line "${field.value.split('\n')[0] ?? ''}" cannot be read`, field.line);
        const amount = readSwiftAmount(m[5] ?? '0');
        // D and RC (reversal of a credit) take money out; C and RD put it in.
        const isDebit = m[3] === 'D' || m[3] === 'RC' || m[3] === 'ED';
        const tx: StatementTransaction = {
          date,
          amount: isDebit && amount !== '0' ? `-${amount}` : amount,
          description: '',
          typeCode: m[6] ?? '',
        };
        if (m[3]?.startsWith('R')) tx.isReversal = true;
        const customerReference = m[7]?.trim();
        if (customerReference && customerReference !== 'NONREF') tx.customerReference = customerReference;
        const bankReference = m[8]?.trim();
        if (bankReference) tx.bankReference = bankReference;
        pending = { tx, supplementary: (m[9] ?? '').trim() };
        break;
      }
      case '86': {
        // Line ends are padding, not text; leading spaces of wrapped lines are kept.
        const text = field.value.replace(/[ \t]+$/gm, '').replace(/^\s+/, '');
        if (pending) pending.details = pending.details === undefined ? text : `${pending.details}\n${text}`;
        break;
      }
      case 'NS':
        if (pending) pending.nonSwift = field.value;
        break;
      default:
        break;
    }
  }
  flush();
  if (statements.length === 0)
    return fail({ kind: 'malformed', format: 'mt940', message: 'MT940: no :20: statement found.' });
  return ok(statements);
}
