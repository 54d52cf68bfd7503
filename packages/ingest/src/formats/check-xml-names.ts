/** Bits of ASCII_CLASS: what an ASCII character may be in XML markup. */
export const NAME_START = 1;
export const NAME_CHAR = 2;
export const SPACE = 4;

/**
 * The XML 1.0 (5th edition) classes of the ASCII characters, looked up by code: NameStartChar is
 * ':', '_' and letters; NameChar adds '-', '.' and digits; S is space, tab, CR and LF.
 */
export const ASCII_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  const mark = (from: number, to: number, bits: number) => {
    for (let c = from; c <= to; c++) table[c] = (table[c] ?? 0) | bits;
  };
  mark(0x41, 0x5a, NAME_START | NAME_CHAR);
  mark(0x61, 0x7a, NAME_START | NAME_CHAR);
  mark(0x3a, 0x3a, NAME_START | NAME_CHAR);
  mark(0x5f, 0x5f, NAME_START | NAME_CHAR);
  mark(0x30, 0x39, NAME_CHAR);
  mark(0x2d, 0x2e, NAME_CHAR);
  for (const c of [0x20, 0x09, 0x0d, 0x0a]) mark(c, c, SPACE);
  return table;
})();

export const isXmlSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;

/** NameStartChar above ASCII, for one UTF-16 unit outside the surrogates. */
function isWideNameStart(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

const isWideNameChar = (c: number) =>
  isWideNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;

/**
 * How many UTF-16 units the non-ASCII name character at `at` takes: 1, 2 for a pair of surrogates
 * (the code points 0x10000 to 0xEFFFF are name characters), 0 when it is none, -1 when a lead
 * surrogate ends the text, so the pair may still come.
 */
export function measureWideNameChar(text: string, at: number, isStart: boolean): number {
  const c = text.charCodeAt(at);
  if (c >= 0xd800 && c <= 0xdfff) {
    if (c > 0xdb7f) return 0;
    if (at + 1 >= text.length) return -1;
    const low = text.charCodeAt(at + 1);
    return low >= 0xdc00 && low <= 0xdfff ? 2 : 0;
  }
  return (isStart ? isWideNameStart(c) : isWideNameChar(c)) ? 1 : 0;
}

/**
 * Where the XML Name starting at `from` ends (the index after it), 0-length meaning `from` holds no
 * name start; -1 when the name reaches the end of the text and may go on in the next chunk.
 */
export function findNameEnd(text: string, from: number): number {
  const length = text.length;
  let at = from;
  while (at < length) {
    const c = text.charCodeAt(at);
    if (c < 0x80) {
      if ((ASCII_CLASS[c] as number) & (at === from ? NAME_START : NAME_CHAR)) at++;
      else return at;
    } else {
      const width = measureWideNameChar(text, at, at === from);
      if (width === 0) return at;
      if (width < 0) return -1;
      at += width;
    }
  }
  return -1;
}
