import { XMLParser } from 'fast-xml-parser';
import { fail, ok, type Result } from '../core/result.js';

export type XmlNode = Record<string, unknown>;

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
