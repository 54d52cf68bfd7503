import { z } from 'zod';

// Statement and report files users upload (ingestion.md); the type is checked again by content. The
// bank formats come under their banks' many names (issue 39 point 5): BAI2 as .bai, .bai2 or .dat, camt
// as .xml or .053, OFX as .ofx, .qfx or .qbo, MT940 as .sta, .940 or .mt940; every one is read by
// what it holds, never by its name.
export const UPLOAD_EXTENSIONS = [
  'csv',
  'txt',
  'xlsx',
  'xls',
  'pdf',
  'json',
  'xml',
  '053',
  'bai',
  'bai2',
  'dat',
  'ofx',
  'qfx',
  'qbo',
  'sta',
  '940',
  'mt940',
] as const;

/** A MIME type as RFC 6838 names it: type/subtype tokens only (no parameters, spaces or line breaks). */
export const MIME_TYPE_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$/;

export const FILE_MSG = {
  notFound: 'File not found.',
  contentTypeInvalid: 'The content type is not valid.',
  formInvalid: 'The upload form is not valid.',
  uploadLinkInvalid: 'The upload link is invalid or has expired.',
  uploadFormUsed: 'This upload form has already been used.',
  downloadLinkInvalid: 'The download link is invalid or has expired.',
  tooLarge: 'The file is larger than the upload limit.',
  noFile: 'No file was sent.',
  notUploaded: 'The file has not been uploaded yet.',
} as const;

export const UploadRequestSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'Required!')
    .max(255, 'The file name is too long.')
    .refine((n) => UPLOAD_EXTENSIONS.includes(n.split('.').pop()?.toLowerCase() as never), {
      message: `Only these file types can be uploaded: ${UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`,
    }),
  contentType: z
    .string()
    .regex(MIME_TYPE_PATTERN, FILE_MSG.contentTypeInvalid)
    .default('application/octet-stream'),
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

// Embedded mode's signed download link; the storage checks each value's characters and the signature.
export const LocalDownloadQuerySchema = z.object({
  key: z.string().max(300),
  expires: z.string().max(20),
  fileName: z.string().max(2000),
  signature: z.string().max(100),
});
