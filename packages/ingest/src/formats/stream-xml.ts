import type { ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import {
  compileXmlRules,
  type CompiledRule,
  type RuleOutcome,
  type XmlAttributes,
  type XmlRule,
} from './compile-xml-rules.js';
import type { Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { decodeMarkupChunks } from './decode-markup-chunks.js';
import { MarkupScanner, type MarkupProblem, type MarkupSink } from './scan-markup.js';
import { MAX_NAMES } from './scanner-state.js';

export type { RuleOutcome, XmlAttributes, XmlRule } from './compile-xml-rules.js';

export interface StreamXmlOptions {
  /** The format named in errors ('camt', 'camt.086'). */
  format: string;
  limits: Limits;
  /** Awaited after each decoded chunk (64 KB): a reader's rows leave with back-pressure. */
  afterChunk?: () => Promise<void> | undefined;
}

/**
 * Reads an XML file as a stream (our MarkupScanner: well-formedness checked, nothing but the
 * current chunk and the open elements in memory) and hands the elements the rules ask for to their
 * callbacks. A DOCTYPE is refused: no DTD means no external entities and no entity expansion.
 * Every failure is a typed error naming the line; nothing is thrown.
 */
export async function streamXml(
  source: ByteSource,
  root: XmlRule,
  options: StreamXmlOptions,
): Promise<Result<void>> {
  const { format, limits } = options;
  const { root: rootRule, keys } = compileXmlRules(root);
  const rules: (CompiledRule | undefined)[] = [rootRule];
  // The key of each name the scanner numbered, looked up in `keys` once: -2 not yet, -1 no rule.
  const keyOfName = new Int32Array(MAX_NAMES).fill(-2);
  let problem: ExtractionError | undefined;
  const check = (outcome: RuleOutcome) => {
    if (outcome === undefined) return;
    problem ??=
      typeof outcome === 'string'
        ? { kind: 'malformed', format, line: scanner.line(), message: `${outcome} (line ${scanner.line()})` }
        : outcome;
    scanner.halt();
  };
  const sink: MarkupSink = {
    openElement(localName, nameId, depth) {
      const children = rules[depth - 1]?.children;
      if (children === undefined) {
        rules[depth] = undefined;
        return false;
      }
      let key = nameId >= 0 ? (keyOfName[nameId] as number) : -2;
      if (key === -2) {
        key = keys.get(localName) ?? -1;
        if (nameId >= 0) keyOfName[nameId] = key;
      }
      const compiled = key >= 0 ? children[key] : undefined;
      rules[depth] = compiled;
      if (compiled === undefined) return false;
      if (compiled.open) check(compiled.open(attributes));
      return compiled.text !== undefined;
    },
    closeElement(depth, text) {
      const compiled = rules[depth];
      if (compiled === undefined) return;
      if (text !== undefined) compiled.text?.(trimText(text));
      if (compiled.close) check(compiled.close());
    },
  };
  const attributes: XmlAttributes = { get: (name) => scanner.readAttribute(name) };
  const scanner = new MarkupScanner(sink, {
    maxDepth: limits.maxNestingDepth,
    maxLength: limits.maxCellLength,
    maxAttributes: limits.maxAttributes,
  });
  const decoded = await decodeMarkupChunks(
    source,
    'xml',
    limits.maxFileBytes,
    (text, bytes) => scanner.write(text, bytes),
    () => `at line ${scanner.line()}`,
    options.afterChunk,
  );
  if (problem) return fail(problem);
  if (scanner.problem) return fail(describeProblem(scanner.problem, format, limits));
  if (!decoded.ok) return decoded;
  const cut = scanner.finish();
  if (cut) return fail(describeProblem(cut, format, limits));
  return ok(undefined);
}

/** Printable ASCII at both ends (the common value) needs no trim call. */
function trimText(text: string): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f ? text : text.trim();
}

/** The scanner's problem as the typed error the user sees. */
function describeProblem(problem: MarkupProblem, format: string, limits: Limits): ExtractionError {
  const { kind, detail, line } = problem;
  switch (kind) {
    case 'depth':
      return {
        kind: 'limit-exceeded',
        limit: 'nestingDepth',
        maximum: limits.maxNestingDepth,
        message: `The ${format} file nests elements more than ${limits.maxNestingDepth} deep (line ${line}).`,
      };
    case 'length':
      return {
        kind: 'limit-exceeded',
        limit: 'cellLength',
        maximum: limits.maxCellLength,
        message: `The ${format} file has ${detail} (line ${line}).`,
      };
    case 'attributes':
      return {
        kind: 'limit-exceeded',
        limit: 'attributes',
        maximum: limits.maxAttributes,
        message: `The ${format} file has an element with more than ${limits.maxAttributes} attributes (line ${line}).`,
      };
    case 'doctype':
      return {
        kind: 'malformed',
        format,
        line,
        message: `The ${format} file has a DOCTYPE (line ${line}); XML with a DTD is refused.`,
      };
    case 'cut':
      return {
        kind: 'malformed',
        format,
        line,
        message: `The ${format} file ends early at line ${line} (${detail}): it is incomplete.`,
      };
    case 'malformed':
      return {
        kind: 'malformed',
        format,
        line,
        message: `The ${format} file is not well-formed XML at line ${line}: ${detail}.`,
      };
  }
}
