import { useState } from 'react';
import { MAX_PAGE_SIZE } from '@tideline/contracts/paging/paging.schemas';
import type { BulkAction, DataTableMode, MatchingSelection } from './data-table.types';
import { collectExportRows } from './export/collect-export-rows';
import { countText } from './select-all-banner';
import type { ListRequest } from './use-table-data';

/** A bulk action's button as the toolbar draws it. */
export interface BulkActionButton<T> {
  action: BulkAction<T>;
  isDisabled: boolean;
  /** The matching rows are being read for it. */
  isLoading: boolean;
  run: () => void;
}

interface BulkActionsInput<T> {
  actions: readonly BulkAction<T>[];
  mode: DataTableMode<T>;
  request: ListRequest;
  selection: ReadonlyMap<string, T>;
  isAllMatching: boolean;
  /** The selectable rows loaded on the page. */
  pageRows: readonly T[];
  isRowSelectable?: (row: T) => boolean;
  matchingCount: number;
  isCountBounded: boolean;
  clearSelection: () => void;
}

const limitOf = <T>(action: BulkAction<T>) => action.maxRows ?? MAX_PAGE_SIZE;

/**
 * The selection's bulk actions. On ticked rows each gets them; on every matching row, an action that
 * takesMatching gets the filter to send, and any other the matching rows read from the server first
 * (up to its maxRows: beyond that it is disabled, and `limits` says why).
 */
export function useBulkActions<T>(input: BulkActionsInput<T>) {
  const { actions, mode, request, selection, isAllMatching, matchingCount, isCountBounded } = input;
  const [readingFor, setReadingFor] = useState<string | null>(null);
  const selectedCount = isAllMatching ? matchingCount : selection.size;
  const isOverLimit = (action: BulkAction<T>) =>
    isAllMatching && !action.takesMatching && (isCountBounded || matchingCount > limitOf(action));

  const matching: MatchingSelection = {
    filters: request.filters,
    searchTerm: request.searchTerm,
    ...(request.timeZone && { timeZone: request.timeZone }),
    count: matchingCount,
    isCountBounded,
  };

  const readMatchingRows = async (action: BulkAction<T>) => {
    if (mode.kind !== 'server') return [];
    const { filters, searchTerm, sortOrder, timeZone } = request;
    const read = await collectExportRows(
      mode.fetchPage,
      { filters, searchTerm, sortOrder, timeZone },
      () => undefined,
      undefined,
      limitOf(action),
    );
    return read.rows.filter((row) => input.isRowSelectable?.(row) ?? true);
  };

  const run = async (action: BulkAction<T>) => {
    const helpers = { clearSelection: input.clearSelection };
    if (!isAllMatching) return action.onClick([...selection.values()], { ...helpers, matching: null });
    if (action.takesMatching) return action.onClick([...input.pageRows], { ...helpers, matching });
    setReadingFor(action.label);
    try {
      action.onClick(await readMatchingRows(action), { ...helpers, matching: null });
    } catch (error) {
      // platform.md 8: a list that cannot be read is only logged.
      console.error('Reading the selected rows failed', error);
    } finally {
      setReadingFor(null);
    }
  };

  const buttons: BulkActionButton<T>[] = actions.map((action) => ({
    action,
    isDisabled: selectedCount === 0 || isOverLimit(action) || readingFor !== null,
    isLoading: readingFor === action.label,
    run: () => void run(action),
  }));
  const limits = actions
    .filter(isOverLimit)
    .map((a) => `${a.label} works on at most ${countText(limitOf(a))} selected rows.`);
  return { buttons, limits, selectedCount };
}
