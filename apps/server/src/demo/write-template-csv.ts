import type { DateFormat } from '@tideline/contracts/templates/template-fields';
import type { TransactionTemplate } from '@tideline/contracts/templates/transaction-template';
import { parseIsoDate, toDayNumber } from '@tideline/analytics/core/iso-date';
import { formatSignedCents, formatUnsignedCents, toUsDate, type DemoStatement } from './demo-statement';

/** A relationship's Header Transaction template: the layout its bank's csv files have. */
export interface HeaderTemplate {
  headerRow: string;
  transform: TransactionTemplate;
}

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** A date as the template reads it; Auto takes any unambiguous layout, so ISO. */
function formatDate(iso: string, format: DateFormat | undefined): string {
  const [year, month, day] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
  switch (format) {
    case 'MM/DD/YYYY':
      return toUsDate(iso);
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'DD-Mon-YYYY':
      return `${day}-${MONTH_ABBREVIATIONS[Number(month) - 1]}-${year}`;
    case 'Excel serial':
      return String(parseIsoDate(iso)! - toDayNumber(1899, 12, 30));
    default:
      return iso;
  }
}

/** RFC 4180: a field with a comma, quote, line break or outer space is quoted. */
function toCsvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]|^\s|\s$/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
}

const columnOf = (text: string | undefined) => (text === undefined || text === '' ? undefined : Number(text));

/**
 * Why the writer cannot lay a statement out in this template, or undefined: it places the account
 * number in a column, in a cell above the header row, or leaves it to the file name.
 */
export function findUnsupportedTemplate(template: HeaderTemplate): string | undefined {
  const t = template.transform;
  if (t.accountNumber || t.fileNameIncluded) return undefined;
  const [row] = (t.accountNumberHeader ?? '').split(',').map(Number);
  return row !== undefined && row < Number(t.headerStart ?? '0')
    ? undefined
    : 'the template reads the account number from a cell below its header row';
}

/**
 * One account's month in the layout of a Header Transaction template: title rows up to headerStart
 * (the account number in the accountNumberHeader cell), the header row as the template says, a row
 * per transaction in date order, and footerRows rows stating the balances (the Ending Balance in
 * the balance column where there is one; else 'Beginning Balance 1234.56' and 'Ending Balance …' in
 * the description column). The description goes whole into the last description column (the template
 * joins them); the balance column, or an unused column named for a balance, gets the running balance.
 */
export function writeTemplateCsv(statement: DemoStatement, template: HeaderTemplate): string {
  const t = template.transform;
  const header = template.headerRow.split(',');
  const width = header.length;
  const isDecimalComma = t.decimalSeparator === 'comma';
  const money = (text: string) => (isDecimalComma ? text.replace('.', ',') : text);
  const date = columnOf(t.date)!;
  const descriptions = (t.description ?? '').split(',').map((c) => Number(c.trim()));
  const description = descriptions[descriptions.length - 1]!;
  const account = columnOf(t.accountNumber);
  const used = new Set(
    [t.date, t.accountNumber, t.amount, t.amountCredit, t.amountDebit, t.creditDebit, t.description]
      .flatMap((v) => (v ?? '').split(','))
      .filter((v) => v.trim() !== '')
      .map(Number),
  );
  const balance = columnOf(t.balance) ?? header.findIndex((h, i) => /balance/i.test(h) && !used.has(i));
  const accountName = header.findIndex((h, i) => /account name/i.test(h) && !used.has(i));
  const emptyRow = () => Array.from({ length: width }, () => '');

  const lines: string[] = [];
  const headerStart = Number(t.headerStart ?? '0');
  const [cellRow, cellColumn] = (t.accountNumberHeader ?? '').split(',').map(Number);
  const titles = [
    statement.bankName,
    `Statement period ${toUsDate(statement.from)} to ${toUsDate(statement.to)}`,
  ];
  for (let r = 0; r < headerStart; r++) {
    if (r === cellRow && cellColumn !== undefined) {
      const cells = Array.from({ length: cellColumn + 1 }, () => '');
      if (cellColumn > 0) cells[cellColumn - 1] = 'Account:';
      cells[cellColumn] = statement.account.accountNumber;
      lines.push(toCsvLine(cells));
    } else lines.push(toCsvLine([titles.shift() ?? '']));
  }
  lines.push(toCsvLine(header));

  let running = statement.openingCents;
  for (const entry of statement.entries) {
    running += entry.cents;
    const cells = emptyRow();
    cells[date] = formatDate(entry.date, t.dateFormat);
    if (account !== undefined) cells[account] = statement.account.accountNumber;
    cells[description] = entry.description;
    if (t.amountCredit && t.amountDebit) {
      cells[Number(entry.cents < 0 ? t.amountDebit : t.amountCredit)] = money(
        formatUnsignedCents(entry.cents),
      );
    } else if (t.creditDebit) {
      cells[Number(t.amount)] = money(formatUnsignedCents(entry.cents));
      cells[Number(t.creditDebit)] = entry.cents < 0 ? 'DR' : 'CR';
    } else cells[Number(t.amount)] = money(formatSignedCents(entry.cents));
    if (balance >= 0) cells[balance] = money(formatSignedCents(running));
    if (accountName >= 0) cells[accountName] = statement.account.accountName;
    lines.push(toCsvLine(cells));
  }

  // A balance column already shows where the month starts; without one the footer states both ends.
  const stated: [string, number][] =
    balance >= 0
      ? [['Ending Balance', statement.closingCents]]
      : [
          ['Beginning Balance', statement.openingCents],
          ['Ending Balance', statement.closingCents],
        ];
  const footerRows = Number(t.footerRows ?? '0');
  const footers = stated.slice(Math.max(0, stated.length - footerRows));
  for (let r = 0; r < footerRows; r++) {
    const cells = emptyRow();
    const [label, cents] = footers[r] ?? ['End of statement', undefined];
    const figure = cents === undefined ? '' : money(formatSignedCents(cents));
    if (cents === undefined) cells[description] = label;
    else if (balance >= 0) [cells[description], cells[balance]] = [label, figure];
    else cells[description] = `${label} ${figure}`;
    lines.push(toCsvLine(cells));
  }
  return `${lines.join('\r\n')}\r\n`;
}
