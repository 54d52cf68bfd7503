import type { PdfLine } from '../core/grid.js';

/** A run of text from the PDF text layer, in PDF user space (y grows upwards). */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Phrase {
  text: string;
  x0: number;
  x1: number;
}

interface Line {
  page: number;
  y: number;
  height: number;
  phrases: Phrase[];
}

/** A placed line: its cells and where it sat on its page. */
export interface PlacedLine extends PdfLine {
  cells: string[];
}

/** Items on one baseline (within a fraction of the text height) form a row, top to bottom. */
function groupIntoLines(items: TextItem[]): TextItem[][] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; items: TextItem[] }[] = [];
  for (const item of sorted) {
    const tolerance = Math.max(2, item.height * 0.35);
    // Sorted by y, so only the last line can be within the tolerance.
    const line = lines[lines.length - 1];
    if (line && Math.abs(line.y - item.y) <= tolerance) line.items.push(item);
    else lines.push({ y: item.y, items: [item] });
  }
  return lines.map((l) => l.items.sort((a, b) => a.x - b.x));
}

/** Neighbouring items closer than about a space width are one phrase ("Wire", "transfer"). */
function mergeIntoPhrases(line: TextItem[]): Phrase[] {
  const phrases: Phrase[] = [];
  for (const item of line) {
    const last = phrases[phrases.length - 1];
    const gap = last ? item.x - last.x1 : Infinity;
    if (last && gap < Math.max(1.5, item.height * 0.45)) {
      last.text += gap > item.height * 0.1 ? ` ${item.text}` : item.text;
      last.x1 = item.x + item.width;
    } else {
      phrases.push({ text: item.text, x0: item.x, x1: item.x + item.width });
    }
  }
  return phrases;
}

/**
 * Places the text of one document into rows and columns by position (issue 7 point 1): a column
 * boundary is an x range that no multi-phrase row covers with text, so titles and single-phrase
 * lines do not merge columns, and right-aligned amounts stay in one column. A single-phrase line
 * that covers more than one column (a title, a running header) is marked outside the columns.
 */
export function placeTextItems(pages: TextItem[][]): PlacedLine[] {
  const lines: Line[] = pages.flatMap((items, index) =>
    groupIntoLines(items.filter((i) => i.text.trim() !== '')).map((line) => ({
      page: index + 1,
      y: line[0]?.y ?? 0,
      height: Math.max(...line.map((i) => i.height)),
      phrases: mergeIntoPhrases(line),
    })),
  );
  const tableLines = lines.filter((line) => line.phrases.length > 1);
  const columns: { x0: number; x1: number }[] = [];
  for (const phrase of tableLines.flatMap((l) => l.phrases).sort((a, b) => a.x0 - b.x0)) {
    const last = columns[columns.length - 1];
    if (last && phrase.x0 <= last.x1) last.x1 = Math.max(last.x1, phrase.x1);
    else columns.push({ x0: phrase.x0, x1: phrase.x1 });
  }
  const placed = (line: Line, cells: string[], isOutsideColumns: boolean): PlacedLine => ({
    cells,
    page: line.page,
    y: line.y,
    height: line.height,
    isOutsideColumns,
  });
  if (columns.length === 0) {
    return lines.map((line) => placed(line, [line.phrases.map((p) => p.text.trim()).join(' ')], false));
  }

  const columnOf = (phrase: Phrase) => {
    // Where a phrase starts decides first (a wide title starts in the first column)...
    const starting = columns.findIndex((c) => phrase.x0 >= c.x0 && phrase.x0 <= c.x1);
    if (starting >= 0) return starting;
    // ...else the column nearest its middle.
    const middle = (phrase.x0 + phrase.x1) / 2;
    let best = 0;
    let bestDistance = Infinity;
    columns.forEach((c, i) => {
      const distance = middle < c.x0 ? c.x0 - middle : middle > c.x1 ? middle - c.x1 : 0;
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    return best;
  };
  // A phrase sits in the columns when it lies within one column's x range (a point of slack for
  // glyph widths); phrases of multi-phrase lines always do, since they made the columns.
  const isWithinOneColumn = (phrase: Phrase) =>
    columns.some((c) => phrase.x0 >= c.x0 - 1 && phrase.x1 <= c.x1 + 1);
  return lines.map((line) => {
    const cells: string[] = [];
    for (const phrase of line.phrases) {
      const c = columnOf(phrase);
      while (cells.length <= c) cells.push('');
      cells[c] = cells[c] ? `${cells[c]} ${phrase.text.trim()}` : phrase.text.trim();
    }
    const only = line.phrases.length === 1 ? line.phrases[0] : undefined;
    return placed(line, cells, only !== undefined && !isWithinOneColumn(only));
  });
}
