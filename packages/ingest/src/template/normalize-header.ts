/** Header text compared trimmed, case-folded, runs of spaces collapsed (ingestion.md step 3). */
export function normalizeHeaderText(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en-US')
    .replace(/\s+/g, ' ')
    .replace(/ ?, ?/g, ',')
    .replace(/,+$/, '')
    .trim();
}

/** The header row as the Extraction file stores it: trimmed cells joined by commas. */
export function joinHeaderCells(cells: readonly string[]): string {
  const trimmed = cells.map((c) => c.trim());
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return trimmed.join(',');
}

export function normalizeCellText(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();
}
