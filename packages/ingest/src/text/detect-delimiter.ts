export const DELIMITER_CANDIDATES = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITER_CANDIDATES)[number];

/**
 * Picks the delimiter whose per-line count (outside quotes) is the same, and non-zero, on the
 * most lines of the sample; preamble lines above the table simply do not vote for it.
 */
export function detectDelimiter(sample: string): Delimiter {
  const lines = splitSampleLines(sample, 100);
  let best: { delimiter: Delimiter; agreeing: number; count: number } | undefined;
  for (const delimiter of DELIMITER_CANDIDATES) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    for (const [count, agreeing] of counts) {
      if (!best || agreeing > best.agreeing || (agreeing === best.agreeing && count > best.count)) {
        best = { delimiter, agreeing, count };
      }
    }
  }
  return best?.delimiter ?? ',';
}

function splitSampleLines(sample: string, max: number): string[] {
  const lines: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < sample.length && lines.length < max; i++) {
    const c = sample[i];
    if (c === '"') inQuotes = !inQuotes;
    else if ((c === '\n' || c === '\r') && !inQuotes) {
      if (i > start) lines.push(sample.slice(start, i));
      start = i + 1;
    }
  }
  return lines;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let inQuotes = false;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === delimiter && !inQuotes) count++;
  }
  return count;
}
