/** One row of cell strings; rowNumber is 1-based as in the saved .xlsx. */
export interface GridRow {
  rowNumber: number;
  cells: string[];
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
