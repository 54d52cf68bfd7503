import type { Content, PdfNode } from '../../../platform/pdf/pdf-types';
import { CONTENT_WIDTH } from '../../../platform/pdf/render-pdf';
import { measureRoboto } from './roboto-widths';

// How the Liquidity Analysis fits its tables to the page (issue 42 point 5): each column as wide as
// its widest cell, figures on one line, the whole within the page's content width; a table too wide
// at the body's 9 points is set smaller before any figure would wrap.

export interface LayoutColumn {
  title: string;
  /** Figures: right-aligned and never wrapped. */
  isNumeric?: boolean;
}

/** The sizes a table is tried at, largest first. */
export const TABLE_FONT_SIZES = [9, 8, 7, 6.5] as const;
/** lightHorizontalLines' padding: 8 points each side of a column, none outside the first and last. */
export const COLUMN_GAP = 16;
/** Rounding slack per column: pdfmake's line breaking must never find a figure a hair too wide. */
const SLACK = 1.5;

export interface FittedColumns {
  widths: number[];
  fontSize: number;
  /** The table's width with its padding: at most the content width when the table fits. */
  totalWidth: number;
  /** False only when not even the smallest size holds the figures whole (the table then overflows). */
  isFitting: boolean;
}

const longestWord = (text: string, fontSize: number, isBold: boolean) =>
  Math.max(0, ...text.split(/\s+/).map((word) => measureRoboto(word, fontSize, isBold)));

interface ColumnNeed {
  /** The narrowest the column may be: its longest word, or its widest figure. */
  min: number;
  /** Its width with every cell on one line. */
  natural: number;
}

function measureColumn(column: LayoutColumn, cells: string[], fontSize: number): ColumnNeed {
  const header = {
    min: longestWord(column.title, fontSize, true),
    natural: measureRoboto(column.title, fontSize, true),
  };
  const widest = Math.max(0, ...cells.map((cell) => measureRoboto(cell, fontSize)));
  // A figure is never broken; text wraps at its spaces.
  const cellMin = column.isNumeric
    ? widest
    : Math.max(0, ...cells.map((c) => longestWord(c, fontSize, false)));
  return {
    min: Math.max(header.min, cellMin) + SLACK,
    natural: Math.max(header.natural, widest) + SLACK,
  };
}

/** Shares `extra` points among the columns in proportion to `weights` (all evenly when they are 0). */
function share(widths: number[], weights: number[], extra: number): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return widths.map((w, i) => w + (total > 0 ? (extra * weights[i]!) / total : extra / widths.length));
}

/**
 * Column widths (without padding) for the cells as they print: every column at its natural width
 * when they fit, the room left to the text columns; else text columns narrowed towards their longest
 * word; else the next smaller font size.
 */
export function fitColumns(
  columns: readonly LayoutColumn[],
  cells: readonly (readonly string[])[],
  contentWidth: number = CONTENT_WIDTH,
): FittedColumns {
  const available = contentWidth - COLUMN_GAP * Math.max(0, columns.length - 1);
  let last: FittedColumns | null = null;
  for (const fontSize of TABLE_FONT_SIZES) {
    const needs = columns.map((column, i) =>
      measureColumn(
        column,
        cells.map((row) => row[i] ?? ''),
        fontSize,
      ),
    );
    const natural = needs.map((n) => n.natural);
    const min = needs.map((n) => n.min);
    const sum = (list: number[]) => list.reduce((s, w) => s + w, 0);
    let widths: number[] | null = null;
    if (sum(natural) <= available) {
      const isText = columns.map((c) => (c.isNumeric ? 0 : 1));
      widths = share(natural, isText, available - sum(natural));
    } else if (sum(min) <= available) {
      widths = share(
        min,
        needs.map((n) => n.natural - n.min),
        available - sum(min),
      );
    }
    if (widths) {
      const rounded = widths.map((w) => Math.floor(w * 100) / 100);
      return {
        widths: rounded,
        fontSize,
        totalWidth: sum(rounded) + COLUMN_GAP * (columns.length - 1),
        isFitting: true,
      };
    }
    last = {
      widths: min,
      fontSize,
      totalWidth: sum(min) + COLUMN_GAP * (columns.length - 1),
      isFitting: false,
    };
  }
  return last!;
}

const isHeading = (node: Content): node is PdfNode =>
  typeof node === 'object' &&
  !Array.isArray(node) &&
  (node.style === 'heading' || node.style === 'subheading');
/** A line of text (an intro paragraph, a note) rather than a table, chart or block. */
const isText = (node: Content): node is PdfNode =>
  typeof node === 'object' &&
  !Array.isArray(node) &&
  node.text !== undefined &&
  node.table === undefined &&
  node.stack === undefined;

/**
 * Marks each heading, and the lines of text between it and the block it introduces, to be kept on
 * that block's page (render-pdf's keepHeadlinesWithNext): no heading ends a page alone. A text line
 * that is the last thing under its heading is the content itself and is not marked.
 */
export function keepHeadingsWithNext(content: readonly Content[]): Content[] {
  const marked = [...content];
  for (let i = 0; i < marked.length; i += 1) {
    if (!isHeading(marked[i]!)) continue;
    let end = i + 1;
    while (end < marked.length && isText(marked[end]!) && !isHeading(marked[end]!)) end += 1;
    // The run of text ends at a block (keep the run with it) or at the next heading (keep the heading only).
    const isBlockNext = end < marked.length && !isHeading(marked[end]!);
    const last = isBlockNext ? end - 1 : i;
    for (let k = i; k <= last; k += 1) marked[k] = { ...(marked[k] as PdfNode), headlineLevel: 1 };
    i = last;
  }
  return marked;
}
