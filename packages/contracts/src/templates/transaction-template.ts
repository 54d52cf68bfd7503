import { z } from 'zod';
import {
  CELL_REFERENCE,
  COLUMN_LIST,
  DIGITS,
  DateFormatSchema,
  DecimalSeparatorSchema,
  SIGNED_DIGITS,
  columnText,
  flag,
  isFilled,
  optionalChoice,
} from './template-fields.js';

const COLUMN_FIELDS = [
  'accountNumber',
  'description',
  'date',
  'amountCredit',
  'amountDebit',
  'creditDebit',
  'amount',
  'balance',
] as const;

/**
 * The jsonTransform object of a Transaction template (clients-accounts-investments-reports.md 3 and 5).
 * Column and row numbers are 0-based text; headerStart -1 means the file has no header row.
 * balance, dateFormat and decimalSeparator are ours (issue 15): an optional running-balance column that
 * every row is checked against, and how dates and amounts are written (absent: Auto and dot).
 */
export const TransactionTemplateSchema = z
  .object({
    cellHeaderData: columnText,
    accountNumber: columnText,
    description: columnText,
    date: columnText,
    amountCredit: columnText,
    amountDebit: columnText,
    creditDebit: columnText,
    amount: columnText,
    balance: columnText,
    headerStart: columnText,
    accountNumberHeader: columnText,
    footerRows: columnText,
    fileNameIncluded: flag.optional(),
    specialCase: flag.optional(),
    dateFormat: optionalChoice(DateFormatSchema),
    decimalSeparator: optionalChoice(DecimalSeparatorSchema),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const required = (path: keyof typeof t, value: string | undefined) => {
      if (!isFilled(value)) issue(path, 'Required!');
      return isFilled(value);
    };
    const digits = (path: string, value: string | undefined) => {
      if (isFilled(value) && !DIGITS.test(value)) issue(path, 'Field must be a number.');
    };

    required('cellHeaderData', t.cellHeaderData);
    if (required('description', t.description) && !COLUMN_LIST.test(t.description ?? '')) {
      issue('description', 'Field has an invalid format.');
    }
    if (required('date', t.date)) digits('date', t.date);
    if (required('headerStart', t.headerStart) && !SIGNED_DIGITS.test(t.headerStart ?? '')) {
      issue('headerStart', 'Field must be a number.');
    }
    for (const f of [
      'accountNumber',
      'amountCredit',
      'amountDebit',
      'creditDebit',
      'amount',
      'balance',
      'footerRows',
    ] as const) {
      digits(f, t[f]);
    }

    const hasCredit = isFilled(t.amountCredit);
    const hasDebit = isFilled(t.amountDebit);
    if (hasCredit && !hasDebit) issue('amountDebit', 'Required!');
    if (hasDebit && !hasCredit) issue('amountCredit', 'Required!');
    if (!isFilled(t.amount) && !hasCredit && !hasDebit) issue('amount', 'Required!');

    const fileName = t.fileNameIncluded === true;
    const special = t.specialCase === true;
    const hasHeaderCell = isFilled(t.accountNumberHeader);
    if (isFilled(t.accountNumber) && (special || fileName)) issue('accountNumber', 'Should be empty!');
    if (!isFilled(t.accountNumber) && !fileName && !special && !hasHeaderCell)
      issue('accountNumber', 'Required!');
    if (hasHeaderCell) {
      if (fileName) issue('accountNumberHeader', 'Should be empty!');
      else if (!CELL_REFERENCE.test(t.accountNumberHeader ?? ''))
        issue('accountNumberHeader', 'Field must be 2 values.');
    } else if (!isFilled(t.accountNumber) && !fileName) {
      issue('accountNumberHeader', 'Required!');
    }

    // Column references must be unique across the column fields (description may list several).
    const owners = new Map<string, number>();
    const columnsOf = (f: (typeof COLUMN_FIELDS)[number]) =>
      (t[f] ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== '');
    for (const f of COLUMN_FIELDS) for (const c of columnsOf(f)) owners.set(c, (owners.get(c) ?? 0) + 1);
    for (const f of COLUMN_FIELDS) {
      if (columnsOf(f).some((c) => (owners.get(c) ?? 0) > 1)) issue(f, 'Column references must be unique.');
    }
  });

export type TransactionTemplate = z.infer<typeof TransactionTemplateSchema>;
export type TransactionTemplateInput = z.input<typeof TransactionTemplateSchema>;
