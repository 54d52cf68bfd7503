import type { ExtractionError } from '../core/extraction-error.js';

export interface Bai2Record {
  code: string;
  fields: string[];
  /** 1-based physical line where the record starts. */
  line: number;
  /** Physical records counted by the trailers (a record plus its 88 continuations). */
  physicalCount: number;
}

/** Hands on one logical record: undefined to go on, an error to stop. */
export type Bai2RecordHandler = (record: Bai2Record) => ExtractionError | undefined;

export interface Bai2RecordSplitter {
  /** One physical line of the file, in order. */
  pushLine(text: string, line: number): ExtractionError | undefined;
  /** The end of the file: the records still open are handed on. */
  finish(): ExtractionError | undefined;
}

/** Two digits and a comma start a record, a known type or not: an unknown one is refused, not merged. */
const RECORD_START = /^\d\d,/;
/** Several records on one physical line, separated by "/ " (moov sample3). */
const INLINE_RECORD_BREAK = /\/\s+(?=(?:01|02|03|16|49|88|98|99),)/;

/**
 * Splits BAI2 lines into logical records as they stream: a "/" ends a record, 88 continuations
 * are merged into the record they continue (their fields appended; for a 16 the text grows), and
 * a line that does not start like a record (two digits and a comma) continues the previous one. A record is handed on
 * once the next one starts, as only then is it known to be complete.
 */
export function createBai2RecordSplitter(onRecord: Bai2RecordHandler): Bai2RecordSplitter {
  /** The physical record being read: a following line may still continue it. */
  let physical: { text: string; line: number } | undefined;
  /** The logical record being read: 88 records may still continue it. */
  let logical: Bai2Record | undefined;

  function takePhysical(text: string, line: number): ExtractionError | undefined {
    const body = stripTerminator(text);
    const code = body.slice(0, 2);
    const fields = body.split(',').slice(1);
    if (code === '88' && logical) {
      logical.physicalCount++;
      // Continued text keeps its commas: it is free text, the last field of a 16.
      if (logical.code === '16') logical.fields.push(`\u0000${fields.join(',')}`);
      else for (const field of fields) logical.fields.push(field);
      return undefined;
    }
    const previous = logical;
    logical = { code, fields, line, physicalCount: 1 };
    return previous ? onRecord(previous) : undefined;
  }

  function flushPhysical(): ExtractionError | undefined {
    if (!physical) return undefined;
    const { text, line } = physical;
    physical = undefined;
    return takePhysical(text, line);
  }

  return {
    pushLine(rawLine, line) {
      // A leading SOH is transmission framing, not text.
      const text = (rawLine.charCodeAt(0) === 1 ? rawLine.slice(1) : rawLine).trimEnd();
      if (text.trim() === '') return undefined;
      if (!RECORD_START.test(text) && physical) {
        physical.text = `${stripTerminator(physical.text)} ${text.trim()}`;
        return undefined;
      }
      // Only a slash before the line's end can separate records on one line.
      const slash = text.indexOf('/');
      const parts = slash === -1 || slash === text.length - 1 ? [text] : text.split(INLINE_RECORD_BREAK);
      for (const part of parts) {
        const problem = flushPhysical();
        if (problem) return problem;
        physical = { text: part.trim(), line };
      }
      return undefined;
    },
    finish() {
      const problem = flushPhysical();
      if (problem) return problem;
      const last = logical;
      logical = undefined;
      return last ? onRecord(last) : undefined;
    },
  };
}

function stripTerminator(text: string): string {
  return text.charCodeAt(text.length - 1) === 47 ? text.slice(0, -1) : text.replace(/\/\s*$/, '');
}
