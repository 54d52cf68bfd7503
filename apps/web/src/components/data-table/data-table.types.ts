import type { ReactNode } from 'react';
import type { Permission } from '@tideline/contracts/access/permissions';
import type {
  DateRangeFilterValue,
  FilterValue,
  ListFilter,
  PagedList,
  PagedListRequest,
  RangeFilterValue,
} from '@tideline/contracts/paging/paging.schemas';

/** A cell value as sorted, filtered, searched and exported. */
export type CellValue = string | number | boolean | Date | null | undefined;

export interface DataTableColumn<T> {
  /** Unique; also the id sent in sortOrder and the default field read from the row. */
  id: string;
  header: string;
  /** Explains the column when its header is hovered or focused (e.g. 'determined by Analytics'). */
  headerTooltip?: string;
  /** The value used to sort, search, filter and export; defaults to `row[id]`. */
  accessor?: (row: T) => CellValue;
  /** What the cell shows; defaults to the accessor's value as text. */
  cell?: (row: T) => ReactNode;
  /** Defaults to true. */
  sortable?: boolean;
  /** Client mode: whether the search box looks in this column; defaults to true. */
  searchable?: boolean;
  /** Starts hidden; the column toggle shows it. */
  hiddenByDefault?: boolean;
  /** The exported value when it differs from the accessor (e.g. a formatted amount). */
  exportValue?: (row: T) => CellValue;
  align?: 'left' | 'right' | 'center';
  /** The widest the column's cells grow before their text is cut (defaults to CELL_MAX_WIDTH). */
  maxWidth?: number;
  /** Kept in view at the right edge while the table scrolls (an actions column of its own). */
  isStickyEnd?: boolean;
}

export type FilterKind =
  'text' | 'number' | 'money' | 'dateRange' | 'select' | 'radio' | 'multiSelect' | 'boolean';

export interface FilterOption {
  value: string | number;
  label: string;
}

export interface FilterDefinition<T> {
  /** The id sent in the request's filters; in client mode also the column read by default. */
  id: string;
  label: string;
  kind: FilterKind;
  /** Choices of select, radio and multiSelect filters; a radio choice of value '' filters nothing. */
  options?: readonly FilterOption[];
  /** A long Set Filters dialog is shown in pages (platform.md 2.9 "Investments filter": four). */
  page?: number;
  /** Client mode: the value filtered on; defaults to the column of the same id, else `row[id]`. */
  accessor?: (row: T) => CellValue | readonly CellValue[];
  /**
   * Whether the input may be used, from the other values in the dialog (platform.md 2.9 "Account
   * filter": Closed Date only when closed is Yes). A disabled filter is left out when applied.
   */
  enabledWhen?: (values: FilterValues) => boolean;
  /**
   * Client mode: whether a row passes the applied value, for a filter that is no comparison with a
   * value of the row (e.g. 'Show All Notes' No: only the user's own notes). Replaces the accessor.
   */
  matches?: (row: T, value: FilterValue) => boolean;
}

/** The applied filters by filter id: text string, range, date range, option value(s) or a boolean. */
export type FilterValues = Record<string, FilterValue>;
export type { DateRangeFilterValue, RangeFilterValue };

export interface RowAction<T> {
  label: string;
  /** Shown when the user holds any of them; none means everyone. */
  permissions: readonly Permission[];
  onClick: (row: T) => void;
  disabled?: (row: T) => boolean;
  /**
   * Why the action cannot be taken on this row (e.g. 'Already in the books.'): it is disabled and the
   * reason is shown under its label. Undefined when it can.
   */
  disabledReason?: (row: T) => string | undefined;
  /** Left out of this row's menu (an action that applies to some rows only). */
  hidden?: (row: T) => boolean;
  icon?: ReactNode;
}

/**
 * Every row of the table's filter and search, not only those loaded (canSelectAllMatching): what a
 * server-mode table sends for its list, for an action to send instead of ids.
 */
export interface MatchingSelection {
  filters: ListFilter[];
  searchTerm: string;
  timeZone?: string;
  /** How many rows match; a lower bound when isCountBounded. */
  count: number;
  isCountBounded: boolean;
}

export interface BulkActionHelpers {
  clearSelection: () => void;
  /** Set when every matching row is selected and the action takesMatching; rows are then those loaded. */
  matching: MatchingSelection | null;
}

export interface BulkAction<T> {
  label: string;
  permissions: readonly Permission[];
  onClick: (rows: T[], helpers: BulkActionHelpers) => void;
  icon?: ReactNode;
  color?: 'primary' | 'error';
  /**
   * With every matching row selected: true hands the action the filter (helpers.matching) to send;
   * otherwise the table reads the matching rows first and hands them over, up to maxRows.
   */
  takesMatching?: boolean;
  /** The most rows the action takes by id (defaults to one server page, 500); beyond it, it says so. */
  maxRows?: number;
}

/** A one-click filter beside the search box (e.g. 'Duplicates to decide'): on, it applies `filters`. */
export interface QuickFilter {
  label: string;
  filters: FilterValues;
}

export interface ClientMode<T> {
  kind: 'client';
  rows: readonly T[] | undefined;
  isLoading?: boolean;
}

export interface ServerMode<T> {
  kind: 'server';
  /** The area's query key (e.g. `userQueries.lists()`); the request is appended to it. */
  queryKey: readonly unknown[];
  /** Called with pageSize, pageIndex, filters, searchTerm, sortOrder and the viewer's timeZone. */
  fetchPage: (request: PagedListRequest) => Promise<PagedList<T>>;
}

export type DataTableMode<T> = ClientMode<T> | ServerMode<T>;

export interface SortState {
  id: string;
  desc: boolean;
}
