import {
  ASCII_CLASS,
  NAME_CHAR,
  NAME_START,
  SPACE,
  findNameEnd,
  measureWideNameChar,
} from './check-xml-names.js';
import { describeBadReference, findReferenceEnd } from './decode-references.js';
import { quote } from './scan-markup-sections.js';
import { CUT, STOPPED, type ScannerState } from './scanner-state.js';

const isSpaceCode = (c: number) => c < 0x80 && ((ASCII_CLASS[c] as number) & SPACE) !== 0;

/** Attributes compared name by name for a duplicate; past this many, names go into a Set. */
const FEW_ATTRIBUTES = 8;

/**
 * Reads the start tag (or empty-element tag) at `lt` of the state's buffer and opens its element:
 * a checked name, hashed on the way for interning, then quoted attributes with no '<', valid
 * references and no name twice. Answers the index after the tag, CUT when the chunk ends inside it,
 * or STOPPED. A tag the last chunk cut is not read again from its start but from where the cut
 * stopped (it begins the buffer now), so a tag over many chunks costs linear time.
 */
export function readStartTag(state: ScannerState, lt: number): number {
  const text = state.buffer;
  const length = text.length;
  const cut = lt === 0 ? state.cutTag : undefined;
  state.cutTag = undefined;
  state.tagStart = lt;
  let at = cut ? cut.at : lt + 1;
  let hash = cut ? cut.hash : 0;
  let nameEnd = cut ? cut.nameEnd : -1;
  if (nameEnd === -1) {
    for (;;) {
      if (at >= length) return cutTag(state, at, hash, -1);
      const c = text.charCodeAt(at);
      if (c < 0x80) {
        if (((ASCII_CLASS[c] as number) & (at === lt + 1 ? NAME_START : NAME_CHAR)) === 0) break;
        at++;
      } else {
        const width = measureWideNameChar(text, at, at === lt + 1);
        if (width < 0) return cutTag(state, at, hash, -1);
        if (width === 0) break;
        at += width;
      }
      hash = (Math.imul(hash, 31) + c) | 0;
    }
    nameEnd = at;
    if (nameEnd === lt + 1) {
      return state.stop(
        `'<' is followed by ${quote(text.slice(lt, lt + 2))}, not a name (write a '<' in text as &lt;)`,
        lt,
      );
    }
    state.attributeCount = 0;
    if (state.attributeNames.size > 0) state.attributeNames.clear();
  }
  let isEmpty = false;
  for (;;) {
    // Between two attributes: where a cut tag goes on.
    const between = at;
    if (at >= length) return cutTag(state, between, hash, nameEnd);
    let c = text.charCodeAt(at);
    if (c === 0x3e) {
      at++;
      break;
    }
    if (c === 0x2f) {
      if (at + 1 >= length) return cutTag(state, between, hash, nameEnd);
      if (text.charCodeAt(at + 1) !== 0x3e)
        return state.stop(`a '/' in the tag ${tagNameAt(text, lt)} is not followed by '>'`, at);
      at += 2;
      isEmpty = true;
      break;
    }
    if (!isSpaceCode(c)) {
      return state.stop(
        c === 0x3c
          ? `the tag ${tagNameAt(text, lt)} is not closed by '>' before the next '<'`
          : `the tag ${tagNameAt(text, lt)} has ${quote(text.slice(at, at + 1))} where a space, '>' or '/>' belongs`,
        at,
      );
    }
    while (at < length && isSpaceCode(text.charCodeAt(at))) at++;
    if (at >= length) return cutTag(state, between, hash, nameEnd);
    c = text.charCodeAt(at);
    if (c === 0x3e || c === 0x2f) continue;
    const read = readAttribute(state, lt, at);
    if (read === CUT) return cutTag(state, between, hash, nameEnd);
    if (read < 0) return read;
    at = read;
  }
  state.pos = lt;
  if (!state.openElement(lt + 1, nameEnd, hash)) return STOPPED;
  if (isEmpty && !state.closeElement()) return STOPPED;
  return at;
}

/** Keeps where the chunk cut the tag at tagStart (relative to it, as it starts the next buffer). */
function cutTag(state: ScannerState, at: number, hash: number, nameEnd: number): number {
  const lt = state.tagStart;
  state.cutTag = { at: at - lt, hash, nameEnd: nameEnd === -1 ? -1 : nameEnd - lt };
  return CUT;
}

