import { z } from 'zod';
import {
  StagingTransactionBulkEditBodySchema,
  type StagingTransactionBulkEditBody,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';

const { date, year } = StagingTransactionBulkEditBodySchema.shape;

/**
 * Spec 5 "Bulk edit staging transactions": every field optional; the year is typed or chosen as text
 * and checked as a four digit number; a date of 'Invalid date' counts as no date.
 */
export const BulkEditFormSchema = StagingTransactionBulkEditBodySchema.omit({
  stagingTransactionIds: true,
}).extend({
  date: z.preprocess((v) => (v === 'Invalid date' ? '' : v), date),
  year: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), year),
});
export type BulkEditOutput = z.output<typeof BulkEditFormSchema>;

export interface BulkEditValues {
  amount: string;
  description: string;
  keyword: number | '';
  date: string;
  year: string;
}

export const EMPTY_BULK_EDIT: BulkEditValues = {
  amount: '',
  description: '',
  keyword: '',
  date: '',
  year: '',
};

/** The PUT /update body: the chosen fields, with the date sent empty when none (spec 5). */
export function bulkEditBodyOf(
  values: BulkEditOutput,
  stagingTransactionIds: number[],
): StagingTransactionBulkEditBody {
  return { ...values, stagingTransactionIds, date: values.date ?? '' };
}

/** The year list: this year and the ten before it, newest first. */
export function yearChoices(today = new Date()): string[] {
  const current = today.getFullYear();
  return Array.from({ length: 11 }, (_, i) => String(current - i));
}
