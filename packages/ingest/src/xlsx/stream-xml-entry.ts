import { SaxesParser } from 'saxes';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';
import type { ZipEntry } from './check-zip-limits.js';
import { readZipEntry } from './read-zip-entry.js';

/** A refusal raised inside a SAX handler; streamXmlEntry turns it back into the error value. */
export class XmlRefusal {
  constructor(readonly error: ExtractionError) {}
}

export interface XmlHandlers {
  /** Element names come without their namespace prefix (`x:row` is `row`). */
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
  /** After each chunk of the entry: hand a batch on, or stop reading ('stop'). */
  afterChunk?(): 'stop' | void | Promise<'stop' | void>;
}

export type XmlLimits = Pick<Limits, 'maxXlsxUncompressedBytes' | 'maxCellLength' | 'maxNestingDepth'>;

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Parses one XML part of a workbook as it is unzipped, chunk by chunk. Refused without being held:
 * a DOCTYPE (no entity is ever declared or expanded), nesting deeper than maxNestingDepth, and a
 * run of text or one tag longer than maxCellLength (the parser would otherwise collect it whole).
 */
export async function streamXmlEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  limits: XmlLimits,
  handlers: XmlHandlers,
): Promise<ExtractionError | undefined> {
  const malformed = (what: string): ExtractionError => ({
    kind: 'malformed',
    format: 'xlsx',
    message: `The workbook is damaged: ${entry.name} ${what}.`,
  });
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  parser.on('doctype', () => {
    throw new XmlRefusal(malformed('declares a DOCTYPE, which a workbook never does'));
  });
  parser.on('opentag', (tag) => {
    if (++depth > limits.maxNestingDepth) {
      throw new XmlRefusal(malformed(`nests elements more than ${limits.maxNestingDepth} deep`));
    }
    handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>);
  });
  // saxes reports a self-closing tag's close as well.
  parser.on('closetag', (tag) => {
    depth--;
    handlers.close?.(localName(tag.name));
  });
  if (handlers.text) parser.on('text', handlers.text);
  parser.on('cdata', (text) => handlers.text?.(text));

  const decoder = new TextDecoder('utf-8');
  // Characters since the last '<': text and tags both end there, so this bounds what saxes collects.
  let run = 0;
  let isStopped = false;
  try {
    const error = await readZipEntry(bytes, entry, limits, async (chunk) => {
      const text = decoder.decode(chunk, { stream: true });
      const last = text.lastIndexOf('<');
      run = last < 0 ? run + text.length : text.length - last;
      if (run > limits.maxCellLength) {
        throw new XmlRefusal({
          kind: 'limit-exceeded',
          limit: 'cellLength',
          maximum: limits.maxCellLength,
          message: `${entry.name} holds a text or tag longer than ${limits.maxCellLength} characters.`,
        });
      }
      parser.write(text);
      if ((await handlers.afterChunk?.()) !== 'stop') return undefined;
      isStopped = true;
      return 'stop';
    });
    if (error) return error;
    if (isStopped) return undefined;
    parser.write(decoder.decode());
    parser.close();
    return undefined;
  } catch (cause) {
    if (cause instanceof XmlRefusal) return cause.error;
    return malformed('is not well-formed XML');
  }
}
