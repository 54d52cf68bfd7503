import {
  InvestmentTemplateSchema,
  type InvestmentTemplateInput,
} from '@tideline/contracts/templates/investment-template';
import type { RowError } from '../core/extraction-error.js';
import type { Grid, GridRow } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';
import { applyPerSheet, type ApplyOptions } from './apply-transaction-template.js';
import { createRowExtractor, type RowExtractor } from './create-row-extractor.js';
import { parseAmount } from './parse-amount.js';
import { parseDate } from './parse-date.js';
import type { InvestmentRow, TemplateContext } from './template-context.js';

type Reader = (row: GridRow) => string | null | RowError;

/** A streaming Investment template (spec 3): every listed column is read, optional ones may be empty. */
export function createInvestmentExtractor(
  template: InvestmentTemplateInput,
  context: TemplateContext,
  sheet?: string,
): Result<RowExtractor<InvestmentRow>> {
  const parsed = InvestmentTemplateSchema.safeParse(template);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return fail({
      kind: 'invalid-template',
      message: `The template is invalid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
      issues,
    });
  }
  const t = parsed.data;
  const amountOptions = { decimalComma: context.decimalComma === true };
  const column = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

  function readerFor(
    field: string,
    columnText: string | undefined,
    kind: 'text' | 'number' | 'rate' | 'date',
    isRequired: boolean,
  ): Reader {
    const c = column(columnText);
    return (row) => {
      if (c === undefined) return null;
      const raw = (row.cells[c] ?? '').trim();
      const error = (reason: string): RowError => ({
        rowNumber: row.rowNumber,
        column: c,
        field,
        raw,
        reason,
      });
      if (raw === '') return isRequired ? error(`empty ${field}`) : null;
      if (kind === 'text') return raw;
      if (kind === 'date') {
        const date = parseDate(raw);
        return date.ok ? date.value : error(date.reason);
      }
      // Rates are often written with a percent sign; the value stays in percent.
      const amount = parseAmount(kind === 'rate' ? raw.replace(/%$/, '') : raw, amountOptions);
      return amount.ok ? amount.value : error(amount.reason);
    };
  }

  const readers = {
    accountNumber: readerFor('accountNumber', t.accountNumber, 'text', true),
    investmentId: readerFor('investmentId', t.investmentId, 'text', false),
    investmentTypeName: readerFor('investmentType', t.investmentType, 'text', true),
    fund: readerFor('fund', t.fund, 'text', false),
    faceValue: readerFor('faceValue', t.faceValue, 'number', true),
    settlementAmount: readerFor('settlementAmount', t.settlementAmount, 'number', true),
    interestRate: readerFor('interestRate', t.interestRate, 'rate', true),
    couponRate: readerFor('couponRate', t.couponRate, 'rate', false),
    settlementDate: readerFor('settlementDate', t.settlementDate, 'date', true),
    maturityDate: readerFor('maturityDate', t.maturityDate, 'date', true),
    callDate: readerFor('callDate', t.callDate, 'date', false),
  };

  return ok(
    createRowExtractor<InvestmentRow>({
      headerStart: Number(t.headerStart),
      footerRows: 0,
      account: { kind: 'column', column: Number(t.accountNumber) },
      context,
      ...(sheet === undefined ? {} : { sheet }),
      readRow: (row) => {
        const values: Record<string, string | null> = {};
        for (const [key, read] of Object.entries(readers)) {
          const value = read(row);
          if (value !== null && typeof value === 'object') return value;
          values[key] = value;
        }
        return { rowNumber: row.rowNumber, ...values } as unknown as InvestmentRow;
      },
    }),
  );
}

/** Applies an Investment template to a grid; all or nothing like transactions. */
export function applyInvestmentTemplate(
  grid: Grid,
  template: InvestmentTemplateInput,
  context: TemplateContext = {},
  options: ApplyOptions = {},
): Result<InvestmentRow[]> {
  return applyPerSheet(grid, options, (sheet) => createInvestmentExtractor(template, context, sheet));
}
