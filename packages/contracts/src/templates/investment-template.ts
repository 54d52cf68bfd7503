import { z } from 'zod';
import {
  DIGITS,
  DateFormatSchema,
  DecimalSeparatorSchema,
  SIGNED_DIGITS,
  columnText,
  isFilled,
  optionalChoice,
} from './template-fields.js';

const REQUIRED_COLUMNS = [
  'accountNumber',
  'settlementDate',
  'maturityDate',
  'interestRate',
  'settlementAmount',
  'investmentType',
  'faceValue',
] as const;
const OPTIONAL_COLUMNS = ['investmentId', 'couponRate', 'callDate', 'fund'] as const;

/**
 * The jsonTransform object of an Investment template (spec 3 and 5); headerStart -1 means no header row.
 * dateFormat and decimalSeparator are ours (issue 15); absent, they mean Auto and dot.
 */
export const InvestmentTemplateSchema = z
  .object({
    cellHeaderData: columnText,
    accountNumber: columnText,
    investmentId: columnText,
    settlementDate: columnText,
    maturityDate: columnText,
    couponRate: columnText,
    settlementAmount: columnText,
    investmentType: columnText,
    headerStart: columnText,
    interestRate: columnText,
    fund: columnText,
    faceValue: columnText,
    callDate: columnText,
    dateFormat: optionalChoice(DateFormatSchema),
    decimalSeparator: optionalChoice(DecimalSeparatorSchema),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const f of REQUIRED_COLUMNS) {
      const value = t[f];
      if (!isFilled(value)) issue(f, 'Required!');
      else if (!DIGITS.test(value)) issue(f, 'Field must be a number.');
    }
    for (const f of OPTIONAL_COLUMNS) {
      const value = t[f];
      if (isFilled(value) && !DIGITS.test(value)) issue(f, 'Field must be a number.');
    }
    if (!isFilled(t.headerStart)) issue('headerStart', 'Required!');
    else if (!SIGNED_DIGITS.test(t.headerStart)) issue('headerStart', 'Field must be a number.');
  });

export type InvestmentTemplate = z.infer<typeof InvestmentTemplateSchema>;
export type InvestmentTemplateInput = z.input<typeof InvestmentTemplateSchema>;
