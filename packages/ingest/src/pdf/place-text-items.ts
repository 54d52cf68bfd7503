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
      height: line.reduce((tallest, i) => Math.max(tallest, i.height), 0),
      phrases: mergeIntoPhrases(line),
    })),
  );
  const columns = findColumns(lines.filter((line) => line.phrases.length > 1));
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
  // glyph widths); a line with a phrase across a column boundary is not laid out as the table.
  const isWithinOneColumn = (phrase: Phrase) =>
    columns.some((c) => phrase.x0 >= c.x0 - 1 && phrase.x1 <= c.x1 + 1);
  return lines.map((line) => {
    const cells: string[] = [];
    for (const phrase of line.phrases) {
      const c = columnOf(phrase);
      while (cells.length <= c) cells.push('');
      cells[c] = cells[c] ? `${cells[c]} ${phrase.text.trim()}` : phrase.text.trim();
    }
    return placed(line, cells, !line.phrases.every(isWithinOneColumn));
  });
}

/** Fewer lines than this share of the thinner side may cross a column boundary (page furniture). */
const MAX_CROSSING_SHARE = 0.25;

/**
 * Columns are the x ranges the phrases of multi-phrase lines cover. A few lines that are not
 * table rows (a running header split by wide spaces) may bridge two columns; where a range has a
 * valley crossed by at most a quarter as many lines as fill the thinner side, it is split there.
 */
function findColumns(tableLines: Line[]): { x0: number; x1: number }[] {
  const phrases = tableLines.flatMap((l) => l.phrases).sort((a, b) => a.x0 - b.x0);
  const merged: { x0: number; x1: number }[] = [];
  for (const phrase of phrases) {
    const last = merged[merged.length - 1];
    if (last && phrase.x0 <= last.x1) last.x1 = Math.max(last.x1, phrase.x1);
    else merged.push({ x0: phrase.x0, x1: phrase.x1 });
  }
  if (merged.length === 0) return [];
  // Lines covering each whole point of x, through a difference array.
  const origin = Math.floor(merged[0]?.x0 ?? 0);
  const right = merged.reduce((max, c) => Math.max(max, c.x1), -Infinity);
  const width = Math.min(20_000, Math.ceil(right) - origin + 2);
  const coverage = new Int32Array(width + 1);
  for (const phrase of phrases) {
    const from = Math.max(0, Math.min(width, Math.floor(phrase.x0) - origin));
    const to = Math.max(0, Math.min(width, Math.ceil(phrase.x1) - origin));
    coverage[from] = (coverage[from] ?? 0) + 1;
    coverage[to] = (coverage[to] ?? 0) - 1;
  }
  for (let x = 1; x <= width; x++) coverage[x] = (coverage[x] ?? 0) + (coverage[x - 1] ?? 0);
  const at = (x: number) => coverage[Math.max(0, Math.min(width, Math.floor(x) - origin))] ?? 0;

  /**
   * The valley where a range splits into two columns, or undefined when it is one column. The valley
   * is the point crossed by the smallest share of the lines on its thinner side, not merely by the
   * fewest lines: where a column's longest texts taper off at its right end, a handful of lines cover
   * a point there, and that tail must not hide the real gap between two full columns (a statement of
   * three pages has six furniture lines across its date and description columns, and only five
   * descriptions reached the end of theirs).
   */
  const findSplit = (range: { x0: number; x1: number }) => {
    const from = Math.ceil(range.x0);
    const to = Math.floor(range.x1);
    if (to - from < 2) return undefined;
    // The most lines covering any point left of x (from `from`), and right of x (up to `to`).
    const leftMax = new Int32Array(to - from + 1);
    const rightMax = new Int32Array(to - from + 1);
    for (let x = from + 1; x <= to; x++) leftMax[x - from] = Math.max(leftMax[x - from - 1]!, at(x - 1));
    for (let x = to - 1; x >= from; x--) rightMax[x - from] = Math.max(rightMax[x - from + 1]!, at(x + 1));
    let valley = -1;
    let bestShare = Infinity;
    for (let x = from + 1; x < to; x++) {
      const thinner = Math.min(leftMax[x - from]!, rightMax[x - from]!);
      const share = thinner === 0 ? Infinity : at(x) / thinner;
      if (share < bestShare) {
        valley = x;
        bestShare = share;
      }
    }
    if (valley === -1 || bestShare > MAX_CROSSING_SHARE) return undefined;
    const level = MAX_CROSSING_SHARE * Math.min(leftMax[valley - from]!, rightMax[valley - from]!);
    let start = valley;
    let end = valley;
    while (start - 1 > from && at(start - 1) <= level) start--;
    while (end + 1 < to && at(end + 1) <= level) end++;
    return { left: { x0: range.x0, x1: start - 1 }, right: { x0: end + 1, x1: range.x1 } };
  };
  // Split with a stack, left part first, not by recursion: a wide page may split thousands of times.
  const columns: { x0: number; x1: number }[] = [];
  const stack = merged.slice().reverse();
  for (let range = stack.pop(); range; range = stack.pop()) {
    const parts = findSplit(range);
    if (!parts) columns.push(range);
    else stack.push(parts.right, parts.left);
  }
  return columns;
}
