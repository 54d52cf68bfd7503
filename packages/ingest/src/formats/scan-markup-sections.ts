import { findNameEnd } from './check-xml-names.js';

/** What is being read when a chunk ends: plain content, or the body of one of these sections. */
export const CONTENT = 0;
export const COMMENT = 1;
export const CDATA = 2;
export const PI = 3;
export type ScanMode = typeof CONTENT | typeof COMMENT | typeof CDATA | typeof PI;

/** findSectionEnd: the body goes on in the next chunk; sectionCarry says what to keep. */
export const SECTION_OPEN = -1;
/** findSectionEnd: '--' inside a comment. */
export const SECTION_INVALID = -2;

const TERMINATORS = ['', '--', ']]>', '?>'] as const;

/**
 * Where the body of a comment, CDATA section or processing instruction that goes on at `from`
 * ends: the index after its '-->', ']]>' or '?>'; SECTION_OPEN when the text ends first,
 * SECTION_INVALID for a '--' that does not end a comment (XML forbids it inside one).
 */
export function findSectionEnd(text: string, from: number, mode: ScanMode): number {
  const at = text.indexOf(TERMINATORS[mode], from);
  if (at === -1) return SECTION_OPEN;
  if (mode !== COMMENT) return at + TERMINATORS[mode].length;
  if (at + 2 >= text.length) return SECTION_OPEN;
  return text.charCodeAt(at + 2) === 0x3e ? at + 3 : SECTION_INVALID;
}

/**
 * Where to cut an open section's body at the end of the text: the characters that may begin its
 * terminator ('-' or '--', ']' or ']]', '?') and a CR that may pair with the next chunk's LF go
 * over to the next chunk, so no terminator or line end is ever split.
 */
export function sectionCarry(text: string, from: number, mode: ScanMode): number {
  let at = text.length;
  const stop = Math.max(from, at - 2);
  while (at > stop) {
    const c = text.charCodeAt(at - 1);
    const isKept = mode === COMMENT ? c === 0x2d : mode === PI ? c === 0x3f : c === 0x5d || c === 0x0d;
    if (!isKept) break;
    at--;
  }
  return at;
}

/** Whether the text from `at` to its end is the start of `literal`, which the next chunk may finish. */
export const isCutLiteral = (text: string, at: number, literal: string) =>
  text.length - at < literal.length && literal.startsWith(text.slice(at));

/** XMLDecl of XML 1.0: version 1.x, then optionally encoding and standalone, in that order. */
const DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*("1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*("[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*("(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>$/;

/** Why an XML declaration is refused, undefined when it is well-formed. */
export const checkDeclaration = (declaration: string) =>
  DECLARATION.test(declaration)
    ? undefined
    : `the XML declaration ${quote(declaration)} is not well-formed (it needs version="1.0", then optionally encoding and standalone)`;

/**
 * The start of a PI at `at` ('<?'): the end of its target, -1 when the chunk ends inside it, or
 * the reason it is refused. 'xml' in any case is reserved; the declaration is read by the caller.
 */
export function readPiTarget(text: string, at: number): number | string {
  const end = findNameEnd(text, at + 2);
  if (end === -1) return -1;
  if (end === at + 2) return "'<?' is not followed by a name";
  if (end >= text.length) return -1;
  const c = text.charCodeAt(end);
  if (c !== 0x3f && c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) {
    return `the processing instruction ${quote(text.slice(at, end + 1))} has no space after its name`;
  }
  return end;
}

/** A piece of the file quoted in a message: short, on one line. */
export function quote(text: string): string {
  const line = text.replace(/[\r\n\t]+/g, ' ');
  return `'${line.length > 40 ? `${line.slice(0, 40)}…` : line}'`;
}
