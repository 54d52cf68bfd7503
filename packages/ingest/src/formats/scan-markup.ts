import { isXmlSpace } from './check-xml-names.js';
import {
  REFERENCE_CUT,
  decodeReferences,
  describeBadReference,
  findReferenceEnd,
} from './decode-references.js';
import { readEndTag } from './read-end-tag.js';
import { readStartTag } from './read-start-tag.js';
import {
  CDATA,
  COMMENT,
  CONTENT,
  PI,
  SECTION_INVALID,
  SECTION_OPEN,
  checkDeclaration,
  findSectionEnd,
  isCutLiteral,
  quote,
  readPiTarget,
  sectionCarry,
  type ScanMode,
} from './scan-markup-sections.js';
import { inspectChunkBytes, type ChunkBytes } from './inspect-chunk-bytes.js';
import { CUT, STOPPED, ScannerState, type MarkupProblem } from './scanner-state.js';

export type { MarkupProblem, MarkupSink } from './scanner-state.js';

/** Characters XML forbids anywhere (its Char production): C0 controls but TAB, LF and CR; U+FFFE/F. */
// eslint-disable-next-line no-control-regex -- finding those control characters is the point
const FORBIDDEN_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;

/** A reader's answer: a section's body goes on in the next chunk, keep it from `carryAt`. */
const CUT_IN_SECTION = -3;

/**
 * A streaming XML scanner: decoded text goes in chunk by chunk, elements come out to a sink, and
 * everything XML 1.0 asks of a well-formed document without a DTD is checked on the way (names,
 * nesting, attributes, references, comments, PIs, CDATA, the declaration, one root). It finds
 * markup with indexOf and slices only the text the sink asks for, so its cost is a few steps per
 * tag; the sink, names and positions live in ScannerState.
 */
export class MarkupScanner extends ScannerState {
  private mode: ScanMode = CONTENT;
  /** The next ']]>' at or after the position read, as nextLt and nextAmp. */
  private nextCdataEnd = -1;
  private carryAt = 0;
  /** Whether the buffer holds a CR at all: most files end lines with LF alone. */
  private hasReturns = false;

  /**
   * Reads the next chunk of the document; false once it stopped (a problem, or the sink said so).
   * `bytes`, the chunk's bytes in an ASCII-compatible encoding, spare the text a character check
   * when they are plain ASCII, and give its line ends.
   */
  write(chunk: string, bytes?: Uint8Array): boolean {
    if (this.isStopped) return false;
    // Between chunks the buffer holds what the last one left unfinished.
    const carried = this.buffer.length;
    const text = carried === 0 ? chunk : this.buffer + chunk;
    const facts = bytes && inspectChunkBytes(bytes);
    const forbidden = facts?.isPlain ? -1 : chunk.search(FORBIDDEN_CHARACTER);
    if (forbidden === -1) {
      this.scanText(text, carried, facts);
    } else {
      const at = carried + forbidden;
      this.scanText(text.slice(0, at), carried, undefined);
      const code = chunk.charCodeAt(forbidden).toString(16).toUpperCase().padStart(4, '0');
      // The text before it was read; what it left unfinished ends where the character stands.
      this.report('malformed', `the character U+${code} is not allowed in XML`, this.buffer.length);
    }
    return !this.isStopped;
  }

  /** The end of the document: whatever is still open or cut short refuses it; answers the problem. */
  finish(): MarkupProblem | undefined {
    if (this.isStopped) return this.problem;
    const tail = this.buffer;
    const end = tail.length;
    if (this.depth > 0) this.report('cut', `unclosed tag: ${this.openName()}`, end);
    else if (this.mode !== CONTENT) this.report('cut', `inside a ${describeMode(this.mode)}`, end);
    else if (tail !== '' && !/^[ \t\r\n]*$/.test(tail)) {
      if (tail.startsWith('<')) this.report('cut', 'inside a tag', end);
      else this.report('malformed', `the text ${quote(tail)} is outside the root element`, end);
    } else if (!this.hasRoot) this.report('malformed', 'the file has no root element', end);
    return this.problem;
  }

