// ingestion.md step 3: how a template's header row or first cell is compared with a file's, in one
// place for the engine (which matches) and the web (which finds the template a failed file matches).

/** Header text compared trimmed, case-folded, runs of spaces collapsed, commas without spaces. */
export function normalizeHeaderText(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en-US')
    .replace(/\s+/g, ' ')
    .replace(/ ?, ?/g, ',')
    .replace(/,+$/, '')
    .trim();
}

/** A first cell compared trimmed, case-folded, runs of spaces collapsed. */
export function normalizeCellText(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();
}
