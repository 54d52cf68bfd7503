// Advance widths of the Roboto faces the PDFs embed (pdfmake's fonts/Roboto), in thousandths of the
// font size, for the characters 32 to 126 and a few others; read once from the TTF files with fontkit.
// The report's tables size their columns with them (report-layout.ts) instead of guessing.

const ASCII_REGULAR = [
  248, 258, 320, 616, 562, 732, 622, 175, 342, 348, 431, 567, 197, 276, 264, 413, 562, 562, 562, 562, 562,
  562, 562, 562, 562, 562, 242, 211, 508, 549, 523, 473, 898, 652, 623, 651, 656, 568, 553, 681, 713, 272,
  552, 627, 539, 873, 713, 688, 631, 688, 616, 594, 597, 648, 637, 887, 627, 601, 599, 265, 411, 265, 418,
  451, 309, 544, 562, 523, 564, 530, 348, 562, 551, 243, 239, 507, 243, 877, 552, 570, 562, 568, 339, 516,
  327, 551, 484, 751, 496, 473, 496, 338, 244, 338, 680,
];
const ASCII_MEDIUM = [
  249, 265, 319, 603, 568, 736, 641, 167, 346, 350, 443, 555, 224, 340, 278, 390, 568, 568, 568, 568, 568,
  568, 568, 568, 568, 568, 264, 240, 509, 563, 520, 486, 897, 663, 631, 653, 653, 565, 551, 681, 709, 283,
  556, 632, 540, 875, 709, 689, 638, 689, 629, 605, 609, 654, 646, 880, 631, 611, 603, 271, 417, 271, 429,
  448, 320, 539, 562, 522, 563, 536, 353, 567, 556, 255, 251, 521, 255, 871, 557, 567, 562, 566, 354, 515,
  333, 556, 496, 742, 503, 490, 503, 333, 249, 333, 663,
];
const OTHER_REGULAR: Record<string, number> = { '—': 781, '’': 200, é: 530, '·': 261, '×': 534, '–': 656 };
const OTHER_MEDIUM: Record<string, number> = { '—': 771, '’': 216, é: 536, '·': 283, '×': 532, '–': 642 };
/** A character outside the tables: as wide as Roboto's widest capitals, so a column is never short. */
const UNKNOWN = 900;

/** The width of `text` set in Roboto at `fontSize` points (bold: Roboto Medium, the PDFs' bold). */
export function measureRoboto(text: string, fontSize: number, isBold = false): number {
  const ascii = isBold ? ASCII_MEDIUM : ASCII_REGULAR;
  const other = isBold ? OTHER_MEDIUM : OTHER_REGULAR;
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    units += (code >= 32 && code <= 126 ? ascii[code - 32] : other[char]) ?? UNKNOWN;
  }
  return (units * fontSize) / 1000;
}
