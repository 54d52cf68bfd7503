import { z } from 'zod';
import { InvestmentTemplateSchema } from './investment-template.js';
import { TransactionTemplateSchema } from './transaction-template.js';
import { TreasuryTemplateSchema } from './treasury-template.js';

export const TemplateMatchTypeSchema = z.enum(['Header', 'Cell']);
export type TemplateMatchType = z.infer<typeof TemplateMatchTypeSchema>;

const base = {
  templateId: z.number().int().optional(),
  bankClientRelId: z.number().int().optional(),
  templateType: TemplateMatchTypeSchema,
  /** Header templates: the header row text (cells joined by commas) saved from the extraction file. */
  headerRow: z.string().optional(),
};

/** An import template as stored: one object in jsonTransform, typed by `type` (spec 3). */
export const ImportTemplateSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('Transaction'), jsonTransform: z.tuple([TransactionTemplateSchema]) }),
  z.object({ ...base, type: z.literal('Investment'), jsonTransform: z.tuple([InvestmentTemplateSchema]) }),
  z.object({ ...base, type: z.literal('Treasury'), jsonTransform: z.tuple([TreasuryTemplateSchema]) }),
]);

export type ImportTemplate = z.infer<typeof ImportTemplateSchema>;
export type ImportTemplateInput = z.input<typeof ImportTemplateSchema>;
