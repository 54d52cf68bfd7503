import { z } from 'zod';
import { DIGITS, SIGNED_DIGITS, columnText, isFilled } from './template-fields.js';

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

/** The jsonTransform object of an Investment template (spec 3 and 5); headerStart -1 means no header row. */
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
