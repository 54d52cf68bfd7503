import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import { hasAnyPermission } from '@tideline/contracts/access/permissions';
import { PAGE_SIZES } from '@tideline/contracts/paging/paging.schemas';
import { usePermList } from '../../lib/use-can';
import { ColumnToggle } from './column-toggle';
import { DataTableBody } from './data-table-body';
import { COMPACT_TABLE_SX } from './data-table-cell';
import { DataTableHead } from './data-table-head';
import type {
  BulkAction,
  DataTableColumn,
  DataTableMode,
  FilterDefinition,
  FilterValues,
  QuickFilter,
  RowAction,
  SortState,
} from './data-table.types';
import { collectExportRows } from './export/collect-export-rows';
import { ExportMenu } from './export/export-menu';
import { SelectAllBanner } from './select-all-banner';
import { DataTablePagination } from './table-pagination';
import { TableToolbar } from './table-toolbar';
import { useBulkActions } from './use-bulk-actions';
import { buildListRequest, useTableData } from './use-table-data';
import { useTableFilters } from './use-table-filters';
import { useRowSelection } from './use-row-selection';
import { useTableState } from './use-table-state';

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
  /**
   * Server mode: once the page is all ticked, offer every row of the filter and search ('Select all
   * 114 rows'); the bulk actions then work on all of them (BulkAction.takesMatching).
   */
  canSelectAllMatching?: boolean;
  /** One-click filters beside the search box; each is on while its values are applied. */
  quickFilters?: readonly QuickFilter[];
  /** Many columns: the compact layout (COMPACT_TABLE_SX) so that more of them fit before it scrolls. */
  isCompact?: boolean;
  /** What the empty table says instead of 'No Results.' (e.g. 'No exceptions.'). */
  emptyText?: string;
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
  canSelectAllMatching = false,
  quickFilters = NO_ACTIONS,
  isCompact = false,
  emptyText,
}: DataTableProps<T>) {
  const titleId = useId();
  const state = useTableState<T>(columns, pageSizes[0] ?? 10, initialFilters ?? filterDefaults, initialSort);
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
  const isAllMatching = canSelectAllMatching && mode.kind === 'server' && state.isAllMatching;
  const rowSelection = useRowSelection(
    data.pageRows,
    idOf,
    state.selection,
    state.setSelection,
    isRowSelectable,
    isAllMatching,
  );
  const { pageIds, selectedOnPage, isAllOnPage, clearSelection } = rowSelection;
  const bulk = useBulkActions({
    actions: allowedBulkActions,
    mode,
    request,
    selection: state.selection,
    isAllMatching,
    pageRows: rowSelection.pageRows,
    isRowSelectable,
    matchingCount: data.filteredCount,
    isCountBounded: data.isFilteredCountBounded,
    clearSelection,
  });

  const filtering = useTableFilters({
    definitions: filterDefinitions,
    state,
    data,
    filterDefaults,
  });

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
        onSearchChange={state.setSearchInput}
        onSearchClear={state.clearSearch}
        activeFilterCount={filterDefinitions.length > 0 ? Object.keys(state.filters).length : null}
        onOpenFilters={filtering.openFilters}
        bulkButtons={bulk.buttons}
        selectedCount={bulk.selectedCount}
        quickFilters={quickFilters}
        isQuickFilterOn={filtering.isQuickFilterOn}
        onToggleQuickFilter={filtering.toggleQuickFilter}
        tools={
          <>
            <ColumnToggle columns={columns} hidden={state.hiddenColumns} onToggle={state.toggleColumn} />
            {fileName && (
              <ExportMenu columns={visibleColumns} fileName={fileName} collectRows={collectRows} />
            )}
          </>
        }
      />
      {filtering.panel}
      {canSelectAllMatching && hasSelection && mode.kind === 'server' && (
        <SelectAllBanner
          isAllMatching={isAllMatching}
          isAllOnPage={isAllOnPage}
          selectedOnPage={selectedOnPage}
          pageRowCount={data.pageRows.length}
          matchingCount={data.filteredCount}
          isCountBounded={data.isFilteredCountBounded}
          limits={bulk.limits}
          onSelectAllMatching={() => state.setIsAllMatching(true)}
          onClearSelection={clearSelection}
        />
      )}
      <Box sx={{ height: 4 }}>{data.isRefreshing && <LinearProgress aria-label="Refreshing" />}</Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-labelledby={title ? titleId : undefined}
          aria-busy={data.isLoading}
          sx={isCompact ? COMPACT_TABLE_SX : undefined}
        >
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
                    onToggleAll: rowSelection.toggleAllOnPage,
                  }
                : null
            }
          />
          <DataTableBody
            rows={data.pageRows}
            columns={visibleColumns}
            columnCount={columnCount}
            isLoading={data.isLoading}
            idOf={idOf}
            labelOf={labelOf}
            selection={
              hasSelection
                ? {
                    isSelected: rowSelection.isSelected,
                    isSelectable: (row) => isRowSelectable?.(row) ?? true,
                    onToggle: rowSelection.toggleRow,
                  }
                : null
            }
            rowActions={allowedRowActions}
            emptyText={emptyText}
          />
        </Table>
      </TableContainer>
      <DataTablePagination
        count={data.filteredCount}
        isCountBounded={data.isFilteredCountBounded}
        isLoading={data.isLoading}
        pageIndex={state.pageIndex}
        pageSize={state.pageSize}
        pageSizes={pageSizes}
        onPageChange={state.setPageIndex}
        onPageSizeChange={state.setPageSize}
      />
    </Paper>
  );
}
