import { useCallback } from 'react';

/**
 * The checkbox selection of a table page: selection spans pages (kept by row id), the head checkbox
 * toggles the rows of the page shown that may be selected.
 */
export function useRowSelection<T>(
  allPageRows: readonly T[],
  idOf: (row: T) => string,
  selection: ReadonlyMap<string, T>,
  setSelection: (next: ReadonlyMap<string, T>) => void,
  isSelectable: (row: T) => boolean = () => true,
) {
  const pageRows = allPageRows.filter(isSelectable);
  const pageIds = pageRows.map(idOf);
  const selectedOnPage = pageIds.filter((id) => selection.has(id)).length;
  const isAllOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;

  const toggleRow = (row: T) => {
    const next = new Map(selection);
    const id = idOf(row);
    if (next.has(id)) next.delete(id);
    else next.set(id, row);
    setSelection(next);
  };
  const toggleAllOnPage = () => {
    const next = new Map(selection);
    pageRows.forEach((row, i) => (isAllOnPage ? next.delete(pageIds[i]!) : next.set(pageIds[i]!, row)));
    setSelection(next);
  };
  const clearSelection = useCallback(() => setSelection(new Map()), [setSelection]);

  return { pageIds, selectedOnPage, isAllOnPage, toggleRow, toggleAllOnPage, clearSelection };
}
