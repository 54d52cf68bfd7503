import { z } from 'zod';

// Statement and report files users upload (ingestion.md); the type is checked again by content.
export const UPLOAD_EXTENSIONS = [
  'csv',
  'txt',
  'xlsx',
  'xls',
  'pdf',
  'json',
  'xml',
  'bai',
  'bai2',
  'ofx',
  'qfx',
  'sta',
  'mt940',
] as const;

export const UploadRequestSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'Required!')
    .max(255, 'The file name is too long.')
    .refine((n) => UPLOAD_EXTENSIONS.includes(n.split('.').pop()?.toLowerCase() as never), {
      message: `Only these file types can be uploaded: ${UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`,
    }),
  contentType: z.string().trim().min(1).max(200).default('application/octet-stream'),
  sizeBytes: z.number().int().positive('The file is empty.'),
  clientId: z.number().int().positive().nullable().default(null),
});
export type UploadRequest = z.infer<typeof UploadRequestSchema>;

export const SignedUploadSchema = z.object({
  fileId: z.number().int(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type SignedUploadAnswer = z.infer<typeof SignedUploadSchema>;

export const FileIdParamsSchema = z.object({ fileId: z.coerce.number().int().positive() });

export const StoredFileSchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  status: z.enum(['pending', 'stored', 'rejected']),
  contentType: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  rejectReason: z.string().nullable(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const DownloadUrlSchema = z.object({ url: z.string() });
