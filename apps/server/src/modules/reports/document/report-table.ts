import { note } from '../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../platform/pdf/pdf-types';
import { fitColumns, type LayoutColumn } from './report-layout';

// Every table of the Liquidity Analysis: columns sized to their cells within the page (report-layout),
// figures on one line, the header repeated on each page and kept with at least two rows, no row split
// across pages. A table without rows says so in one line instead of printing a bare header.

export type ReportCell = string | number | null | undefined;
export type ReportColumn = LayoutColumn;

export const NO_ROWS = 'None in the period.';

const show = (cell: ReportCell) => (cell === null || cell === undefined || cell === '' ? '—' : String(cell));

export function reportTable(
  columns: readonly ReportColumn[],
  rows: readonly (readonly ReportCell[])[],
  options: { emptyText?: string } = {},
): Content {
  if (rows.length === 0) return note(options.emptyText ?? NO_ROWS);
  const cells = rows.map((row) => columns.map((_, i) => show(row[i])));
  const { widths, fontSize } = fitColumns(columns, cells);
  const header: Content[] = columns.map((column) => ({
    text: column.title,
    style: 'tableHeader',
    fontSize,
    alignment: column.isNumeric ? 'right' : 'left',
  }));
  const body: Content[][] = cells.map((row) =>
    columns.map((column, i) =>
      column.isNumeric
        ? { text: row[i]!, alignment: 'right', noWrap: true, fontSize }
        : { text: row[i]!, alignment: 'left', fontSize },
    ),
  );
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: Math.min(2, rows.length),
      dontBreakRows: true,
      widths,
      body: [header, ...body],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}
