import { z } from 'zod';
import { MSG } from '../common/messages';
import { TemplateMatchTypeSchema } from './import-template';
import { InvestmentTemplateSchema } from './investment-template';
import { TransactionTemplateSchema } from './transaction-template';
import { TreasuryTemplateSchema } from './treasury-template';

// clients-accounts-investments-reports.md 8 "Templates", plus our success and lookup texts.
export const TEMPLATE_MSG = {
  editFailed: 'Failed to edit template.',
  loadFailed: 'Failed to load template.',
  deleteFailed: 'Failed to delete template.',
  saved: 'Template saved successfully.',
  deleted: 'Template deleted successfully.',
  notFound: 'Template not found.',
  relationshipNotFound: 'Bank relationship not found.',
  fileTooLarge: 'The sample file is too large for a preview (at most 5 MB).',
  fileNotBase64: 'The sample file must be sent as base64.',
  previewFailed: 'The sample file cannot be previewed.',
  previewSource: 'Send either a sample file or the fileAuditId of an uploaded file.',
  previewFileTooLarge: 'The uploaded file is too large for a preview (at most 5 MB).',
} as const;

export const TEMPLATE_TYPES = ['Transaction', 'Investment', 'Treasury'] as const;
export const TemplateTypeSchema = z.enum(TEMPLATE_TYPES);
export type TemplateType = z.infer<typeof TemplateTypeSchema>;

/** A sample file for the preview is small: the whole file travels in the JSON body. */
export const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

const templateFields = {
  /** Header (matched by the header row at headerStart) or Cell (by the first non-empty cell). */
  templateType: TemplateMatchTypeSchema.default('Cell'),
  /** Header templates: the header row text (cells joined by commas) the file must carry. */
  headerRow: z.string().trim().max(5000).nullable().optional(),
};

/** The template as the dialogs and the preview send it, typed by `type` (spec 3). */
function templateUnion<Extra extends z.ZodRawShape>(extra: Extra) {
  return z
    .discriminatedUnion('type', [
      z.object({
        ...templateFields,
        ...extra,
        type: z.literal('Transaction'),
        jsonTransform: z.tuple([TransactionTemplateSchema]),
      }),
      z.object({
        ...templateFields,
        ...extra,
        type: z.literal('Investment'),
        jsonTransform: z.tuple([InvestmentTemplateSchema]),
      }),
      z.object({
        ...templateFields,
        ...extra,
        type: z.literal('Treasury'),
        jsonTransform: z.tuple([TreasuryTemplateSchema]),
      }),
    ])
    .superRefine((value, ctx) => {
      const t = value as { templateType: string; headerRow?: string | null };
      if (t.templateType === 'Header' && !t.headerRow)
        ctx.addIssue({ code: 'custom', path: ['headerRow'], message: MSG.required });
    });
}

/**
 * POST /api/templates/manage {template}: creates, or updates when templateId is given (spec 7). The
 * jsonTransform object is validated with the dialog's rules and messages (spec 5).
 */
export const ManageTemplateInputSchema = templateUnion({
  templateId: z.number().int().positive().optional(),
  bankClientRelId: z.number({ error: MSG.required }).int().positive(MSG.required),
});
export type ManageTemplateInput = z.input<typeof ManageTemplateInputSchema>;
export type ManageTemplateInputParsed = z.output<typeof ManageTemplateInputSchema>;
export const ManageTemplateBodySchema = z.object({ template: ManageTemplateInputSchema });

/** Spec 3 "Import template" as read (GET /all/{type}/{bankClientRelId}, GET /{id}). */
export const StoredTemplateSchema = z.object({
  templateId: z.number().int(),
  bankClientRelId: z.number().int(),
  clientId: z.number().int(),
  type: TemplateTypeSchema,
  templateType: TemplateMatchTypeSchema,
  headerRow: z.string().nullable(),
  jsonTransform: z.array(z.record(z.string(), z.unknown())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredTemplate = z.infer<typeof StoredTemplateSchema>;

/** GET /api/templates/transaction: Global Settings tab 5 'Templates' (platform.md 2.12). */
export const TemplateListRowSchema = StoredTemplateSchema.extend({
  /** The header row of a Header template, the first cell of a Cell template; '' when none. */
  headerRowOrFirstCell: z.string(),
  clientName: z.string(),
  bankName: z.string(),
});
export type TemplateListRow = z.infer<typeof TemplateListRowSchema>;

export const TemplateIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const TemplatesOfRelParamsSchema = z.object({
  type: TemplateTypeSchema,
  bankClientRelId: z.coerce.number().int().positive(),
});
export const TemplateResultSchema = z.object({ msg: z.string(), template: StoredTemplateSchema });

/**
 * POST /api/templates/preview (ours): a sample file and a template (not saved) give the grid with
 * 0-based row and column numbers and the rows the template would produce, or why it cannot. The sample
 * is either sent (`file`, base64) or a stored batch file (`fileAuditId`: Create Header Row / First
 * Cell Template from the Extraction Progress dialog, read on the server); exactly one of the two.
 */
export const TemplatePreviewBodySchema = z
  .object({
    file: z
      .object({
        fileName: z.string().trim().min(1, MSG.required).max(255),
        contentBase64: z
          .string()
          .max(Math.ceil((PREVIEW_MAX_BYTES * 4) / 3) + 4, TEMPLATE_MSG.fileTooLarge)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, TEMPLATE_MSG.fileNotBase64),
      })
      .optional(),
    fileAuditId: z.number().int().positive().optional(),
    /** null while the form is incomplete: the answer is then the file's grid alone. */
    template: templateUnion({}).nullable(),
  })
  .superRefine((body, ctx) => {
    if ((body.file === undefined) === (body.fileAuditId === undefined))
      ctx.addIssue({ code: 'custom', path: ['file'], message: TEMPLATE_MSG.previewSource });
  });
export type TemplatePreviewBody = z.input<typeof TemplatePreviewBodySchema>;

export const PreviewGridSheetSchema = z.object({
  name: z.string(),
  /** The widest row's cell count: columns are numbered 0..columnCount-1. */
  columnCount: z.number().int(),
  /** Rows in the file (the preview shows the first PREVIEW_GRID_ROWS). */
  totalRows: z.number().int(),
  rows: z.array(z.object({ rowIndex: z.number().int(), cells: z.array(z.string()) })),
});

export const PreviewErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  /** Unreadable rows: 0-based row and column, the template field and why. */
  rowErrors: z
    .array(
      z.object({
        rowIndex: z.number().int(),
        column: z.number().int().nullable(),
        field: z.string().nullable(),
        raw: z.string(),
        reason: z.string(),
      }),
    )
    .default([]),
  /** No template matched: what a Header Row or First Cell template would start from. */
  headerRowIndex: z.number().int().nullable().default(null),
  headerRow: z.string().nullable().default(null),
  firstCell: z.string().nullable().default(null),
  /** The template itself is invalid: the dialog's messages by field. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).default([]),
});

export const TemplatePreviewSchema = z.object({
  format: z.string(),
  sheets: z.array(PreviewGridSheetSchema),
  matched: z.boolean(),
  /** The first PREVIEW_RESULT_ROWS rows the template produced (transactions or investments). */
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int(),
  error: PreviewErrorSchema.nullable(),
});
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;

export const PREVIEW_GRID_ROWS = 50;
export const PREVIEW_RESULT_ROWS = 100;
