import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { PAGE_SIZES } from '@tideline/contracts/paging/paging.schemas';
import { usePermList } from '../../lib/use-can';
import { ColumnToggle } from './column-toggle';
import { DataTableCellContent, STICKY_END_SX } from './data-table-cell';
import { DataTableHead } from './data-table-head';
import type {
  BulkAction,
  DataTableColumn,
  DataTableMode,
  FilterDefinition,
  FilterValues,
  RowAction,
  SortState,
} from './data-table.types';
import { EmptyState } from './empty-state';
import { collectExportRows } from './export/collect-export-rows';
import { ExportMenu } from './export/export-menu';
import type { FilterDialog as EagerFilterDialog } from './filter-dialog';
import { isSameFilters } from './filter-draft';
import { FilterSummary } from './filter-summary';
import { RowActionsMenu } from './row-actions-menu';
import { DataTablePagination } from './table-pagination';
import { TableToolbar } from './table-toolbar';
import { buildListRequest, useTableData } from './use-table-data';
import { useRowSelection } from './use-row-selection';
import { useTableState } from './use-table-state';

// The filter dialog (with its fields) is loaded when a user first opens it, not with every table.
// lazy() drops its type parameter, so it keeps the eager component's type: the props are the same.
const FilterDialog = lazy(() =>
  import('./filter-dialog').then((m) => ({ default: m.FilterDialog })),
) as unknown as typeof EagerFilterDialog;

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string | number;
  mode: DataTableMode<T>;
  filters?: readonly FilterDefinition<T>[];
  /** The first is the initial page size (platform.md 9); SERVER_PAGE_SIZES for transaction-style lists. */
  pageSizes?: readonly number[];
  rowActions?: readonly RowAction<T>[];
  bulkActions?: readonly BulkAction<T>[];
  /** Buttons at the right of the title, e.g. 'Add New User'. */
  toolbarActions?: ReactNode;
  title?: string;
  /** The accessible name of a row in its checkbox and action menu; defaults to its id. */
  getRowLabel?: (row: T) => string;
  /** File name without extension; false hides the export. Defaults to the title. */
  exportFileName?: string | false;
  /** The filters applied when the table opens (e.g. a view reached from a dashboard link). */
  initialFilters?: FilterValues;
  /**
   * Filters the table starts from (unless initialFilters are given) and returns to: the Set Filters
   * dialog then offers RESTORE DEFAULTS and CANCEL instead of CLEAR FILTERS and CLOSE (platform.md 2.9
   * "Notes filter variant"), and removing a summary chip puts that filter back to its default.
   */
  filterDefaults?: FilterValues;
  /** The sort the table opens with (e.g. Created Date descending). */
  initialSort?: SortState;
  /** Rows that may be selected for the bulk actions; the others get no checkbox. Defaults to all. */
  isRowSelectable?: (row: T) => boolean;
}

const NO_FILTERS: readonly never[] = [];
const NO_ACTIONS: readonly never[] = [];

/**
 * The one table of the app (style.md "One generic DataTable"): search, Set Filters dialog, Filter
 * Summary, sorting, paging, selection with bulk actions, row actions, column toggle and export, in the
 * browser (client mode) or on the server (server mode), as platform.md 2.8 and 2.9 describe.
 */
