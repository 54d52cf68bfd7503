import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { DataTableCellContent, STICKY_END_SX } from './data-table-cell';
import type { DataTableColumn, RowAction } from './data-table.types';
import { EmptyState } from './empty-state';
import { RowActionsMenu } from './row-actions-menu';

interface DataTableBodyProps<T> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  /** Every column drawn, selection and actions included (for the loading and empty rows). */
  columnCount: number;
  isLoading: boolean;
  idOf: (row: T) => string;
  labelOf: (row: T) => string;
  /** Null when the table offers no selection. */
  selection: {
    isSelected: (id: string) => boolean;
    isSelectable: (row: T) => boolean;
    onToggle: (row: T) => void;
  } | null;
  /** Already limited to the ones the user may take; none, no actions column. */
  rowActions: readonly RowAction<T>[];
  /** The empty state's own words (DataTableProps.emptyText). */
  emptyText?: string;
}

/** The rows of the page: a spinner while loading, 'No Results.' when empty. */
export function DataTableBody<T>({
  rows,
  columns,
  columnCount,
  isLoading,
  idOf,
  labelOf,
  selection,
  rowActions,
  emptyText,
}: DataTableBodyProps<T>) {
  if (isLoading)
    return (
      <TableBody>
        <TableRow>
          <TableCell colSpan={columnCount} align="center" sx={{ py: 6, border: 0 }}>
            <CircularProgress aria-label="Loading" />
          </TableCell>
        </TableRow>
      </TableBody>
    );
  if (rows.length === 0)
    return (
      <TableBody>
        <TableRow>
          <TableCell colSpan={columnCount} sx={{ border: 0 }}>
            <EmptyState message={emptyText} />
          </TableCell>
        </TableRow>
      </TableBody>
    );
  return (
    <TableBody>
      {rows.map((row) => {
        const id = idOf(row);
        const isSelectable = selection?.isSelectable(row) ?? false;
        const isSelected = isSelectable && (selection?.isSelected(id) ?? false);
        return (
          <TableRow key={id} hover selected={isSelected}>
            {selection && (
              <TableCell padding="checkbox">
                {isSelectable && (
                  <Checkbox
                    checked={isSelected}
                    onChange={() => selection.onToggle(row)}
                    slotProps={{ input: { 'aria-label': `Select ${labelOf(row)}` } }}
                  />
                )}
              </TableCell>
            )}
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sx={column.isStickyEnd ? STICKY_END_SX : undefined}
              >
                <DataTableCellContent column={column} row={row} />
              </TableCell>
            ))}
            {rowActions.length > 0 && (
              <TableCell align="right" sx={[{ py: 0 }, STICKY_END_SX]}>
                <RowActionsMenu row={row} actions={rowActions} label={`Actions for ${labelOf(row)}`} />
              </TableCell>
            )}
          </TableRow>
        );
      })}
    </TableBody>
  );
}
