import Chip from '@mui/material/Chip';
import { activeStatusLabel } from '../../lib/format';
import type { DataTableColumn, FilterDefinition } from './data-table.types';

/** The 'Active Status' column (platform.md 4.5: 1 active, 0 inactive) as a chip, filtered by its label. */
export function activeStatusColumn<T extends { status: number }>(): DataTableColumn<T> {
  return {
    id: 'status',
    header: 'Active Status',
    accessor: (row) => activeStatusLabel(row.status),
    cell: (row) => (
      <Chip
        size="small"
        label={activeStatusLabel(row.status)}
        color={row.status === 1 ? 'success' : 'default'}
        variant="outlined"
      />
    ),
  };
}

/** The filter of that column: Active or Inactive. */
export function activeStatusFilter<T>(): FilterDefinition<T> {
  return {
    id: 'status',
    label: 'Active Status',
    kind: 'select',
    options: [
      { value: 'Active', label: 'Active' },
      { value: 'Inactive', label: 'Inactive' },
    ],
  };
}
