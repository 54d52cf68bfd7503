export interface Bai2Record {
  code: string;
  fields: string[];
  /** 1-based physical line where the record starts. */
  line: number;
  /** Physical records counted by the trailers (a record plus its 88 continuations). */
  physicalCount: number;
}

const RECORD_START = /^(01|02|03|16|49|88|98|99),/;
/** Several records on one physical line, separated by "/ " (moov sample3). */
const INLINE_RECORD_BREAK = /\/\s+(?=(?:01|02|03|16|49|88|98|99),)/;

/**
 * Splits BAI2 text into logical records: a "/" ends a record, 88 continuations are merged into
 * the record they continue (their fields appended; for a 16 the text grows), and a line that does
 * not start with a record code continues the previous one.
 */
export function splitBai2Records(text: string): Bai2Record[] {
  const physical: { text: string; line: number }[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    // eslint-disable-next-line no-control-regex -- control bytes (NUL, SOH, ETX) are what these checks look for
    const lineText = rawLine.replace(/^\u0001/, '').trimEnd();
    if (lineText.trim() === '') return;
    const last = physical[physical.length - 1];
    if (!RECORD_START.test(lineText) && last) {
      last.text = `${stripTerminator(last.text)} ${lineText.trim()}`;
      return;
    }
    for (const part of lineText.split(INLINE_RECORD_BREAK))
      physical.push({ text: part.trim(), line: index + 1 });
  });

  const records: Bai2Record[] = [];
  for (const { text: recordText, line } of physical) {
    const body = stripTerminator(recordText);
    const code = body.slice(0, 2);
    const fields = body.split(',').slice(1);
    const previous = records[records.length - 1];
    if (code === '88' && previous) {
      previous.physicalCount++;
      if (previous.code === '16') {
        // Continued text keeps its commas: it is free text, the last field of a 16.
        previous.fields.push(`\u0000${fields.join(',')}`);
      } else {
        previous.fields.push(...fields);
      }
      continue;
    }
    records.push({ code, fields, line, physicalCount: 1 });
  }
  return records;
}

function stripTerminator(text: string): string {
  return text.replace(/\/\s*$/, '');
}
