import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';
import type { OfxNode } from './ofx-node.js';
import { INVESTMENT_TRANSACTION_TAGS } from './read-ofx-investment-transactions.js';
import type { OfxTokenHandler } from './tokenize-ofx.js';

export const STATEMENT_TAGS: ReadonlySet<string> = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);
export const POSITION_TAGS: ReadonlySet<string> = new Set([
  'POSSTOCK',
  'POSMF',
  'POSDEBT',
  'POSOPT',
  'POSOTHER',
]);
const TRADE_TAGS: ReadonlySet<string> = new Set(INVESTMENT_TRANSACTION_TAGS);
/**
 * A SECLIST entry: the aggregate holds the SECINFO and the kind's own fields beside it (a bond's
 * PARVALUE, DEBTCLASS, COUPONRT, DTMAT), so the whole aggregate is the record.
 */
export const SECURITY_TAGS: ReadonlySet<string> = new Set([
  'DEBTINFO',
  'MFINFO',
  'OPTINFO',
  'OTHERINFO',
  'STOCKINFO',
]);
/** A transaction list's own leaves, kept beside its records: the period it covers. */
const LIST_LEAVES: ReadonlySet<string> = new Set(['DTSTART', 'DTEND']);
/** The statement's account aggregate, which OFX puts before its transaction list. */
const ACCOUNT_TAGS: ReadonlySet<string> = new Set(['BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM']);
/** Lists whose entries are records read one at a time; nothing else in them is kept. */
const RECORD_LISTS: Readonly<Record<string, ReadonlySet<string>>> = {
  BANKTRANLIST: new Set(['STMTTRN']),
  INVTRANLIST: TRADE_TAGS,
  INVPOSLIST: POSITION_TAGS,
};

/**
 * Aggregates whose end tag OFX requires (OFX 2.1.1 section 2.3.1: only elements, the leaves, may
 * go unclosed in SGML). One of these left open, at the end of the file or before the end tag of
 * an element around it, means rows could be missing: the file is refused.
 */
const REQUIRED_END_TAGS: ReadonlySet<string> = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'BANKMSGSRSV1',
  'CREDITCARDMSGSRSV1',
  'INVSTMTMSGSRSV1',
  'SECLISTMSGSRSV1',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'INVSTMTTRNRS',
  ...STATEMENT_TAGS,
  'BANKACCTFROM',
  'CCACCTFROM',
  'INVACCTFROM',
  'LEDGERBAL',
  'AVAILBAL',
  'BANKTRANLIST',
  'STMTTRN',
  'INVTRANLIST',
  ...TRADE_TAGS,
  'INVTRAN',
  'INVBUY',
  'INVSELL',
  'SECID',
  'INVPOSLIST',
  ...POSITION_TAGS,
  'INVPOS',
  'SECLIST',
  'SECINFO',
  'STOCKINFO',
  'MFINFO',
  'DEBTINFO',
  'OPTINFO',
  'OTHERINFO',
]);

/** Elements kept in memory at once outside the rows already read: a statement's own fields are few. */
const MAX_KEPT_ELEMENTS = 100_000;

/** What the builder hands on: each record once its end tag is read, then dropped. */
export interface OfxRecordSink {
  statementStart(name: string): void;
  /** A STMTTRN: a cash transaction (also inside an investment statement's INVBANKTRAN). */
  cashTransaction(node: OfxNode, line: number): void;
  /** A trade of INVTRANLIST, a position of INVPOSLIST, or a SECLIST entry (DEBTINFO, MFINFO, ...). */
  record(node: OfxNode, line: number): void;
  /** The statement's account aggregate, as soon as it ends (before the rows, in OFX's order). */
  account(node: OfxNode): void;
  /** The statement's own fields: account, currency, balances (its rows are not in it). */
  statementEnd(node: OfxNode): void;
}

type Role = 'statement' | 'cash' | 'record' | undefined;

interface Frame {
  name: string;
  line: number;
  node: OfxNode | undefined;
  /** Which children to keep: all, none, or (in a list) only its records. */
  keep: 'all' | 'none' | 'records';
  role: Role;
  hasChildren: boolean;
  /** Kept elements before this one opened: a record's are let go when it has been read. */
  keptBefore: number;
}

/**
 * Turns OFX tokens into records with the closing rules of OFX 1 SGML (a leaf ends where its text
 * ends; an aggregate ends at its end tag) that also read OFX 2 XML. Every step is constant work
 * (an end tag finds its element through a count of open names, not a search of the stack), so
 * the whole file is read in linear time; only the current statement's fields and the record being
 * read are in memory.
 */
