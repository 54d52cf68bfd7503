import type { DateFormat, DecimalSeparator } from '@tideline/contracts/templates/template-fields';
import {
  TransactionTemplateSchema,
  type TransactionTemplateInput,
} from '@tideline/contracts/templates/transaction-template';
import { fail, ok, type Result } from '../core/result.js';

export type AmountPlan =
  | { kind: 'signed'; column: number }
  | { kind: 'credit-debit'; credit: number; debit: number }
  | { kind: 'marked'; column: number; mark: number };

export type AccountPlan =
  | { kind: 'column'; column: number }
  | { kind: 'header-cell'; row: number; column: number; isSpecialCase: boolean }
  | { kind: 'file-name' }
  | { kind: 'context' };

/** A validated Transaction template with its column numbers resolved. */
export interface TransactionPlan {
  headerStart: number;
  footerRows: number;
  date: number;
  description: number[];
  amount: AmountPlan;
  account: AccountPlan;
  /** The running-balance column, checked row by row (check-balance.ts). */
  balance?: number;
  /** Auto when the template does not say (templates stored before issue 15). */
  dateFormat: DateFormat;
  /** Undefined when the template does not say: the context's decimalComma, else dot. */
  decimalSeparator?: DecimalSeparator;
}

/** Validates with the contracts schema (the dialogs' messages) and turns column text into numbers. */
export function compileTransactionTemplate(input: TransactionTemplateInput): Result<TransactionPlan> {
  const parsed = TransactionTemplateSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return fail({
      kind: 'invalid-template',
      message: `The template is invalid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
      issues,
    });
  }
  const t = parsed.data;
  const num = (v: string | undefined) => Number(v);
  const has = (v: string | undefined): v is string => v !== undefined && v !== '';

  let amount: AmountPlan;
  if (has(t.amount) && has(t.creditDebit))
    amount = { kind: 'marked', column: num(t.amount), mark: num(t.creditDebit) };
  else if (has(t.amountCredit) && has(t.amountDebit)) {
    amount = { kind: 'credit-debit', credit: num(t.amountCredit), debit: num(t.amountDebit) };
  } else amount = { kind: 'signed', column: num(t.amount) };

  let account: AccountPlan;
  if (t.fileNameIncluded) account = { kind: 'file-name' };
  else if (has(t.accountNumber)) account = { kind: 'column', column: num(t.accountNumber) };
  else if (has(t.accountNumberHeader)) {
    const [row = 0, column = 0] = t.accountNumberHeader.split(',').map((v) => Number(v.trim()));
    account = { kind: 'header-cell', row, column, isSpecialCase: t.specialCase === true };
  } else account = { kind: 'context' };

  return ok({
    headerStart: num(t.headerStart),
    footerRows: has(t.footerRows) ? num(t.footerRows) : 0,
    date: num(t.date),
    description: (t.description ?? '').split(',').map((c) => Number(c.trim())),
    amount,
    account,
    ...(has(t.balance) ? { balance: num(t.balance) } : {}),
    dateFormat: t.dateFormat ?? 'Auto',
    ...(t.decimalSeparator ? { decimalSeparator: t.decimalSeparator } : {}),
  });
}
