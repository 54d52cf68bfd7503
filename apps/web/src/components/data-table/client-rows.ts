import {
  isEmptyFilterValue,
  matchesDateRange,
  matchesNumericRange,
  matchesTextPrefix,
} from '@tideline/contracts/paging/filter-semantics';
import type { FilterValue } from '@tideline/contracts/paging/paging.schemas';
import type {
  CellValue,
  DataTableColumn,
  DateRangeFilterValue,
  FilterDefinition,
  FilterValues,
  RangeFilterValue,
  SortState,
} from './data-table.types';

// The client-side half of the table: the same filter semantics as the server (platform.md 2.9), taken
// from packages/contracts so both modes agree.

/** A cell's value as text, when the column shows nothing else. */
export function showCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString('en-US');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function readColumn<T>(column: DataTableColumn<T>, row: T): CellValue {
  if (column.accessor) return column.accessor(row);
  return (row as Record<string, unknown>)[column.id] as CellValue;
}

function readFilter<T>(
  filter: FilterDefinition<T>,
  columns: readonly DataTableColumn<T>[],
  row: T,
): CellValue | readonly CellValue[] {
  if (filter.accessor) return filter.accessor(row);
  const column = columns.find((c) => c.id === filter.id);
  return column ? readColumn(column, row) : ((row as Record<string, unknown>)[filter.id] as CellValue);
}

function sameOption(cell: CellValue, option: unknown): boolean {
  return cell !== null && cell !== undefined && String(cell) === String(option);
}

function matchesFilter(
  kind: FilterDefinition<unknown>['kind'],
  cell: CellValue | readonly CellValue[],
  value: FilterValue,
): boolean {
  const cells: readonly CellValue[] = Array.isArray(cell) ? cell : [cell as CellValue];
  switch (kind) {
    case 'text':
      return cells.some((c) => matchesTextPrefix(c instanceof Date ? c.toISOString() : c, String(value)));
    case 'number':
    case 'money':
      return cells.some((c) => matchesNumericRange(c, value as RangeFilterValue));
    case 'dateRange':
      return cells.some((c) => matchesDateRange(c, value as DateRangeFilterValue));
    case 'select':
    case 'radio':
      return cells.some((c) => sameOption(c, value));
    case 'multiSelect':
      return cells.some((c) => (value as readonly unknown[]).some((option) => sameOption(c, option)));
    case 'boolean':
      return cells.some((c) => Boolean(c) === value);
  }
}

/** Keeps the rows that pass every applied, non-empty filter. */
export function filterRows<T>(
  rows: readonly T[],
  columns: readonly DataTableColumn<T>[],
  definitions: readonly FilterDefinition<T>[],
  values: FilterValues,
): T[] {
  const active = definitions.filter((d) => d.id in values && !isEmptyFilterValue(values[d.id]));
  if (active.length === 0) return [...rows];
  return rows.filter((row) =>
    active.every((d) =>
      d.matches
        ? d.matches(row, values[d.id]!)
        : matchesFilter(d.kind, readFilter(d, columns, row), values[d.id]!),
    ),
  );
}

function searchText(value: CellValue): string {
  if (value instanceof Date) return value.toLocaleDateString('en-US');
  return value === null || value === undefined ? '' : String(value).toLowerCase();
}

/** The search box in client mode: a case-insensitive "contains" over the searchable columns. */
export function searchRows<T>(rows: readonly T[], columns: readonly DataTableColumn<T>[], term: string): T[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [...rows];
  const searchable = columns.filter((c) => c.searchable !== false);
  return rows.filter((row) => searchable.some((c) => searchText(readColumn(c, row)).includes(needle)));
}

// Made on the first sort, not when a screen with a table loads (see formatCurrency in lib/format.ts).
let collator: Intl.Collator | undefined;

function compareCells(a: CellValue, b: CellValue): number {
  const isBlankA = a === null || a === undefined || a === '';
  const isBlankB = b === null || b === undefined || b === '';
  if (isBlankA || isBlankB) return isBlankA === isBlankB ? 0 : isBlankA ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  collator ??= new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

/** A stable sort on one column; blanks last in both directions. */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly DataTableColumn<T>[],
  sort: SortState | null,
): T[] {
  const column = sort && columns.find((c) => c.id === sort.id);
  if (!sort || !column) return [...rows];
  const sign = sort.desc ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: readColumn(column, row) }))
    .sort((x, y) => {
      const isBlankX = x.value === null || x.value === undefined || x.value === '';
      const isBlankY = y.value === null || y.value === undefined || y.value === '';
      if (isBlankX !== isBlankY) return isBlankX ? 1 : -1;
      return sign * compareCells(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}
