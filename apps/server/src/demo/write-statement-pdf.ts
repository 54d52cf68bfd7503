import { formatUnsignedCents, nameMonth, toUsDate, type DemoStatement } from './demo-statement';
import { courierWidth, writePdfDocument, type PdfText } from './pdf-document';

const SIZE = 8;
const ROW_PITCH = 11;
const WRAP_PITCH = 9;
const TABLE_TOP = 690;
const TABLE_BOTTOM = 72;
/** Left edges of the date and description columns; right edges of the three amount columns. */
const DATE_X = 36;
const DESCRIPTION_X = 96;
const DEBIT_RIGHT = 430;
const CREDIT_RIGHT = 505;
const BALANCE_RIGHT = 580;
/** Narrower than the gap to the debit column, so the columns never touch: longer text wraps. */
const DESCRIPTION_CHARS = 50;

/** The header line's cells: a Header template for this PDF has this header row. */
export const PDF_HEADER = ['Date', 'Description', 'Debits', 'Credits', 'Balance'] as const;

/** A line of the table: a transaction, a wrapped description's continuation, or a summary. */
interface TableLine {
  date?: string;
  description: string;
  debit?: string;
  credit?: string;
  balance?: string;
  /** Continuations stay on the page of their transaction. */
  isContinuation?: boolean;
}

const money = (cents: number) => formatUnsignedCents(cents, { thousands: true });
const signedMoney = (cents: number) => `${cents < 0 ? '-' : ''}${money(cents)}`;

/** Splits a description at spaces into pieces of at most DESCRIPTION_CHARS: re-joined with spaces, it is whole. */
function wrapText(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > DESCRIPTION_CHARS) {
      pieces.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  pieces.push(current);
  return pieces;
}

function buildTableLines(statement: DemoStatement): TableLine[] {
  const lines: TableLine[] = [
    { description: 'Beginning balance', balance: signedMoney(statement.openingCents) },
  ];
  let running = statement.openingCents;
  let debits = 0;
  let credits = 0;
  for (const entry of statement.entries) {
    running += entry.cents;
    if (entry.cents < 0) debits -= entry.cents;
    else credits += entry.cents;
    const [first, ...rest] = wrapText(entry.description);
    lines.push({
      date: toUsDate(entry.date),
      description: first!,
      ...(entry.cents < 0 ? { debit: money(entry.cents) } : { credit: money(entry.cents) }),
      balance: signedMoney(running),
    });
    for (const piece of rest) lines.push({ description: piece, isContinuation: true });
  }
  lines.push(
    { description: 'Total', debit: money(debits), credit: money(credits) },
    { description: 'Ending balance', balance: signedMoney(statement.closingCents) },
  );
  return lines;
}

function placeLine(line: TableLine, y: number): PdfText[] {
  const right = (text: string | undefined, edge: number) =>
    text === undefined ? [] : [{ x: edge - courierWidth(text, SIZE), y, text, size: SIZE }];
  return [
    ...(line.date === undefined ? [] : [{ x: DATE_X, y, text: line.date, size: SIZE }]),
    { x: DESCRIPTION_X, y, text: line.description, size: SIZE },
    ...right(line.debit, DEBIT_RIGHT),
    ...right(line.credit, CREDIT_RIGHT),
    ...right(line.balance, BALANCE_RIGHT),
  ];
}

/**
 * One account's month as a bank prints it: on every page the bank, the client, the account and the
 * period (one phrase each, so they stay out of the table's columns), the header row, then the
 * transactions with debits, credits and the running balance; a beginning balance first, totals and
 * the ending balance last, page numbers and a disclosure at the foot. The text layer reads as a
 * grid whose header row is PDF_HEADER, four lines down.
 */
export function writeStatementPdf(statement: DemoStatement): Buffer {
  const { account } = statement;
  const furniture = (y: number): PdfText[] => [
    { x: DATE_X, y, text: statement.bankName, size: 11, isBold: true },
    { x: DATE_X, y: y - 14, text: statement.clientName, size: SIZE },
    {
      x: DATE_X,
      y: y - 26,
      text: `Account number ${account.accountNumber} - ${account.accountName}`,
      size: SIZE,
    },
    {
      x: DATE_X,
      y: y - 38,
      text: `Statement period ${toUsDate(statement.from)} to ${toUsDate(statement.to)}`,
      size: SIZE,
    },
  ];
  const header = placeLine(
    {
      date: PDF_HEADER[0],
      description: PDF_HEADER[1],
      debit: PDF_HEADER[2],
      credit: PDF_HEADER[3],
      balance: PDF_HEADER[4],
    },
    TABLE_TOP,
  ).map((t) => ({ ...t, isBold: true }));

  const pages: PdfText[][] = [];
  let page: PdfText[] = [];
  let y = 0;
  const startPage = () => {
    page = [...furniture(750), ...header];
    pages.push(page);
    y = TABLE_TOP - ROW_PITCH;
  };
  startPage();
  for (const line of buildTableLines(statement)) {
    if (!line.isContinuation && y < TABLE_BOTTOM) startPage();
    const lineY = line.isContinuation ? y + ROW_PITCH - WRAP_PITCH : y;
    page.push(...placeLine(line, lineY));
    y = lineY - ROW_PITCH;
  }
  pages.forEach((texts, i) => {
    texts.push(
      { x: DATE_X, y: 40, text: `Page ${i + 1} of ${pages.length}`, size: SIZE },
      {
        x: DATE_X,
        y: 28,
        text: `Member FDIC. ${statement.bankName} statement for ${nameMonth(statement.month)}.`,
        size: 7,
      },
    );
  });
  return writePdfDocument(pages, `${statement.bankName} ${account.accountNumber} ${statement.month}`);
}