export function DataTable<T>({
  columns,
  getRowId,
  mode,
  filters: filterDefinitions = NO_FILTERS,
  pageSizes = PAGE_SIZES,
  rowActions = NO_ACTIONS,
  bulkActions = NO_ACTIONS,
  toolbarActions,
  title,
  getRowLabel,
  exportFileName,
  initialFilters,
  filterDefaults,
  initialSort,
  isRowSelectable,
}: DataTableProps<T>) {
  const titleId = useId();
  const state = useTableState<T>(columns, pageSizes[0] ?? 10, initialFilters ?? filterDefaults, initialSort);
  const [isFilterDialogOpen, setIsFilterDialogOpen] = useState(false);
  // Loaded when first opened, then kept mounted so that it closes with its transition.
  const [hasOpenedFilters, setHasOpenedFilters] = useState(false);
  const permList = usePermList();

  const request = buildListRequest(state, mode.kind === 'server');
  const data = useTableData({
    mode,
    columns,
    filterDefinitions,
    request,
    filters: state.filters,
    sort: state.sort,
  });

  // Rows were removed under a later page (e.g. after a delete): go to the last page there is.
  const { lastPageIndex } = data;
  const { pageIndex, setPageIndex } = state;
  useEffect(() => {
    if (lastPageIndex !== null && pageIndex > lastPageIndex) setPageIndex(lastPageIndex);
  }, [lastPageIndex, pageIndex, setPageIndex]);

  // platform.md 2.8: what the user may not do is not shown; no allowed row action, no actions column.
  const allowedRowActions = useMemo(
    () => rowActions.filter((a) => hasAnyPermission(permList, a.permissions)),
    [rowActions, permList],
  );
  const allowedBulkActions = useMemo(
    () => bulkActions.filter((a) => hasAnyPermission(permList, a.permissions)),
    [bulkActions, permList],
  );
  const hasSelection = allowedBulkActions.length > 0;
  const hasActions = allowedRowActions.length > 0;
  const visibleColumns = columns.filter((c) => !state.hiddenColumns.has(c.id));
  const columnCount = visibleColumns.length + (hasSelection ? 1 : 0) + (hasActions ? 1 : 0);

  const idOf = useCallback((row: T) => String(getRowId(row)), [getRowId]);
  const labelOf = (row: T) => getRowLabel?.(row) ?? idOf(row);
  const { pageIds, selectedOnPage, isAllOnPage, toggleRow, toggleAllOnPage, clearSelection } =
    useRowSelection(data.pageRows, idOf, state.selection, state.setSelection, isRowSelectable);

  // CLEAR FILTERS empties the filters; RESTORE DEFAULTS applies the table's defaults.
  const resetFilters = () => {
    setIsFilterDialogOpen(false);
    const target = filterDefaults ?? {};
    // platform.md 2.8: clearing reloads. With the target already applied the request stays the same, so
    // ask again; otherwise its pages may be cached, so mark them stale before going back to them.
    if (isSameFilters(state.filters, target)) {
      data.reload();
    } else {
      data.expire();
      state.setFilters(target);
    }
  };

  const collectRows = (onProgress: Parameters<typeof collectExportRows<T>>[2], signal: AbortSignal) => {
    if (mode.kind === 'client')
      return Promise.resolve({ rows: [...(data.filteredRows ?? [])], isTruncated: false });
    const { filters, searchTerm, sortOrder, timeZone } = request;
    return collectExportRows(
      mode.fetchPage,
      { filters, searchTerm, sortOrder, timeZone },
      onProgress,
      signal,
    );
  };
  const fileName = exportFileName === false ? null : exportFileName || title || 'export';

  return (
    // minWidth 0: in a flex or grid layout the card keeps to its box and a wide table scrolls inside it.
    <Paper
      component="section"
      aria-labelledby={title ? titleId : undefined}
      sx={{ overflow: 'hidden', minWidth: 0, maxWidth: '100%' }}
    >
      <TableToolbar
        title={title}
        titleId={titleId}
        toolbarActions={toolbarActions}
        searchInput={state.searchInput}
        onSearchChange={state.setSearchInput}
        onSearchClear={state.clearSearch}
        activeFilterCount={filterDefinitions.length > 0 ? Object.keys(state.filters).length : null}
        onOpenFilters={() => {
          setHasOpenedFilters(true);
          setIsFilterDialogOpen(true);
        }}
        bulkActions={allowedBulkActions}
        selectedRows={[...state.selection.values()]}
        onClearSelection={clearSelection}
        tools={
          <>
            <ColumnToggle columns={columns} hidden={state.hiddenColumns} onToggle={state.toggleColumn} />
            {fileName && (
              <ExportMenu columns={visibleColumns} fileName={fileName} collectRows={collectRows} />
            )}
          </>
        }
      />
      {filterDefinitions.length > 0 && (
        <>
          <FilterSummary
            definitions={filterDefinitions}
            applied={state.filters}
            filteredCount={data.filteredCount}
            isFilteredCountBounded={data.isFilteredCountBounded}
            totalCount={data.totalCount}
            defaults={filterDefaults}
            onRemove={(id) => {
              const { [id]: _removed, ...rest } = state.filters;
              const fallback = filterDefaults?.[id];
              state.setFilters(fallback === undefined ? rest : { ...rest, [id]: fallback });
            }}
          />
          {hasOpenedFilters && (
            <Suspense fallback={null}>
              <FilterDialog
                open={isFilterDialogOpen}
                definitions={filterDefinitions}
                applied={state.filters}
                variant={filterDefaults ? 'defaults' : 'standard'}
                onApply={(values) => {
                  state.setFilters(values);
                  setIsFilterDialogOpen(false);
                }}
                onReset={resetFilters}
                onClose={() => setIsFilterDialogOpen(false)}
              />
            </Suspense>
          )}
        </>
      )}
      <Box sx={{ height: 4 }}>{data.isRefreshing && <LinearProgress aria-label="Refreshing" />}</Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={title ? titleId : undefined} aria-busy={data.isLoading}>
          <DataTableHead
            columns={visibleColumns}
            sort={state.sort}
            onSort={state.toggleSort}
            hasActions={hasActions}
            pageSelection={
              hasSelection
                ? {
                    isAll: isAllOnPage,
                    isSome: selectedOnPage > 0,
                    isDisabled: pageIds.length === 0,
                    onToggleAll: toggleAllOnPage,
                  }
                : null
            }
          />
          <TableBody>
            {data.isLoading ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 6, border: 0 }}>
                  <CircularProgress aria-label="Loading" />
                </TableCell>
              </TableRow>
            ) : data.pageRows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ border: 0 }}>
                  <EmptyState />
                </TableCell>
              </TableRow>
            ) : (
              data.pageRows.map((row) => {
                const id = idOf(row);
                const isSelected = state.selection.has(id);
                const isSelectable = isRowSelectable?.(row) ?? true;
                return (
                  <TableRow key={id} hover selected={isSelected}>
                    {hasSelection && (
                      <TableCell padding="checkbox">
                        {isSelectable && (
                          <Checkbox
                            checked={isSelected}
                            onChange={() => toggleRow(row)}
                            slotProps={{ input: { 'aria-label': `Select ${labelOf(row)}` } }}
                          />
                        )}
                      </TableCell>
                    )}
                    {visibleColumns.map((column) => (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sx={column.isStickyEnd ? STICKY_END_SX : undefined}
                      >
                        <DataTableCellContent column={column} row={row} />
                      </TableCell>
                    ))}
                    {hasActions && (
                      <TableCell align="right" sx={[{ py: 0 }, STICKY_END_SX]}>
                        <RowActionsMenu
                          row={row}
                          actions={allowedRowActions}
                          label={`Actions for ${labelOf(row)}`}
                        />
                      </TableCell>
                    )}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <DataTablePagination
        count={data.filteredCount}
        isCountBounded={data.isFilteredCountBounded}
        pageIndex={state.pageIndex}
        pageSize={state.pageSize}
        pageSizes={pageSizes}
        onPageChange={state.setPageIndex}
        onPageSizeChange={state.setPageSize}
      />
    </Paper>
  );
}
