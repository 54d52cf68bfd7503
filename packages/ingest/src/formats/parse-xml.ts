import { XMLParser } from 'fast-xml-parser';
import { fail, ok, type Result } from '../core/result.js';
import { decodeByLabel, decodeUtf8OrWindows1252 } from '../text/decode-text.js';

export type XmlNode = Record<string, unknown>;

/** Bytes to text by the XML declaration's encoding (camt from German banks is often ISO-8859-1). */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /encoding=["']([\w.-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  return declared && declared !== 'utf-8' ? decodeByLabel(bytes, declared) : decodeUtf8OrWindows1252(bytes);
}

/**
 * Parses XML with DTDs refused outright: no DOCTYPE means no external entities and no entity
 * expansion bombs (issue 7 point 7). Namespace prefixes are dropped so every camt version reads alike.
 */
export function parseXml(text: string, arrayTags: ReadonlySet<string>): Result<XmlNode> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return fail({
      kind: 'malformed',
      format: 'xml',
      message: 'XML with a DTD or entity declarations is refused.',
    });
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => arrayTags.has(name),
  });
  try {
    return ok(parser.parse(text) as XmlNode);
  } catch (cause) {
    return fail({
      kind: 'malformed',
      format: 'xml',
      message: `The XML is not well-formed: ${String(cause)}`,
    });
  }
}

/** Follows a path of element names; undefined when any step is missing. */
export function pick(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as XmlNode)[name];
  }
  return current;
}

/** Text of an element, whether it carries attributes (#text) or not. */
export function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (typeof node === 'object' && node !== null && '#text' in node) return String((node as XmlNode)['#text']);
  return undefined;
}

export function asArray(node: unknown): unknown[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}
