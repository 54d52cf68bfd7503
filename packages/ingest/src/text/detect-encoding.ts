export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes of byte-order mark to skip. */
  bomLength: number;
}

/**
 * Picks the encoding from a sample of the file start: a BOM wins; then the NUL-byte pattern of
 * UTF-16 without BOM; then strict UTF-8 validation; anything else is Windows-1252, the usual
 * encoding of US bank exports that are not UTF-8.
 */
export function detectEncoding(sample: Uint8Array, isWholeFile: boolean): DetectedEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf)
    return { encoding: 'utf-8-bom', bomLength: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf16 = detectUtf16WithoutBom(sample);
  if (utf16) return { encoding: utf16, bomLength: 0 };
  return { encoding: isValidUtf8(sample, isWholeFile) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

function detectUtf16WithoutBom(sample: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(sample.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (sample[i] === 0) evenZero++;
    if (sample[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  // ASCII text in UTF-16 has a NUL in every other byte; binary junk rarely shows that pattern.
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be';
  return undefined;
}

function isValidUtf8(sample: Uint8Array, isWholeFile: boolean): boolean {
  try {
    // stream: true lets a multi-byte character cut at the end of a sample pass.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !isWholeFile });
    return true;
  } catch {
    return false;
  }
}

export function decoderLabel(encoding: TextEncodingName): string {
  return encoding === 'utf-8-bom' ? 'utf-8' : encoding;
}