export function createOfxRecordBuilder(sink: OfxRecordSink, limits: Limits) {
  const rootFrame: Frame = {
    name: '#root',
    line: 0,
    node: undefined,
    keep: 'none',
    role: undefined,
    hasChildren: false,
    keptBefore: 0,
  };
  const stack: Frame[] = [rootFrame];
  const openCounts = new Map<string, number>();
  let pendingLeaf: Frame | undefined;
  let kept = 0;
  let statementDepth = -1;
  let recordDepth = -1;
  let hasOfx = false;
  let problem: ExtractionError | undefined;

  /** `message` completes 'The OFX file …' and says where. */
  const refuse = (message: string, line: number) => {
    problem ??= { kind: 'malformed', format: 'ofx', line, message: `The OFX file ${message}.` };
  };
  const top = () => stack[stack.length - 1] as Frame;

  function attach(frame: Frame, parent: Frame) {
    if (frame.node && parent.node) parent.node.children.push(frame.node);
  }

  /** Ends the top frame: a record is handed on and let go, anything else joins its parent. */
  function finish(line: number): Frame {
    const frame = stack.pop() as Frame;
    const parent = top();
    openCounts.set(frame.name, (openCounts.get(frame.name) ?? 1) - 1);
    if (frame.role === 'statement' && frame.node) {
      sink.statementEnd(frame.node);
      statementDepth = -1;
      kept = frame.keptBefore;
    } else if (frame.role === 'record' && frame.node) {
      sink.record(frame.node, line);
      if (stack.length <= recordDepth) recordDepth = -1;
      kept = frame.keptBefore;
    } else if (frame.role === 'cash' && frame.node) {
      sink.cashTransaction(frame.node, line);
      // Inside an INVBANKTRAN the STMTTRN is part of that record too; in a list it is let go.
      if (recordDepth >= 0) attach(frame, parent);
      else kept = frame.keptBefore;
    } else {
      attach(frame, parent);
      if (frame.node && stack.length === statementDepth + 1 && ACCOUNT_TAGS.has(frame.name)) {
        sink.account(frame.node);
      }
    }
    return frame;
  }

  const handler: OfxTokenHandler = {
    open(name, line) {
      if (problem) return;
      pendingLeaf = undefined;
      if (stack.length > limits.maxNestingDepth) {
        problem = {
          kind: 'limit-exceeded',
          limit: 'nestingDepth',
          maximum: limits.maxNestingDepth,
          message: `The OFX file nests elements more than ${limits.maxNestingDepth} deep (line ${line}).`,
        };
        return;
      }
      const parent = top();
      parent.hasChildren = true;
      if (name === 'OFX') hasOfx = true;
      let role: Role;
      let isKept = parent.keep === 'all';
      if (STATEMENT_TAGS.has(name)) {
        if (statementDepth >= 0)
          return refuse(`has a <${name}> inside another statement at line ${line}`, line);
        role = 'statement';
        isKept = true;
        statementDepth = stack.length;
        sink.statementStart(name);
      } else if (name === 'STMTTRN' && statementDepth >= 0) {
        role = 'cash';
        isKept = true;
      } else if (
        (recordDepth < 0 && (SECURITY_TAGS.has(name) || name === 'SECINFO')) ||
        (parent.keep === 'records' && RECORD_LISTS[parent.name]?.has(name))
      ) {
        role = 'record';
        isKept = true;
        if (recordDepth < 0) recordDepth = stack.length;
      } else if (parent.keep === 'records' && LIST_LEAVES.has(name)) {
        isKept = true;
      }
      const node = isKept ? { name, children: [] } : undefined;
      if (node && ++kept > MAX_KEPT_ELEMENTS) {
        return refuse(
          `holds more than ${MAX_KEPT_ELEMENTS} elements in one statement or record (line ${line})`,
          line,
        );
      }
      const keep = !isKept ? 'none' : Object.hasOwn(RECORD_LISTS, name) ? 'records' : 'all';
      stack.push({ name, line, node, keep, role, hasChildren: false, keptBefore: node ? kept - 1 : kept });
      openCounts.set(name, (openCounts.get(name) ?? 0) + 1);
    },

    text(text, line) {
      if (problem) return;
      if (pendingLeaf) {
        const node = pendingLeaf.node;
        if (node) node.text = (node.text ?? '') + text;
        if (node && node.text !== undefined && node.text.length > limits.maxCellLength) {
          refuse(`has a value longer than ${limits.maxCellLength} characters at line ${line}`, line);
        }
        return;
      }
      if (!/\S/.test(text)) return;
      const frame = top();
      if (frame === rootFrame) return; // the OFX 1 header lines, or text after </OFX>
      if (frame.hasChildren || REQUIRED_END_TAGS.has(frame.name)) {
        return refuse(`has text '${text.trim().slice(0, 40)}' inside <${frame.name}> at line ${line}`, line);
      }
      // Text right after a start tag: that element is a leaf, ended by its text.
      if (frame.node) frame.node.text = text;
      pendingLeaf = finish(line);
    },

    close(name, line) {
      if (problem) return;
      if (pendingLeaf?.name === name) {
        pendingLeaf = undefined;
        return;
      }
      pendingLeaf = undefined;
      if ((openCounts.get(name) ?? 0) === 0) {
        if (REQUIRED_END_TAGS.has(name)) refuse(`has </${name}> without its start tag at line ${line}`, line);
        return; // the end tag of a leaf already ended by its text
      }
      while (top().name !== name) {
        const inner = top();
        if (REQUIRED_END_TAGS.has(inner.name)) {
          return refuse(
            `does not close <${inner.name}> (opened at line ${inner.line}) before </${name}> at line ${line}`,
            line,
          );
        }
        // An SGML element with no value and no end tag: what followed it belongs to its parent.
        const children = inner.node?.children ?? [];
        if (inner.node) inner.node.children = [];
        finish(line);
        const parentNode = top().node;
        if (parentNode) for (const child of children) parentNode.children.push(child);
      }
      finish(line);
    },
  };

  return {
    handler,
    get problem() {
      return problem;
    },
    /** At the end of the file: every aggregate that needs its end tag must have had it. */
    end(line: number) {
      if (problem) return problem;
      const open = stack.findLast((frame) => REQUIRED_END_TAGS.has(frame.name));
      if (open) refuse(`ends before </${open.name}> (opened at line ${open.line}): it is incomplete`, line);
      else if (!hasOfx) refuse('has no <OFX> element: it is not an OFX statement', line);
      return problem;
    },
  };
}
