import { useDeferredValue, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { isEmptyFilterValue } from '@tideline/contracts/paging/filter-semantics';
import type { ListFilter, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { filterRows, searchRows, sortRows } from './client-rows';
import type {
  DataTableColumn,
  DataTableMode,
  FilterDefinition,
  FilterValues,
  SortState,
} from './data-table.types';

/** What a server-mode table sends (platform.md 2.8), with the viewer's time zone for date filters. */
export type ListRequest = Required<Omit<PagedListRequest, 'timeZone'>> & Pick<PagedListRequest, 'timeZone'>;

// A date filter on a timestamp means the viewer's calendar days (dates are shown in local time). Read
// when a server-mode table first asks: the first Intl.DateTimeFormat loads ICU's locale and time zone
// data, and made when this module was evaluated it took ~35 ms of main thread (140 ms at 4x CPU
// throttling, a CPU profile of the dashboard on a phone) on screens whose tables never send a request.
let viewerTimeZone: string | undefined;
const readViewerTimeZone = () => (viewerTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The filters of a request: the applied ones that hold a value (platform.md 2.8). */
export function toListFilters(values: FilterValues): ListFilter[] {
  return Object.entries(values)
    .filter(([, value]) => !isEmptyFilterValue(value))
    .map(([id, value]) => ({ id, value }));
}

/** The request of a table's state; a server-mode table's also names the viewer's time zone. */
export function buildListRequest(
  input: {
    pageSize: number;
    pageIndex: number;
    filters: FilterValues;
    searchTerm: string;
    sort: SortState | null;
  },
  isServer: boolean,
): ListRequest {
  return {
    pageSize: input.pageSize,
    pageIndex: input.pageIndex,
    filters: toListFilters(input.filters),
    searchTerm: input.searchTerm,
    sortOrder: input.sort ? [{ id: input.sort.id, desc: input.sort.desc }] : [],
    ...(isServer && { timeZone: readViewerTimeZone() }),
  };
}

interface TableDataInput<T> {
  mode: DataTableMode<T>;
  columns: readonly DataTableColumn<T>[];
  filterDefinitions: readonly FilterDefinition<T>[];
  request: ListRequest;
  filters: FilterValues;
  sort: SortState | null;
}

export interface TableData<T> {
  pageRows: readonly T[];
  /** Rows matching the filters and search; the 'filtered' of 'filtered of total rows'. */
  filteredCount: number;
  /** The server stopped counting a search's matches: more than filteredCount rows match. */
  isFilteredCountBounded: boolean;
  /** All rows before filters and search. */
  totalCount: number;
  /** Nothing to show yet. */
  isLoading: boolean;
  /** A newer answer is on its way while the previous page stays on screen. */
  isRefreshing: boolean;
  /** The last page there is, once known. */
  lastPageIndex: number | null;
  /** Client mode: every filtered, searched and sorted row (for export). */
  filteredRows: readonly T[] | null;
  /** Asks the server again for what is on screen. */
  reload: () => void;
  /** Marks every cached page of the list stale, so the next request shown is asked for afresh. */
  expire: () => void;
}

const EMPTY: readonly never[] = [];

/** The rows of the current page, computed in the browser (client mode) or asked of the server. */
export function useTableData<T>({
  mode,
  columns,
  filterDefinitions,
  request,
  filters,
  sort,
}: TableDataInput<T>): TableData<T> {
  const isServer = mode.kind === 'server';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: isServer ? [...mode.queryKey, request] : ['data-table', 'client-mode'],
    queryFn: async () => {
      if (!isServer) throw new Error('Client mode tables fetch nothing.');
      try {
        return await mode.fetchPage(request);
      } catch (error) {
        // platform.md 8: failures loading paged lists are only logged; the table shows no rows.
        console.error('Loading the list failed', error);
        throw error;
      }
    },
    enabled: isServer,
    placeholderData: keepPreviousData,
  });

  const latestClientRows = mode.kind === 'client' ? mode.rows : undefined;
  const isClientLoading = mode.kind === 'client' && Boolean(mode.isLoading);
  // What the table shows is drawn in a background render React can interrupt (useDeferredValue): an
  // answer arriving through useQuery would otherwise draw every row at once, synchronously, in one long
  // task (issue 21: a dashboard's tables were most of its blocking time on a phone). Until that render
  // ends, the table keeps what it showed, loading state included, so the two never disagree.
  const shown = useDeferredValue(
    useMemo(
      () => ({
        clientRows: latestClientRows,
        isClientLoading,
        page: query.isError ? undefined : query.data,
        isPending: query.isPending && query.fetchStatus !== 'idle',
        isFetching: query.isFetching,
      }),
      [
        latestClientRows,
        isClientLoading,
        query.isError,
        query.data,
        query.isPending,
        query.fetchStatus,
        query.isFetching,
      ],
    ),
  );
  const { clientRows } = shown;
  const filteredRows = useMemo(() => {
    if (!clientRows) return null;
    const filtered = filterRows(clientRows, columns, filterDefinitions, filters);
    return sortRows(searchRows(filtered, columns, request.searchTerm), columns, sort);
  }, [clientRows, columns, filterDefinitions, filters, request.searchTerm, sort]);

  if (mode.kind === 'client') {
    const rows = filteredRows ?? EMPTY;
    // A page past the end (rows were removed) shows the last page instead.
    const lastPage = Math.max(0, Math.ceil(rows.length / request.pageSize) - 1);
    const start = Math.min(request.pageIndex, lastPage) * request.pageSize;
    return {
      pageRows: rows.slice(start, start + request.pageSize),
      filteredCount: rows.length,
      isFilteredCountBounded: false,
      totalCount: clientRows?.length ?? 0,
      isLoading: shown.isClientLoading && !clientRows,
      isRefreshing: shown.isClientLoading && Boolean(clientRows),
      filteredRows,
      lastPageIndex: lastPage,
      reload: () => undefined,
      expire: () => undefined,
    };
  }

  // platform.md 8: a rejected fetch empties the data with no user message.
  const { page } = shown;
  return {
    lastPageIndex: page ? Math.max(0, Math.ceil(page.resultCount / request.pageSize) - 1) : null,
    pageRows: page?.results ?? EMPTY,
    filteredCount: page?.resultCount ?? 0,
    isFilteredCountBounded: page?.resultCountBounded === true,
    totalCount: page?.totalCount ?? 0,
    isLoading: shown.isPending,
    isRefreshing: shown.isFetching && !shown.isPending,
    filteredRows: null,
    reload: () => void query.refetch(),
    expire: () => void queryClient.invalidateQueries({ queryKey: [...mode.queryKey], refetchType: 'none' }),
  };
}
