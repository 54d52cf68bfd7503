import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import {
  PREVIEW_GRID_ROWS,
  PREVIEW_MAX_BYTES,
  PREVIEW_RESULT_ROWS,
  TEMPLATE_MSG,
  type TemplatePreview,
  type TemplatePreviewBodySchema,
} from '@tideline/contracts';
import type { ExtractionError } from '@tideline/ingest/core/extraction-error';
import type { Grid } from '@tideline/ingest/core/grid';
import type { Limits } from '@tideline/ingest/core/limits';
import { extractFile } from '@tideline/ingest/extract-file';
import { detectFormat } from '@tideline/ingest/formats/detect-format';
import { isGridFormat, readGrid } from '@tideline/ingest/read-grid';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error';

type PreviewBody = z.output<typeof TemplatePreviewBodySchema>;

// A preview reads a small sample in the request: tighter limits than an extraction job's.
const PREVIEW_LIMITS: Partial<Limits> = {
  maxFileBytes: PREVIEW_MAX_BYTES,
  maxRows: 200_000,
  maxPdfPages: 50,
  maxPdfMillis: 20_000,
};

/** The first rows of each sheet with 0-based row numbers, as the template dialog numbers them. */
function previewSheets(grid: Grid): TemplatePreview['sheets'] {
  return grid.sheets.map((sheet) => ({
    name: sheet.name,
    columnCount: sheet.rows.reduce((max, r) => Math.max(max, r.cells.length), 0),
    totalRows: sheet.rows.length,
    rows: sheet.rows.slice(0, PREVIEW_GRID_ROWS).map((r) => ({ rowIndex: r.rowNumber - 1, cells: r.cells })),
  }));
}

function describeError(error: ExtractionError): NonNullable<TemplatePreview['error']> {
  return {
    kind: error.kind,
    message: error.message,
    rowErrors:
      error.kind === 'rows-unreadable'
        ? error.rowErrors.map((e) => ({
            rowIndex: e.rowNumber - 1,
            column: e.column,
            field: e.field ?? null,
            raw: e.raw,
            reason: e.reason,
          }))
        : [],
    headerRowIndex: error.kind === 'no-template-matched' ? error.headerRowIndex : null,
    headerRow: error.kind === 'no-template-matched' ? error.headerRow : null,
    firstCell: error.kind === 'no-template-matched' ? error.firstCell : null,
    issues: error.kind === 'invalid-template' ? error.issues : [],
  };
}

/**
 * POST /api/templates/preview (ours, issue 4 point 4): what the template being edited would make of a
 * sample file, with packages/ingest doing exactly what the extraction job will do. Nothing is stored.
 */
export async function previewTemplate(body: PreviewBody): Promise<TemplatePreview> {
  const bytes = Buffer.from(body.file.contentBase64, 'base64');
  if (bytes.byteLength > PREVIEW_MAX_BYTES) throw new AppError(413, TEMPLATE_MSG.fileTooLarge);
  const fileName = body.file.fileName;
  const empty = { sheets: [], matched: false, rows: [], rowCount: 0 };

  const detected = detectFormat(bytes, fileName);
  if (!detected.ok) return { format: 'unknown', ...empty, error: describeError(detected.error) };
  const format = detected.value;

  let sheets: TemplatePreview['sheets'] = [];
  if (isGridFormat(format)) {
    const grid = await readGrid(bytes, format, { limits: PREVIEW_LIMITS });
    if (!grid.ok) return { format, ...empty, error: describeError(grid.error) };
    sheets = previewSheets(grid.value);
  }

  // Without a template (the form is not complete yet) a grid file answers its grid and what the reader
  // detected (first cell, header row) to fill the form from; bank formats need no template.
  const templates = body.template
    ? [
        {
          type: body.template.type,
          templateType: body.template.templateType,
          ...(body.template.headerRow ? { headerRow: body.template.headerRow } : {}),
          jsonTransform: body.template.jsonTransform,
        } as ImportTemplate,
      ]
    : [];
  const result = await extractFile(bytes, { fileName, templates, limits: PREVIEW_LIMITS });
  if (!result.ok) {
    const matched = result.error.kind !== 'no-template-matched' && result.error.kind !== 'empty-file';
    return { format, sheets, matched, rows: [], rowCount: 0, error: describeError(result.error) };
  }
  const extraction = result.value;
  if (extraction.kind === 'treasury') {
    // camt.086 is read natively; a Treasury template only names the account group it fills.
    return { format, sheets, matched: true, rows: [], rowCount: extraction.statements.length, error: null };
  }
  const rows = extraction.rows as unknown as Record<string, unknown>[];
  return {
    format,
    sheets,
    // Bank formats (BAI2, camt, OFX, MT940) are read without a template.
    matched: extraction.kind !== 'statements',
    rows: rows.slice(0, PREVIEW_RESULT_ROWS),
    rowCount: rows.length,
    error: null,
  };
}
