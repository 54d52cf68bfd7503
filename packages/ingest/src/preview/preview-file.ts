import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import {
  PREVIEW_GRID_ROWS,
  PREVIEW_RESULT_ROWS,
  type TemplatePreview,
} from '@tideline/contracts/templates/templates.schemas';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Grid } from '../core/grid.js';
import type { Limits } from '../core/limits.js';
import { extractFile } from '../extract-file.js';
import { detectFormat } from '../formats/detect-format.js';
import { isGridFormat, readGrid } from '../read-grid.js';

export interface PreviewInput {
  bytes: Uint8Array;
  fileName: string;
  /** The template being edited; none while the form is incomplete. */
  template: ImportTemplate | null;
  limits: Partial<Limits>;
}

// The dialog shows a cell on one line: a longer text is cut so one odd cell cannot bloat the answer.
const PREVIEW_CELL_CHARS = 1_000;
const cutCell = (cell: string) =>
  cell.length > PREVIEW_CELL_CHARS ? `${cell.slice(0, PREVIEW_CELL_CHARS)}…` : cell;

/** The first rows of each sheet with 0-based row numbers, as the template dialog numbers them. */
function previewSheets(grid: Grid): TemplatePreview['sheets'] {
  return grid.sheets.map((sheet) => ({
    name: sheet.name,
    columnCount: sheet.rows.reduce((max, r) => Math.max(max, r.cells.length), 0),
    totalRows: sheet.rows.length,
    rows: sheet.rows
      .slice(0, PREVIEW_GRID_ROWS)
      .map((r) => ({ rowIndex: r.rowNumber - 1, cells: r.cells.map(cutCell) })),
  }));
}

export function describePreviewError(error: ExtractionError): NonNullable<TemplatePreview['error']> {
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
 * What a template would make of a sample file (POST /api/templates/preview), doing exactly what the
 * extraction job will do. Runs inside the ingest worker (run-in-worker.ts): never on the API's thread.
 */
export async function previewFile(input: PreviewInput): Promise<TemplatePreview> {
  const { bytes, fileName, limits } = input;
  const empty = { sheets: [], matched: false, rows: [], rowCount: 0 };
  const detected = detectFormat(bytes, fileName);
  if (!detected.ok) return { format: 'unknown', ...empty, error: describePreviewError(detected.error) };
  const format = detected.value;

  let sheets: TemplatePreview['sheets'] = [];
  if (isGridFormat(format)) {
    const grid = await readGrid(bytes, format, { limits });
    if (!grid.ok) return { format, ...empty, error: describePreviewError(grid.error) };
    sheets = previewSheets(grid.value);
  }

  // Without a template (the form is not complete yet) a grid file answers its grid and what the reader
  // detected (first cell, header row) to fill the form from; bank formats need no template.
  const templates = input.template ? [input.template] : [];
  const result = await extractFile(bytes, { fileName, templates, limits });
  if (!result.ok) {
    const matched = result.error.kind !== 'no-template-matched' && result.error.kind !== 'empty-file';
    return { format, sheets, matched, rows: [], rowCount: 0, error: describePreviewError(result.error) };
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
