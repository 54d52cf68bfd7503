import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { STICKY_END_SX } from './data-table-cell';
import type { DataTableColumn, SortState } from './data-table.types';
import { visuallyHidden } from '../visually-hidden';

interface DataTableHeadProps<T> {
  columns: readonly DataTableColumn<T>[];
  sort: SortState | null;
  onSort: (id: string) => void;
  /** Null when the table offers no selection. */
  pageSelection: { isAll: boolean; isSome: boolean; onToggleAll: () => void; isDisabled: boolean } | null;
  hasActions: boolean;
}

/** A header's explanation describes it (aria-describedby) and leaves its name alone. */
function withTooltip(tooltip: string | undefined, header: ReactElement) {
  if (!tooltip) return header;
  return (
    <Tooltip title={tooltip} describeChild>
      {header}
    </Tooltip>
  );
}

/** The header row: select-all on the page, sortable column headers, the actions column. */
export function DataTableHead<T>({
  columns,
  sort,
  onSort,
  pageSelection,
  hasActions,
}: DataTableHeadProps<T>) {
  return (
    <TableHead>
      <TableRow>
        {pageSelection && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={pageSelection.isAll}
              indeterminate={pageSelection.isSome && !pageSelection.isAll}
              disabled={pageSelection.isDisabled}
              onChange={pageSelection.onToggleAll}
              slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
            />
          </TableCell>
        )}
        {columns.map((column) => {
          const isSorted = sort?.id === column.id;
          const direction = isSorted && sort.desc ? 'desc' : 'asc';
          return (
            <TableCell
              key={column.id}
              align={column.align}
              sortDirection={isSorted ? direction : false}
              sx={[{ fontWeight: 600, whiteSpace: 'nowrap' }, column.isStickyEnd ? STICKY_END_SX : {}]}
            >
              {column.sortable === false
                ? withTooltip(
                    column.headerTooltip,
                    <span tabIndex={column.headerTooltip ? 0 : undefined}>{column.header}</span>,
                  )
                : withTooltip(
                    column.headerTooltip,
                    <TableSortLabel active={isSorted} direction={direction} onClick={() => onSort(column.id)}>
                      {column.header}
                      {isSorted && (
                        <Box component="span" sx={visuallyHidden}>
                          {sort.desc ? ', sorted descending' : ', sorted ascending'}
                        </Box>
                      )}
                    </TableSortLabel>,
                  )}
            </TableCell>
          );
        })}
        {hasActions && (
          <TableCell align="right" sx={[{ fontWeight: 600 }, STICKY_END_SX]}>
            Actions
          </TableCell>
        )}
      </TableRow>
    </TableHead>
  );
}
