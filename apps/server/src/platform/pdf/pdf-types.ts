// The part of pdfmake's document definition our documents use (pdfmake 0.3; its @types package pulls
// the DOM library into the server's compilation, so the shapes are written here).

export type PdfAlignment = 'left' | 'right' | 'center' | 'justify';
export type PdfMargin = [number, number, number, number];

export interface PdfStyle {
  fontSize?: number;
  bold?: boolean;
  italics?: boolean;
  color?: string;
  fillColor?: string;
  alignment?: PdfAlignment;
  margin?: PdfMargin;
}

/** A node of the document: text, a table, an SVG, a stack; pdfmake reads its keys. */
export interface PdfNode extends PdfStyle {
  text?: string | Content[];
  style?: string;
  stack?: Content[];
  table?: {
    headerRows?: number;
    widths?: (number | '*' | 'auto')[];
    body: Content[][];
    /** A row is never split between two pages. */
    dontBreakRows?: boolean;
    /** Body rows that stay on the header's page (the header is never left alone at a page's foot). */
    keepWithHeaderRows?: number;
  };
  /** Text never wraps (a figure stays on one line). */
  noWrap?: boolean;
  /** An image as a data URL (data:image/png;base64,...), drawn within `fit` [width, height] points. */
  image?: string;
  fit?: [number, number];
  /** Kept on the page of what follows it (render-pdf's page-break rule): headings and their intros. */
  headlineLevel?: number;
  layout?: 'noBorders' | 'headerLineOnly' | 'lightHorizontalLines';
  columns?: Content[];
  svg?: string;
  width?: number | '*' | 'auto';
  unbreakable?: boolean;
  pageBreak?: 'before' | 'after';
  /** A destination other nodes can name (a bookmark's parent, a link). */
  id?: string;
  /** Listed in the table of contents (`toc`) of the document. */
  tocItem?: boolean;
  /** A PDF bookmark (outline item); nested under the bookmark of the node whose id is the parent. */
  outline?: boolean;
  outlineText?: string;
  outlineParentId?: string;
  /** pdfmake's table of contents: every `tocItem` with its page; `outlines` bookmarks them too. */
  toc?: {
    title?: Content;
    outlines?: boolean;
    textMargin?: PdfMargin;
    textStyle?: PdfStyle;
    numberStyle?: PdfStyle;
  };
}

export type Content = string | PdfNode | Content[];

/** What pdfmake tells pageBreakBefore of a laid-out node. */
export interface PdfNodeInfo {
  headlineLevel?: number;
  pageNumbers: number[];
  pageBreak?: string;
}
export type PdfPageBreakBefore = (
  node: PdfNodeInfo,
  nodes: { getFollowingNodesOnPage(): PdfNodeInfo[] },
) => boolean;

export interface PdfDefinition {
  content: Content;
  info?: { title?: string; author?: string; subject?: string; creator?: string };
  pageSize?: 'LETTER' | 'A4';
  pageOrientation?: 'portrait' | 'landscape';
  pageMargins?: PdfMargin;
  defaultStyle?: PdfStyle & { font?: string };
  styles?: Record<string, PdfStyle>;
  header?: (currentPage: number, pageCount: number) => Content;
  footer?: (currentPage: number, pageCount: number) => Content;
  pageBreakBefore?: PdfPageBreakBefore;
}
