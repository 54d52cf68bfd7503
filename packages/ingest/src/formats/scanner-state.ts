import { decodeReferences } from './decode-references.js';
import { detachText } from './detach-text.js';

/** Where a MarkupScanner hands the elements it reads. */
export interface MarkupSink {
  /**
   * An element opens at `depth` (1 is the root): its name without prefix, and a number standing for
   * that name (the same for every element so named; -1 past MAX_NAMES distinct names), so the sink
   * can look a name up once. Answer true to be given the element's text at its end.
   */
  openElement(localName: string, nameId: number, depth: number): boolean;
  /**
   * The element at `depth` ends. `text` is its own text (CDATA included, references resolved, line
   * ends as LF) when its opening asked for it and no child asked for its own, else undefined.
   */
  closeElement(depth: number, text: string | undefined): void;
}

/**
 * Why a document was refused: 'cut' when it ends inside an element or construct, 'doctype' for a
 * DTD, 'depth', 'length' and 'attributes' for the limits, 'malformed' for the rest. `detail` is in
 * plain words ('length': what is too long, "a value longer than 1000 characters").
 */
export interface MarkupProblem {
  kind: 'malformed' | 'cut' | 'doctype' | 'depth' | 'length' | 'attributes';
  detail: string;
  line: number;
}

export interface ScannerOptions {
  /** Elements open at once. */
  maxDepth: number;
  /** Characters of one element's text, and of a tag or reference cut by a chunk's end. */
  maxLength: number;
  /** Attributes of one element. */
  maxAttributes: number;
}

/** A reader's answer: the chunk ends inside the construct, keep it from its '<' for the next one. */
export const CUT = -1;
/** A reader's answer: a problem was recorded (or the sink stopped), read no further. */
export const STOPPED = -2;

/** Distinct element names remembered (a bank format has a few hundred); more are sliced each time. */
export const MAX_NAMES = 2048;
const SLOTS = 4096;

/**
 * The state a MarkupScanner shares with its tag readers: the open elements, the text being
 * collected, the chunk's positions already searched, interned names and the line count.
 */
export class ScannerState {
  /** The text being read: the chunk, after what the previous one left unfinished. */
  buffer = '';
  /** Characters of the document before `buffer`. */
  offset = 0;
  /** Where the current event is, for line(). */
  pos = 0;
  depth = 0;
  collectDepth = -1;
  collected = '';
  hasRoot = false;
  isStopped = false;
  problem: MarkupProblem | undefined;
  /** The next '<' and '&' at or after the position read (the buffer's length: none). */
  nextLt = -1;
  nextAmp = -1;
  /** The '<' of the start tag being read. */
  tagStart = 0;
  /**
   * Where the last chunk cut the start tag that begins the buffer (relative to its '<'): between
   * two attributes, or inside its name (nameEnd -1), with the name's hash so far.
   */
  cutTag: { at: number; hash: number; nameEnd: number } | undefined;
  /** Name start and end, value start and end of each attribute of the tag read, from its '<'. */
  attributeCount = 0;
  readonly attributeAt: number[] = [];
  /**
   * The names of the tag's attributes once it has more than a few, so that a name given twice is
   * found with one lookup, not by comparing it with every name before it (quadratic: 20,000
   * attributes took 20 s). Emptied at each tag that filled it.
   */
  readonly attributeNames = new Set<string>();
  readonly maxDepth: number;
  readonly maxLength: number;
  readonly maxAttributes: number;

  /** Line ends before the buffer, and in the buffer before countedTo. */
  private linesBefore = 0;
  private countedTo = 0;
  private countedLines = 0;
  private readonly openNames: string[] = [];
  private readonly slots = new Int32Array(SLOTS).fill(-1);
  private readonly names: string[] = [];
  private readonly localNames: string[] = [];
  private readonly hashes: number[] = [];

  constructor(
    private readonly sink: MarkupSink,
    options: ScannerOptions,
  ) {
    this.maxDepth = options.maxDepth;
    this.maxLength = options.maxLength;
    this.maxAttributes = options.maxAttributes;
  }

  /** The line of the event being handed to the sink (or, between chunks, of the end of the text read). */
  line(): number {
    return this.lineAt(this.pos);
  }

  /** Stops reading: the sink found a problem it reports itself. */
  halt(): void {
    this.isStopped = true;
  }

  openName(): string {
    return this.openNames[this.depth - 1] ?? '';
  }

