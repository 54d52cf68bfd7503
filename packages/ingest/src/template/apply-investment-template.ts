import {
  InvestmentTemplateSchema,
  type InvestmentTemplateInput,
} from '@tideline/contracts/templates/investment-template';
import type { RowError } from '../core/extraction-error.js';
import type { Grid, GridRow } from '../core/grid.js';
import { guardCall } from '../core/guard-reader.js';
import { fail, ok, type Result } from '../core/result.js';
import { applyPerSheet, type ApplyOptions } from './apply-transaction-template.js';
import { createDateReader } from './create-date-reader.js';
import { createRowExtractor, guardExtractor, HOLD_ROW, type RowExtractor } from './create-row-extractor.js';
import { parseAmount } from './parse-amount.js';
import { DATE_AMBIGUOUS } from './parse-date.js';
import { isDecimalCommaOf } from './read-transaction-row.js';
import { scanAmount } from './scan-amount.js';
import type { InvestmentRow, TemplateContext } from './template-context.js';

type Reader = (row: GridRow) => string | null | RowError | typeof HOLD_ROW;

/** A streaming Investment template (spec 3): every listed column is read, optional ones may be empty. */
export function createInvestmentExtractor(
  template: InvestmentTemplateInput,
  context: TemplateContext,
  sheet?: string,
): Result<RowExtractor<InvestmentRow>> {
  return guardCall('Applying the template', () => {
    const created = buildInvestmentExtractor(template, context, sheet);
    return created.ok ? ok(guardExtractor(created.value)) : created;
  });
}

function buildInvestmentExtractor(
  template: InvestmentTemplateInput,
  context: TemplateContext,
  sheet: string | undefined,
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
  const isDecimalComma = isDecimalCommaOf(t, context);
  const amountOptions = { decimalComma: isDecimalComma };
  // One reader for the three date columns: with Auto, a date in any of them shows the file's order.
  const dates = createDateReader(t.dateFormat ?? 'Auto');
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
        const date = dates.read(raw, c);
        if (date === DATE_AMBIGUOUS) return HOLD_ROW;
        return typeof date === 'string' ? date : error(dates.describe(date, raw));
      }
      // Rates are often written with a percent sign; the value stays in percent.
      const text = kind === 'rate' && raw.endsWith('%') ? raw.slice(0, -1) : raw;
      const fast = scanAmount(text, isDecimalComma);
      if (fast !== undefined) return fast;
      const amount = parseAmount(text, amountOptions);
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
      dates,
      readRow: (row) => {
        const values: Record<string, string | null> = {};
        // Every column is read even after a waiting date: a later date column may show the order.
        let outcome: RowError | typeof HOLD_ROW | undefined;
        for (const [key, read] of Object.entries(readers)) {
          const value = read(row);
          if (value === HOLD_ROW) outcome ??= HOLD_ROW;
          else if (value !== null && typeof value === 'object')
            outcome = outcome === undefined ? value : outcome;
          else values[key] = value;
        }
        return outcome ?? ({ rowNumber: row.rowNumber, ...values } as unknown as InvestmentRow);
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
  return guardCall('Applying the template', () =>
    applyPerSheet(grid, options, (sheet) => createInvestmentExtractor(template, context, sheet)),
  );
}
