/** What the bytes of a chunk in an ASCII-compatible encoding tell before their text is scanned. */
export interface ChunkBytes {
  /** LF bytes, so as many line ends in the decoded text (no multi-byte sequence holds one). */
  newlines: number;
  /** Only ASCII and no control character XML forbids: the text needs no character check. */
  isPlain: boolean;
  /** Whether a CR is there, whose line ends the text collected needs turned into LF. */
  hasReturns: boolean;
}

/** A byte below 0x20 or above 0x7f somewhere in the word (the bit trick of "hasless(x, 0x20)"). */
const hasControlOrHigh = (word: number) => ((word - 0x20202020) & ~word & 0x80808080) | (word & 0x80808080);

/**
 * Counts the line ends of a chunk and tells whether it is plain ASCII without forbidden control
 * characters, four bytes at a time: the words with nothing below 0x20 or above 0x7f (most of a
 * statement) cost one test, which is cheaper than a regular expression over the decoded text.
 */
export function inspectChunkBytes(bytes: Uint8Array): ChunkBytes {
  let newlines = 0;
  let seen = 0;
  const length = bytes.byteLength;
  // Uint32Array needs an aligned start: the bytes before it and after the last word go one by one.
  const head = Math.min(length, (4 - (bytes.byteOffset & 3)) & 3);
  const wordCount = (length - head) >> 2;
  for (let i = 0; i < head; i++) {
    const kind = classifyByte(bytes[i] as number);
    newlines += kind & 0xff;
    seen |= kind;
  }
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + head, wordCount);
  for (let w = 0; w < wordCount; w++) {
    const word = words[w] as number;
    if (hasControlOrHigh(word) === 0) continue;
    const kinds =
      classifyByte(word & 0xff) +
      classifyByte((word >>> 8) & 0xff) +
      classifyByte((word >>> 16) & 0xff) +
      classifyByte(word >>> 24);
    newlines += kinds & 0xff;
    seen |= kinds;
  }
  for (let i = head + wordCount * 4; i < length; i++) {
    const kind = classifyByte(bytes[i] as number);
    newlines += kind & 0xff;
    seen |= kind;
  }
  return { newlines, isPlain: seen >>> 16 === 0, hasReturns: (seen & 0xff00) !== 0 };
}

/**
 * Counts in separate bytes of a number, so four bytes' add up without mixing: 1 for LF, 1 << 8
 * for CR, 1 << 16 for a byte that makes the chunk need a character check.
 */
function classifyByte(byte: number): number {
  if (byte === 0x0a) return 1;
  if (byte === 0x0d) return 1 << 8;
  return byte >= 0x80 || (byte < 0x20 && byte !== 0x09) ? 1 << 16 : 0;
}
