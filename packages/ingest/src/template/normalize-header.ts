export { normalizeCellText, normalizeHeaderText } from '@tideline/contracts/templates/match-text';

/** The header row as the Extraction file stores it: trimmed cells joined by commas. */
export function joinHeaderCells(cells: readonly string[]): string {
  const trimmed = cells.map((c) => c.trim());
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return trimmed.join(',');
}
