import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import type { Grid, GridSheet } from '../core/grid.js';
import { guardCall } from '../core/guard-reader.js';
import { fail, ok, type Result } from '../core/result.js';
import { detectHeaderRow, findFirstNonEmptyCell } from './detect-header-row.js';
import { joinHeaderCells, normalizeCellText, normalizeHeaderText } from './normalize-header.js';

export interface TemplateMatch<T extends ImportTemplate = ImportTemplate> {
  template: T;
  /** Sheets the template applies to, in order (XLSX/XLS files may carry several). */
  sheetIndexes: number[];
}

function readHeaderStart(template: ImportTemplate): number {
  if (template.type === 'Treasury') return 0;
  const value = Number(template.jsonTransform[0].headerStart ?? '0');
  return Number.isInteger(value) ? value : 0;
}

function readCellHeaderData(template: ImportTemplate): string | undefined {
  return template.type === 'Treasury' ? undefined : template.jsonTransform[0].cellHeaderData;
}

/** Whether one sheet matches: by the header row at headerStart, or by its first non-empty cell. */
export function doesTemplateMatchSheet(template: ImportTemplate, sheet: GridSheet): boolean {
  if (template.templateType === 'Header') {
    const headerStart = readHeaderStart(template);
    const row = headerStart >= 0 ? sheet.rows[headerStart] : undefined;
    if (!row || template.headerRow === undefined) return false;
    return normalizeHeaderText(joinHeaderCells(row.cells)) === normalizeHeaderText(template.headerRow);
  }
  const expected = readCellHeaderData(template);
  return (
    expected !== undefined &&
    normalizeCellText(findFirstNonEmptyCell(sheet.rows)) === normalizeCellText(expected)
  );
}

/**
 * Finds the first template that matches a sheet of the grid (ingestion.md step 3). No match is a
 * typed error carrying the detected header row and first cell, so a template can start from them.
 */
export function matchTemplate<T extends ImportTemplate>(
  grid: Grid,
  templates: readonly T[],
): Result<TemplateMatch<T>> {
  return guardCall('Matching the templates', () => findMatch(grid, templates));
}

function findMatch<T extends ImportTemplate>(grid: Grid, templates: readonly T[]): Result<TemplateMatch<T>> {
  for (const template of templates) {
    const sheetIndexes = grid.sheets.flatMap((sheet, i) =>
      doesTemplateMatchSheet(template, sheet) ? [i] : [],
    );
    if (sheetIndexes.length > 0) return ok({ template, sheetIndexes });
  }
  const sheet = grid.sheets.find((s) => s.rows.some((r) => r.cells.some((c) => c.trim() !== '')));
  if (!sheet) return fail({ kind: 'empty-file', message: 'The file has no data.' });
  const headerRowIndex = detectHeaderRow(sheet.rows);
  const headerRow = headerRowIndex >= 0 ? joinHeaderCells(sheet.rows[headerRowIndex]?.cells ?? []) : '';
  const firstCell = findFirstNonEmptyCell(sheet.rows);
  return fail({
    kind: 'no-template-matched',
    message:
      templates.length === 0
        ? 'No template exists for this bank relationship and type.'
        : 'No template matched this file. Create a Header Row Template or a First Cell Template from it.',
    headerRowIndex,
    headerRow,
    firstCell,
  });
}
