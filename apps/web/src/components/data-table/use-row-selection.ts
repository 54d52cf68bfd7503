import { useCallback } from 'react';

/**
 * The checkbox selection of a table page: selection spans pages (kept by row id), the head checkbox
 * toggles the rows of the page shown that may be selected. With every matching row selected
 * (`isAllMatching`) each selectable row shows ticked; unticking one leaves the others of its page
 * ticked, and the head checkbox then clears it all.
 */
export function useRowSelection<T>(
  allPageRows: readonly T[],
  idOf: (row: T) => string,
  selection: ReadonlyMap<string, T>,
  setSelection: (next: ReadonlyMap<string, T>) => void,
  isSelectable: (row: T) => boolean = () => true,
  isAllMatching = false,
) {
  const pageRows = allPageRows.filter(isSelectable);
  const pageIds = pageRows.map(idOf);
  const selectedOnPage = isAllMatching ? pageIds.length : pageIds.filter((id) => selection.has(id)).length;
  const isAllOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const isSelected = (id: string) => isAllMatching || selection.has(id);

  const toggleRow = (row: T) => {
    const id = idOf(row);
    const next = isAllMatching ? new Map(pageRows.map((r, i) => [pageIds[i]!, r])) : new Map(selection);
    if (next.has(id)) next.delete(id);
    else next.set(id, row);
    setSelection(next);
  };
  const toggleAllOnPage = () => {
    if (isAllMatching) return setSelection(new Map());
    const next = new Map(selection);
    pageRows.forEach((row, i) => (isAllOnPage ? next.delete(pageIds[i]!) : next.set(pageIds[i]!, row)));
    setSelection(next);
  };
  const clearSelection = useCallback(() => setSelection(new Map()), [setSelection]);

  return {
    pageRows,
    pageIds,
    selectedOnPage,
    isAllOnPage,
    isSelected,
    toggleRow,
    toggleAllOnPage,
    clearSelection,
  };
}
