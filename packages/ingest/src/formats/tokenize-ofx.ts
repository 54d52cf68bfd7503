/** What the OFX tokenizer hands on, in file order. Names are upper-cased; text is entity-decoded. */
export interface OfxTokenHandler {
  open(name: string, line: number): void;
  close(name: string, line: number): void;
  /** Text between tags, untrimmed; CDATA arrives as text too. */
  text(text: string, line: number): void;
}

/** A tag longer than this is not a tag: an OFX tag is a name, or an XML one with a few attributes. */
const MAX_TAG_LENGTH = 4096;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    const key = name.toLowerCase();
    return Object.hasOwn(ENTITIES, key) ? (ENTITIES[key] as string) : whole;
  });
}

/** Newlines in text[from, to): a bounded loop, so a file without line breaks stays linear. */
const countLines = (text: string, from: number, to: number) => {
  let count = 0;
  for (let at = from; at < to; at++) if (text.charCodeAt(at) === 10) count++;
  return count;
};

const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9_.:-]*)(\s[^<>]*?)?(\/?)>$/;

/**
 * Splits OFX 1 SGML and OFX 2 XML alike into tags and text, fed chunk by chunk: each character is
 * looked at a bounded number of times, so the work is linear in the file size. Comments,
 * processing instructions (the OFX 2 header) and declarations are skipped. write and end answer a
 * problem (a tag not closed by '>', an unterminated comment), to be reported at `line`.
 */
export function createOfxTokenizer(handler: OfxTokenHandler, maxTextLength: number) {
  let pending = '';
  let line = 1;
  // After a scan that had to wait for more text, scan again only once the pending text has doubled:
  // a long value fed in small chunks is then rescanned a logarithmic number of times, not per chunk.
  let scanAt = 0;

  /** Consumes what it can of `pending`; at the end of the file nothing may be left open. */
  function scan(isFinal: boolean): string | undefined {
    const text = pending;
    let at = 0;
    while (at < text.length) {
      const lt = text.indexOf('<', at);
      const textEnd = lt === -1 ? text.length : lt;
      if (textEnd > at) {
        if (lt === -1 && !isFinal) break;
        handler.text(decodeEntities(text.slice(at, textEnd)), line);
        line += countLines(text, at, textEnd);
        at = textEnd;
        continue;
      }
      const markup = readMarkup(text, at, isFinal);
      if (markup === undefined) break;
      if (typeof markup === 'string') return markup;
      const { end, kind } = markup;
      if (kind === 'cdata') handler.text(text.slice(at + 9, end - 3), line);
      else if (kind === 'text') handler.text('<', line);
      else if (kind === 'tag') {
        const tag = TAG.exec(text.slice(at, end));
        if (!tag) return `'${text.slice(at, Math.min(end, at + 40))}' is not a valid tag`;
        const name = (tag[2] as string).toUpperCase();
        if (tag[1] === '/') handler.close(name, line);
        else {
          handler.open(name, line);
          if (tag[4] === '/') handler.close(name, line);
        }
      }
      line += countLines(text, at, end);
      at = end;
    }
    pending = text.slice(at);
    if (pending.length > maxTextLength + MAX_TAG_LENGTH) {
      return `a value is longer than ${maxTextLength} characters`;
    }
    return undefined;
  }

  return {
    /** Feeds decoded text; answers a problem, or undefined when all is well so far. */
    write(chunk: string): string | undefined {
      pending += chunk;
      if (pending.length < scanAt) return undefined;
      const problem = scan(false);
      scanAt = pending.length * 2;
      return problem;
    },
    end(): string | undefined {
      const problem = scan(true);
      if (problem) return problem;
      return pending === '' ? undefined : 'the file ends inside a tag';
    },
    get line() {
      return line;
    },
  };
}

type Markup = { end: number; kind: 'tag' | 'cdata' | 'skip' | 'text' };

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** The markup starting at `at` ('<'): its end, undefined when it needs more text, or a problem. */
function readMarkup(text: string, at: number, isFinal: boolean): Markup | string | undefined {
  if (at + 1 >= text.length) return isFinal ? { end: at + 1, kind: 'text' } : undefined;
  const next = text.charCodeAt(at + 1);
  // A '<' that starts no markup ('<3 items', '< 5') is text, as SGML reads it.
  if (!isLetter(next) && next !== 47 /* / */ && next !== 33 /* ! */ && next !== 63 /* ? */) {
    return { end: at + 1, kind: 'text' };
  }
  const until = (terminator: string, kind: Markup['kind'], what: string): Markup | string | undefined => {
    const found = text.indexOf(terminator, at);
    if (found !== -1) return { end: found + terminator.length, kind };
    return isFinal ? `the file ends inside ${what}` : undefined;
  };
  if (next === 33) {
    const head = text.slice(at, at + 9);
    if (!isFinal && head.length < 9 && ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head)))
      return undefined;
    if (head.startsWith('<!--')) return until('-->', 'skip', 'a comment');
    if (head === '<![CDATA[') return until(']]>', 'cdata', 'a CDATA section');
    return until('>', 'skip', 'a declaration');
  }
  if (next === 63) return until('?>', 'skip', 'a processing instruction');
  const gt = text.indexOf('>', at);
  const nextLt = text.indexOf('<', at + 1);
  if (gt !== -1 && (nextLt === -1 || gt < nextLt)) {
    return gt - at > MAX_TAG_LENGTH
      ? `a tag is longer than ${MAX_TAG_LENGTH} characters`
      : { end: gt + 1, kind: 'tag' };
  }
  if (nextLt !== -1) return 'a tag is not closed by >';
  if (isFinal) return 'the file ends inside a tag';
  return text.length - at > MAX_TAG_LENGTH ? `a tag is longer than ${MAX_TAG_LENGTH} characters` : undefined;
}
