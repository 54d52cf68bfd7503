/** One row of cell strings; rowNumber is 1-based as in the saved .xlsx. */
export interface GridRow {
  rowNumber: number;
  cells: string[];
  /** PDF rows only: where the text line sat, for the template's table rules (pdf-table-lines.ts). */
  line?: PdfLine;
}

/** A PDF text line's place on its page, in PDF user space (y grows upwards). */
export interface PdfLine {
  /** 1-based page number. */
  page: number;
  /** Baseline of the line. */
  y: number;
  /** Tallest text on the line. */
  height: number;
  /** A phrase crosses a column boundary (or lies between columns): a title or running header. */
  isOutsideColumns: boolean;
}

export interface GridSheet {
  name: string;
  rows: GridRow[];
}

/** How the grid was read: the layout fingerprint and the Extraction file are built from it. */
export interface GridSource {
  format: 'csv' | 'xlsx' | 'xls' | 'pdf' | 'json';
  encoding?: string;
  delimiter?: string;
}

/** The canonical grid every non-native reader produces; XLSX/XLS keep every sheet in order. */
export interface Grid {
  sheets: GridSheet[];
  source: GridSource;
}

export function createGrid(rows: string[][], source: GridSource, name = 'Sheet1'): Grid {
  return { sheets: [{ name, rows: rows.map((cells, i) => ({ rowNumber: i + 1, cells })) }], source };
}

export function isBlankRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}
