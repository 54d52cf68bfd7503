import { describe, expect, it } from 'vitest';
import {
  ENCODING_WINDOW_BYTES,
  completeUtf8Length,
  createContentDecoder,
  findInvalidUtf8,
  type EightBitCharset,
} from './create-content-decoder.js';

/** Decodes `bytes` in chunks of `size`; the text, the encoding, and how it ended. */
function decodeInChunks(
  bytes: Uint8Array,
  size: number,
  eightBit: EightBitCharset[] = ['windows-1252', 'cp852'],
) {
  const decoder = createContentDecoder({ eightBit });
  let text = '';
  for (let at = 0; at < bytes.length; at += size) {
    const part = decoder.decode(bytes.subarray(at, at + size));
    text += part.text;
    if (part.isInvalid)
      return { text, encoding: decoder.encoding, isInvalid: true, isCutShort: part.isCutShort };
  }
  const last = decoder.end();
  return {
    text: text + last.text,
    encoding: decoder.encoding,
    isInvalid: last.isInvalid,
    isCutShort: last.isCutShort,
  };
}

const ascii = (length: number) => Buffer.alloc(length, 'a');

describe('createContentDecoder', () => {
  it('reads ASCII as it comes and decides at the first non-ASCII byte, however far into the file', () => {
    const bytes = Buffer.concat([ascii(300_000), Buffer.from('Caf\u00e9 \u20ac', 'utf8')]);
    for (const size of [7, 4096, 1 << 20]) {
      expect(decodeInChunks(bytes, size)).toEqual({
        text: `${'a'.repeat(300_000)}Café €`,
        encoding: 'utf-8',
        isInvalid: false,
        isCutShort: undefined,
      });
    }
    const western = Buffer.concat([ascii(300_000), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80])]);
    expect(decodeInChunks(western, 4096)).toMatchObject({
      text: `${'a'.repeat(300_000)}Café €`,
      encoding: 'windows-1252',
    });
  });

  it('tells CP852 from Windows-1252 by the letters the high bytes become', () => {
    // "összevont utánvét" in CP852: ö 0x94, á 0xa0, é 0x82.
    const central = Buffer.from([
      0x94, 0x73, 0x73, 0x7a, 0x65, 0x76, 0x6f, 0x6e, 0x74, 0x20, 0x75, 0x74, 0xa0, 0x6e, 0x76, 0x82, 0x74,
    ]);
    expect(decodeInChunks(central, 3)).toMatchObject({ text: 'összevont utánvét', encoding: 'cp852' });
    expect(decodeInChunks(central, 3, ['windows-1252'])).toMatchObject({ encoding: 'windows-1252' });
  });

  it('decides on the window after the first non-ASCII byte, so a UTF-8 file with a stray 8-bit byte later is refused', () => {
    const bytes = Buffer.concat([
      Buffer.from('Zürich\n', 'utf8'),
      ascii(ENCODING_WINDOW_BYTES),
      Buffer.from([0x0a, 0xe9, 0x0a]),
    ]);
    for (const size of [1000, 1 << 20]) {
      const decoded = decodeInChunks(bytes, size);
      expect(decoded).toMatchObject({ encoding: 'utf-8', isInvalid: true });
      expect(decoded.text).toBe(`Zürich\n${'a'.repeat(ENCODING_WINDOW_BYTES)}\n`);
      expect(decoded.isCutShort).toBeUndefined();
    }
  });

  it('joins a character split across chunks, and says when the file ends inside one', () => {
    const bytes = Buffer.from('ab\u00e9\u20ac\u{1f600}', 'utf8');
    expect(decodeInChunks(bytes, 1).text).toBe('abé€😀');
    expect(decodeInChunks(bytes.subarray(0, bytes.length - 1), 1)).toEqual({
      text: 'abé€',
      encoding: 'utf-8',
      isInvalid: true,
      isCutShort: true,
    });
    // A single high byte at the very end says nothing about UTF-8: it is read as 8-bit text.
    expect(decodeInChunks(Buffer.from([0x61, 0xe9]), 1)).toMatchObject({
      text: 'aé',
      encoding: 'windows-1252',
    });
  });

  it('starts decided when a byte-order mark named the encoding', () => {
    const decoder = createContentDecoder({ eightBit: ['windows-1252'], encoding: 'utf-8' });
    expect(decoder.encoding).toBe('utf-8');
    expect(decoder.decode(Buffer.from([0xe9, 0x0a]))).toEqual({ text: '', isInvalid: true });
  });
});

describe('UTF-8 boundaries', () => {
  it('finds where a sequence is cut, and the first byte that is not UTF-8', () => {
    expect(completeUtf8Length(Buffer.from('abc'))).toBe(3);
    expect(completeUtf8Length(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1);
    expect(completeUtf8Length(Buffer.from([0x61, 0xe2, 0x82, 0xac]))).toBe(4);
    expect(findInvalidUtf8(Buffer.from('ok\u00e9', 'utf8'))).toBe(4);
    expect(findInvalidUtf8(Buffer.from([0x61, 0xc0, 0x80]))).toBe(1); // overlong
    expect(findInvalidUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // a UTF-16 surrogate
    expect(findInvalidUtf8(Buffer.from([0x61, 0x62, 0xf4, 0x90, 0x80, 0x80]))).toBe(2); // past U+10FFFF
    expect(findInvalidUtf8(Buffer.from([0xe2, 0x41, 0x41]))).toBe(0);
  });
});
