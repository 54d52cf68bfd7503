import { ASCII_CLASS, NAME_CHAR } from './check-xml-names.js';

/** findReferenceEnd: the text ended inside what may still become a reference. */
export const REFERENCE_CUT = -1;
/** findReferenceEnd: not a character reference nor one of the five predefined entities. */
export const REFERENCE_INVALID = -2;

/** A reference longer than this is refused: no predefined entity or sane character reference is. */
const MAX_REFERENCE_LENGTH = 40;

/** Without a DTD (refused) these five are the only entities XML knows. */
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** XML 1.0's Char production: what a character reference may name. */
export const isXmlCharCode = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

function digitValue(c: number, isHex: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!isHex) return -1;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The code point of a character reference `&#…;` spanning [at, end), end after its ';'. */
function readCharacterCode(text: string, at: number, end: number): number {
  const isHex = text.charCodeAt(at + 2) === 0x78;
  let value = 0;
  for (let i = at + (isHex ? 3 : 2); i < end - 1; i++) {
    value = Math.min(value * (isHex ? 16 : 10) + digitValue(text.charCodeAt(i), isHex), 0x110000);
  }
  return value;
}

/**
 * Where the reference at `at` (an '&') ends: the index after its ';', REFERENCE_CUT when `end`
 * comes first while it could still be one, REFERENCE_INVALID when it is not a well-formed
 * reference to an XML character or a predefined entity.
 */
export function findReferenceEnd(text: string, at: number, end: number): number {
  let i = at + 1;
  if (i >= end) return REFERENCE_CUT;
  if (text.charCodeAt(i) === 0x23) {
    i++;
    if (i >= end) return REFERENCE_CUT;
    const isHex = text.charCodeAt(i) === 0x78;
    if (isHex) i++;
    const digitsFrom = i;
    while (i < end && digitValue(text.charCodeAt(i), isHex) >= 0) i++;
    if (i - at > MAX_REFERENCE_LENGTH) return REFERENCE_INVALID;
    if (i >= end) return REFERENCE_CUT;
    if (i === digitsFrom || text.charCodeAt(i) !== 0x3b) return REFERENCE_INVALID;
    return isXmlCharCode(readCharacterCode(text, at, i + 1)) ? i + 1 : REFERENCE_INVALID;
  }
  while (i < end && isReferenceNameCode(text.charCodeAt(i))) {
    if (i - at > MAX_REFERENCE_LENGTH) return REFERENCE_INVALID;
    i++;
  }
  if (i >= end) return REFERENCE_CUT;
  if (text.charCodeAt(i) !== 0x3b || !Object.hasOwn(PREDEFINED, text.slice(at + 1, i))) {
    return REFERENCE_INVALID;
  }
  return i + 1;
}

/** Why the reference at `at` was refused, in words for the user: what it reads as up to its ';'. */
export function describeBadReference(text: string, at: number, end: number): string {
  const isCharacter = text.charCodeAt(at + 1) === 0x23;
  let i = at + 1;
  if (isCharacter) {
    i = text.charCodeAt(at + 2) === 0x78 ? at + 3 : at + 2;
    while (i < end && digitValue(text.charCodeAt(i), true) >= 0) i++;
  } else {
    while (i < end && isReferenceNameCode(text.charCodeAt(i))) i++;
  }
  if (i >= end || i === at + 1 || i - at > MAX_REFERENCE_LENGTH || text.charCodeAt(i) !== 0x3b) {
    return "a bare '&' (write it as &amp;)";
  }
  const written = text.slice(at, i + 1);
  return isCharacter
    ? `the character reference '${written}' does not name an XML character`
    : `the entity reference '${written}' is not one of XML's five (&lt; &gt; &amp; &apos; &quot;); a file with a DTD is refused`;
}

const isReferenceNameCode = (c: number) => c >= 0x80 || ((ASCII_CLASS[c] as number) & NAME_CHAR) !== 0;

/** The text of [from, to) with its references (already checked by findReferenceEnd) replaced. */
export function decodeReferences(text: string, from: number, to: number): string {
  let decoded = '';
  let at = from;
  for (let amp = text.indexOf('&', at); amp !== -1 && amp < to; amp = text.indexOf('&', at)) {
    const end = text.indexOf(';', amp) + 1;
    decoded += text.slice(at, amp);
    decoded +=
      text.charCodeAt(amp + 1) === 0x23
        ? String.fromCodePoint(readCharacterCode(text, amp, end))
        : (PREDEFINED[text.slice(amp + 1, end - 1)] as string);
    at = end;
  }
  return decoded + text.slice(at, to);
}
