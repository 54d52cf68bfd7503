import { z } from 'zod';
import { MSG } from '../common/messages';
import { ACCOUNT_CATEGORIES, ACCOUNT_TYPES } from './account-lists';

/**
 * The bulk account upload template ('Download Template'): one header row with these columns, in any
 * order, then one account per row. Account Name and Account Number are required; the rest may be
 * blank (the staging account is completed in the Edit Account dialog) but must be valid when given.
 */
export const ACCOUNT_UPLOAD_COLUMNS = [
  'Account Name',
  'Account Number',
  'Account Alias',
  'Account Type',
  'Account Category',
  'Bank Name',
  'Start Balance',
  'Balance Date',
] as const;
export type AccountUploadColumn = (typeof ACCOUNT_UPLOAD_COLUMNS)[number];

/** The template's file name and an example row showing each column's format. */
export const ACCOUNT_UPLOAD_TEMPLATE_FILE_NAME = 'account-upload-template.csv';
export const ACCOUNT_UPLOAD_EXAMPLE_ROW: Record<AccountUploadColumn, string> = {
  'Account Name': 'General Operating',
  'Account Number': '123456789',
  'Account Alias': 'Operating',
  'Account Type': ACCOUNT_TYPES[0],
  'Account Category': ACCOUNT_CATEGORIES[0],
  'Bank Name': 'First National Bank',
  'Start Balance': '1250000.00',
  'Balance Date': '01/31/2026',
};

/** Spec 5: the accounts upload accepts only csv. */
export const ACCOUNT_UPLOAD_EXTENSIONS = ['csv'] as const;
export function isAcceptedAccountUpload(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.csv');
}

/** POST /api/accounts/upload: {fileUpload:{clientId, successfulFileList}} with ids from the files flow. */
export const AccountUploadBodySchema = z.object({
  fileUpload: z.object({
    clientId: z.number({ error: MSG.required }).int().positive(MSG.required),
    successfulFileList: z.array(z.number().int().positive()).min(1, MSG.required).max(50),
  }),
});

/** One extraction job per file; poll GET /api/jobs/{jobId} for progress and the outcome message. */
export const AccountUploadResultSchema = z.object({
  msg: z.string(),
  jobs: z.array(z.object({ fileId: z.number().int(), fileName: z.string(), jobId: z.string() })),
});
export type AccountUploadResult = z.infer<typeof AccountUploadResultSchema>;

/** What a finished extraction job answers in its result. */
export const AccountExtractionResultSchema = z.object({
  fileId: z.number().int(),
  createdCount: z.number().int(),
  accountIds: z.array(z.number().int()),
  /** True when an earlier attempt already extracted this file (nothing new was created). */
  isAlreadyExtracted: z.boolean(),
});
export type AccountExtractionResult = z.infer<typeof AccountExtractionResultSchema>;
