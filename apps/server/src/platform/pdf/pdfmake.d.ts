// pdfmake 0.3's server build (js/index.js): the calls platform/pdf makes. Shapes in pdf-types.ts.
declare module 'pdfmake' {
  import type { PdfDefinition } from './pdf-types';

  interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, FontFiles>): void;
    /** Whether a URL in the document may be fetched. */
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    /** Whether a local file named in the document (fonts included) may be read. */
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(definition: PdfDefinition): { getBuffer(): Promise<Buffer> };
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