/** Reads one attribute at `from`, records its positions, answers the index after its closing quote. */
function readAttribute(state: ScannerState, lt: number, from: number): number {
  const text = state.buffer;
  const length = text.length;
  const nameEnd = findNameEnd(text, from);
  if (nameEnd === -1) return CUT;
  if (nameEnd === from) {
    return state.stop(
      `the tag ${tagNameAt(text, lt)} has ${quote(text.slice(from, from + 1))} where an attribute name belongs`,
      from,
    );
  }
  let at = nameEnd;
  while (at < length && isSpaceCode(text.charCodeAt(at))) at++;
  if (at >= length) return CUT;
  if (text.charCodeAt(at) !== 0x3d)
    return state.stop(
      `the attribute ${text.slice(from, nameEnd)} of ${tagNameAt(text, lt)} has no '=' and value`,
      at,
    );
  at++;
  while (at < length && isSpaceCode(text.charCodeAt(at))) at++;
  if (at >= length) return CUT;
  const quoteCode = text.charCodeAt(at);
  if (quoteCode !== 0x22 && quoteCode !== 0x27) {
    return state.stop(
      `the value of the attribute ${text.slice(from, nameEnd)} of ${tagNameAt(text, lt)} is not in quotes`,
      at,
    );
  }
  const valueStart = at + 1;
  const close = text.indexOf(quoteCode === 0x22 ? '"' : "'", valueStart);
  // A tag holds no '<': the next one found bounds the value, and decides between cut and wrong.
  const nextLt = state.nextLt >= valueStart ? state.nextLt : findFrom(state, '<', valueStart);
  state.nextLt = nextLt;
  if (close === -1 || close > nextLt) {
    if (nextLt >= length) return CUT;
    return state.stop(
      `the value of the attribute ${text.slice(from, nameEnd)} of ${tagNameAt(text, lt)} holds a '<' or has no closing quote`,
      at,
    );
  }
  let amp = state.nextAmp >= valueStart ? state.nextAmp : findFrom(state, '&', valueStart);
  while (amp < close) {
    const after = findReferenceEnd(text, amp, close);
    if (after < 0) return state.stop(describeBadReference(text, amp, close), amp);
    amp = findFrom(state, '&', after);
  }
  state.nextAmp = amp;
  const positions = state.attributeAt;
  const count = state.attributeCount;
  if (count >= state.maxAttributes) {
    state.report(
      'attributes',
      `the tag ${tagNameAt(text, lt)} has more than ${state.maxAttributes} attributes`,
      from,
    );
    return STOPPED;
  }
  if (isNameTaken(state, count, text.slice(from, nameEnd))) {
    return state.stop(
      `the tag ${tagNameAt(text, lt)} has the attribute ${text.slice(from, nameEnd)} twice`,
      from,
    );
  }
  // Kept from the tag's '<', which stays put when a cut tag goes on in the next buffer.
  positions[count * 4] = from - lt;
  positions[count * 4 + 1] = nameEnd - lt;
  positions[count * 4 + 2] = valueStart - lt;
  positions[count * 4 + 3] = close - lt;
  state.attributeCount = count + 1;
  return close + 1;
}

/**
 * Whether an attribute before the `count` read has this name: compared one by one while they are
 * few, else looked up in (and added to) the tag's name set, so a tag costs linear time.
 */
function isNameTaken(state: ScannerState, count: number, name: string): boolean {
  const text = state.buffer;
  const lt = state.tagStart;
  const positions = state.attributeAt;
  const names = state.attributeNames;
  if (count < FEW_ATTRIBUTES) {
    for (let i = 0; i < count * 4; i += 4) {
      const start = lt + (positions[i] as number);
      const end = lt + (positions[i + 1] as number);
      if (end - start === name.length && text.slice(start, end) === name) return true;
    }
    return false;
  }
  if (names.size === 0) {
    for (let i = 0; i < count * 4; i += 4) {
      names.add(text.slice(lt + (positions[i] as number), lt + (positions[i + 1] as number)));
    }
  }
  if (names.has(name)) return true;
  names.add(name);
  return false;
}

/** The index of `needle` from `from` in the buffer, its length when there is none. */
function findFrom(state: ScannerState, needle: string, from: number): number {
  const at = state.buffer.indexOf(needle, from);
  return at === -1 ? state.buffer.length : at;
}

/** `<name>` of the tag at `lt`, for a message. */
const tagNameAt = (text: string, lt: number) => {
  const end = findNameEnd(text, lt + 1);
  return `<${text.slice(lt + 1, end === -1 ? text.length : end)}>`;
};