  /**
   * The value of the attribute named `name` (as written, prefix and all) of the element being
   * opened, references resolved; only during openElement.
   */
  readAttribute(name: string): string | undefined {
    const at = this.attributeAt;
    const text = this.buffer;
    const lt = this.tagStart;
    for (let i = 0; i < this.attributeCount * 4; i += 4) {
      const start = lt + (at[i] as number);
      const end = lt + (at[i + 1] as number);
      if (end - start !== name.length || text.slice(start, end) !== name) continue;
      let value = text.slice(lt + (at[i + 2] as number), lt + (at[i + 3] as number));
      // Attribute-value normalization (XML 3.3.3): each literal line end or tab is one space.
      if (/[\t\n\r]/.test(value)) value = value.replace(/\r\n|[\t\n\r]/g, ' ');
      return value.includes('&') ? decodeReferences(value, 0, value.length) : value;
    }
    return undefined;
  }

  report(kind: MarkupProblem['kind'], detail: string, at: number): void {
    this.problem ??= { kind, detail, line: this.lineAt(at) };
    this.isStopped = true;
  }

  /** Refuses the document as not well-formed at `at`; answers STOPPED for the reader to return. */
  stop(detail: string, at: number): number {
    this.report('malformed', detail, at);
    return STOPPED;
  }

  /** The name as one string per distinct name, so the sink's lookups hash it once; -1 when full. */
  internName(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    let slot = hash & (SLOTS - 1);
    for (let id = this.slots[slot] as number; id !== -1; id = this.slots[slot] as number) {
      const name = this.names[id] as string;
      // Slicing and comparing measures faster here than comparing character by character.
      if (this.hashes[id] === hash && name.length === length && text.slice(start, end) === name) return id;
      slot = (slot + 1) & (SLOTS - 1);
    }
    if (this.names.length >= MAX_NAMES) return -1;
    const name = detachText(text.slice(start, end));
    this.slots[slot] = this.names.length;
    this.hashes.push(hash);
    this.localNames.push(name.slice(name.indexOf(':') + 1));
    return this.names.push(name) - 1;
  }

  /** Opens the element named [start, end) of the buffer, `hash` its interning hash. */
  openElement(start: number, end: number, hash: number): boolean {
    if (this.depth >= this.maxDepth) {
      this.report('depth', `elements nest more than ${this.maxDepth} deep`, this.pos);
      return false;
    }
    if (this.depth === 0) {
      if (this.hasRoot) {
        this.stop(`a second root element <${this.buffer.slice(start, end)}> follows the first`, this.pos);
        return false;
      }
      this.hasRoot = true;
    }
    const id = this.internName(this.buffer, start, end, hash);
    const name = id === -1 ? this.buffer.slice(start, end) : (this.names[id] as string);
    this.openNames[this.depth++] = name;
    const local = id === -1 ? name.slice(name.indexOf(':') + 1) : (this.localNames[id] as string);
    const wantsText = this.sink.openElement(local, id, this.depth);
    if (this.isStopped) return false;
    if (wantsText) {
      this.collectDepth = this.depth;
      this.collected = '';
    }
    return true;
  }

  closeElement(): boolean {
    const depth = this.depth--;
    let text: string | undefined;
    if (depth === this.collectDepth) {
      text = this.collected;
      this.collected = '';
      this.collectDepth = -1;
    }
    this.sink.closeElement(depth, text);
    return !this.isStopped;
  }

  protected startBuffer(text: string): void {
    this.buffer = text;
    this.countedTo = this.countedLines = 0;
    this.nextLt = this.nextAmp = -1;
  }

  /**
   * The buffer was read up to `consumed`; the rest stays as the buffer, to start the next one.
   * `chunkNewlines` (from the chunk's bytes) saves counting the line ends of the chunk's text.
   */
  protected endBuffer(consumed: number, carried: number, chunkNewlines: number | undefined): void {
    const text = this.buffer;
    // Nothing read (a tag cut over many chunks): the lines before stay, and the text kept is not
    // counted through again.
    if (consumed > 0) {
      this.linesBefore +=
        chunkNewlines === undefined
          ? countNewlines(text, 0, consumed)
          : countNewlines(text, 0, carried) + chunkNewlines - countNewlines(text, consumed, text.length);
    }
    this.offset += consumed;
    this.buffer = consumed === text.length ? '' : text.slice(consumed);
    this.countedTo = this.countedLines = this.pos = 0;
  }

  private lineAt(at: number): number {
    if (at >= this.countedTo) this.countedLines += countNewlines(this.buffer, this.countedTo, at);
    else this.countedLines -= countNewlines(this.buffer, at, this.countedTo);
    this.countedTo = at;
    return this.linesBefore + this.countedLines + 1;
  }
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