  private scanText(text: string, carried: number, facts: ChunkBytes | undefined) {
    this.startBuffer(text);
    this.nextCdataEnd = -1;
    // The bytes tell whether the chunk holds a CR; the part carried over ends the last text, so it
    // can hold one only if that text did.
    const mayCarryReturn = carried > 0 && this.hasReturns;
    this.hasReturns =
      facts === undefined
        ? text.includes('\r')
        : facts.hasReturns || (mayCarryReturn && text.lastIndexOf('\r', carried - 1) !== -1);
    // A section left open by the last chunk goes on first; then content, which may open another.
    let at = this.mode === CONTENT ? 0 : this.continueSection(0);
    if (at >= 0) at = this.scanContent(at);
    if (at === CUT_IN_SECTION) at = this.carryAt;
    if (at < 0) return;
    this.endBuffer(at, carried, facts?.newlines);
    if (this.buffer.length > this.maxLength) {
      this.report('length', `a tag or reference longer than ${this.maxLength} characters`, 0);
    }
  }

  /** Reads text and markup from `from`; answers where the unread rest (kept for the next chunk) starts. */
  private scanContent(from: number): number {
    const text = this.buffer;
    const length = text.length;
    let at = from;
    while (at < length) {
      let lt = this.nextLt;
      if (lt < at) {
        lt = text.indexOf('<', at);
        if (lt === -1) lt = length;
        this.nextLt = lt;
      }
      if (lt > at && lt < length && this.depth > 0 && this.nextAmp >= lt && this.nextCdataEnd >= lt) {
        // Most text lies between two tags of an element and holds no '&' or ']]>' (the positions
        // already found say so): it is only kept, when an element collects it.
        if (this.depth === this.collectDepth && !this.collect(text, at, lt, false)) return STOPPED;
      } else if (lt > at) {
        const end = lt < length ? lt : this.keepTextEnd(at);
        const read = end > at ? this.readText(at, end, lt === length) : end;
        if (read < 0) return STOPPED;
        if (lt === length) return read;
      }
      at = this.readMarkup(lt);
      if (at < 0) return at === CUT ? lt : at;
    }
    return at;
  }

  private readMarkup(lt: number): number {
    const text = this.buffer;
    if (lt + 1 >= text.length) return CUT;
    const c = text.charCodeAt(lt + 1);
    if (c === 0x2f) return readEndTag(this, lt);
    if (c === 0x21) return this.readBang(lt);
    if (c === 0x3f) return this.readPi(lt);
    return readStartTag(this, lt);
  }

  private nextAmpAfter(from: number): number {
    if (this.nextAmp < from) {
      const amp = this.buffer.indexOf('&', from);
      this.nextAmp = amp === -1 ? this.buffer.length : amp;
    }
    return this.nextAmp;
  }

  /** Text that reaches the end of the chunk stops before a ']' or CR, which the next chunk may pair. */
  private keepTextEnd(from: number): number {
    const text = this.buffer;
    let end = text.length;
    while (end > from && end > text.length - 2) {
      const c = text.charCodeAt(end - 1);
      if (c !== 0x5d && c !== 0x0d) break;
      end--;
    }
    return end;
  }

  /** Checks (and, for a collecting element, keeps) the text of [from, to); answers where it stopped. */
  private readText(from: number, to: number, isChunkEnd: boolean): number {
    const text = this.buffer;
    if (this.depth === 0) {
      for (let i = from; i < to; i++) {
        if (!isXmlSpace(text.charCodeAt(i))) {
          return this.stop(`the text ${quote(text.slice(i, to))} is outside the root element`, i);
        }
      }
      return to;
    }
    let cdataEnd = this.nextCdataEnd;
    if (cdataEnd < from) {
      cdataEnd = text.indexOf(']]>', from);
      this.nextCdataEnd = cdataEnd = cdataEnd === -1 ? text.length : cdataEnd;
    }
    // References before a ']]>' are checked first, so the first problem is the one reported.
    const checkedTo = Math.min(to, cdataEnd);
    let end = to;
    const amp = this.nextAmpAfter(from);
    for (let at = amp; at < checkedTo;) {
      const after = findReferenceEnd(text, at, checkedTo);
      if (after === REFERENCE_CUT && isChunkEnd && checkedTo === to) {
        end = at;
        break;
      }
      if (after < 0) return this.stop(describeBadReference(text, at, checkedTo), at);
      const next = text.indexOf('&', after);
      at = this.nextAmp = next === -1 ? text.length : next;
    }
    if (cdataEnd < to) return this.stop("the text holds ']]>', which only ends a CDATA section", cdataEnd);
    if (this.depth === this.collectDepth && end > from && !this.collect(text, from, end, amp < end)) {
      return STOPPED;
    }
    return end;
  }

