import { createContentDecoder, type ContentEncoding, type DecodedText } from './create-content-decoder.js';
import { decoderLabel, detectEncoding, type TextEncodingName } from './detect-encoding.js';

/** Decodes a CSV chunk by chunk; `encoding` may change once from 'utf-8' to 'windows-1252'. */
export interface CsvDecoder {
  readonly encoding: TextEncodingName;
  /** Bytes are held while the first non-ASCII byte's window decides the encoding. */
  readonly isDeciding: boolean;
  decode(chunk: Uint8Array): DecodedText;
  end(): DecodedText;
}

/**
 * The decoder for a CSV whose first bytes are `sample`: a byte-order mark or UTF-16's NUL pattern
 * decide at once; other text is ASCII until its first non-ASCII byte, and the window after that
 * byte decides between UTF-8 and Windows-1252, wherever in the file it is (create-content-decoder).
 * `forced` is a caller's encoding; `bomLength` bytes of the sample are to be skipped.
 */
export function openCsvDecoder(
  sample: Uint8Array,
  isWholeFile: boolean,
  forced?: TextEncodingName,
): { decoder: CsvDecoder; bomLength: number } {
  const detected = detectEncoding(sample, isWholeFile);
  const encoding = forced ?? detected.encoding;
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const utf16 = new TextDecoder(decoderLabel(encoding), { ignoreBOM: true });
    let byteCount = detected.bomLength;
    const decoder: CsvDecoder = {
      encoding,
      isDeciding: false,
      decode(chunk) {
        byteCount += chunk.length;
        return { text: utf16.decode(chunk, { stream: true }), isInvalid: false };
      },
      // An odd number of bytes: the file ends inside a character.
      end: () =>
        byteCount % 2 === 0
          ? { text: utf16.decode(), isInvalid: false }
          : { text: utf16.decode().replace(/\ufffd$/, ''), isInvalid: true, isCutShort: true },
    };
    return { decoder, bomLength: detected.bomLength };
  }
  // A caller's encoding or a byte-order mark leaves nothing to decide; else the content decides.
  let preset: ContentEncoding | undefined;
  if (forced === 'windows-1252') preset = 'windows-1252';
  else if (forced !== undefined || encoding === 'utf-8-bom') preset = 'utf-8';
  const content = createContentDecoder(
    preset ? { eightBit: ['windows-1252'], encoding: preset } : { eightBit: ['windows-1252'] },
  );
  const decoder: CsvDecoder = {
    get encoding() {
      if (forced || encoding === 'utf-8-bom') return encoding;
      return content.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8';
    },
    get isDeciding() {
      return content.isDeciding;
    },
    decode: (chunk) => content.decode(chunk),
    end: () => content.end(),
  };
  return { decoder, bomLength: detected.bomLength };
}
