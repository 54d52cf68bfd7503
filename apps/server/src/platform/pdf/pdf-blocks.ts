import type { Content } from './pdf-types';

// Small building blocks for PdfDocument content, so each document reads as its sections.

export type PdfCell = string | number | null | undefined;

export interface PdfColumn {
  title: string;
  /** Right-aligned (amounts). */
  isNumeric?: boolean;
  width?: number | '*' | 'auto';
}

export function heading(text: string): Content {
  return { text, style: 'heading' };
}

export function paragraph(text: string): Content {
  return { text, margin: [0, 0, 0, 6] };
}

export function note(text: string): Content {
  return { text, style: 'note' };
}

const show = (cell: PdfCell) => (cell === null || cell === undefined ? '—' : String(cell));

/** A table with a repeated header row; cells are written as given ('—' for an empty one). */
export function dataTable(columns: readonly PdfColumn[], rows: readonly (readonly PdfCell[])[]): Content {
  const header: Content[] = columns.map((column) => ({
    text: column.title,
    style: 'tableHeader',
    alignment: column.isNumeric ? 'right' : 'left',
  }));
  const body: Content[][] = rows.map((row) =>
    columns.map((column, index) => ({
      text: show(row[index]),
      alignment: column.isNumeric ? 'right' : 'left',
    })),
  );
  return {
    table: { headerRows: 1, widths: columns.map((c) => c.width ?? '*'), body: [header, ...body] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}

/** Label / value pairs as a two-column table. */
export function facts(pairs: readonly (readonly [string, PdfCell])[]): Content {
  return {
    table: {
      widths: [160, '*'],
      body: pairs.map(([label, value]) => [{ text: label, bold: true }, { text: show(value) }]),
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

/** An SVG chart (renderChartSvg), scaled to `width` points, kept on one page with its title. */
export function chart(title: string, svg: string, width = 530): Content {
  return {
    stack: [
      { text: title, bold: true, margin: [0, 6, 0, 4] },
      { svg, width },
    ],
    unbreakable: true,
  };
}

/**
 * A heading listed in the document's table of contents and bookmarked; `id` lets sub-headings nest
 * their bookmarks under it.
 */
export function contentsHeading(text: string, id: string, options: { isNewPage?: boolean } = {}): Content {
  return {
    text,
    style: 'heading',
    id,
    tocItem: true,
    outline: true,
    ...(options.isNewPage ? { pageBreak: 'before' as const } : {}),
  };
}

/** A sub-heading bookmarked under its section's heading (not in the table of contents). */
export function bookmarkedHeading(text: string, parentId: string): Content {
  return { text, style: 'subheading', outline: true, outlineParentId: parentId };
}

/** The table of contents: every contentsHeading with its page number, each a link and a bookmark. */
export function tableOfContents(title: string): Content {
  return {
    toc: { title: { text: title, style: 'heading' }, outlines: true, textMargin: [0, 2, 0, 2] },
  };
}