  /** Adds text to the collecting element's: line ends as LF (XML 2.11), then references resolved. */
  private collect(text: string, from: number, to: number, hasReferences: boolean): boolean {
    let piece = text.slice(from, to);
    if (this.hasReturns && piece.includes('\r')) piece = piece.replace(/\r\n?/g, '\n');
    if (hasReferences) piece = decodeReferences(piece, 0, piece.length);
    this.collected += piece;
    if (this.collected.length > this.maxLength) {
      this.report('length', `a value longer than ${this.maxLength} characters`, to);
      return false;
    }
    return true;
  }

  private readBang(lt: number): number {
    const text = this.buffer;
    if (text.startsWith('<!--', lt)) {
      this.mode = COMMENT;
      return this.continueSection(lt + 4);
    }
    if (text.startsWith('<![CDATA[', lt)) {
      if (this.depth === 0) return this.stop('a CDATA section is outside the root element', lt);
      this.mode = CDATA;
      return this.continueSection(lt + 9);
    }
    if (text.startsWith('<!DOCTYPE', lt)) {
      this.report('doctype', 'a DOCTYPE', lt);
      return STOPPED;
    }
    if (
      isCutLiteral(text, lt, '<!--') ||
      isCutLiteral(text, lt, '<![CDATA[') ||
      isCutLiteral(text, lt, '<!DOCTYPE')
    ) {
      return CUT;
    }
    return this.stop(`${quote(text.slice(lt, lt + 9))} starts neither a comment nor a CDATA section`, lt);
  }

  private readPi(lt: number): number {
    const text = this.buffer;
    const targetEnd = readPiTarget(text, lt);
    if (typeof targetEnd === 'string') return this.stop(targetEnd, lt);
    if (targetEnd < 0) return CUT;
    const target = text.slice(lt + 2, targetEnd);
    if (target.toLowerCase() === 'xml') {
      if (target !== 'xml' || this.offset + lt !== 0) {
        return this.stop(
          "an XML declaration ('<?xml … ?>') is allowed only at the very start of the file",
          lt,
        );
      }
      const end = text.indexOf('?>', targetEnd);
      if (end === -1) return CUT;
      const problem = checkDeclaration(text.slice(lt, end + 2));
      return problem === undefined ? end + 2 : this.stop(problem, lt);
    }
    this.mode = PI;
    return this.continueSection(targetEnd);
  }

  /** Reads the body of the open comment, CDATA section or PI from `from`. */
  private continueSection(from: number): number {
    const text = this.buffer;
    const mode = this.mode;
    const end = findSectionEnd(text, from, mode);
    if (end === SECTION_INVALID) {
      return this.stop("a comment holds '--', which only ends one", text.indexOf('--', from));
    }
    const bodyEnd = end === SECTION_OPEN ? sectionCarry(text, from, mode) : end - (mode === PI ? 2 : 3);
    if (mode === CDATA && this.depth === this.collectDepth && bodyEnd > from) {
      if (!this.collect(text, from, bodyEnd, false)) return STOPPED;
    }
    if (end === SECTION_OPEN) {
      this.carryAt = bodyEnd;
      return CUT_IN_SECTION;
    }
    this.mode = CONTENT;
    return end;
  }
}

const describeMode = (mode: ScanMode) =>
  mode === COMMENT ? 'comment' : mode === CDATA ? 'CDATA section' : 'processing instruction';
