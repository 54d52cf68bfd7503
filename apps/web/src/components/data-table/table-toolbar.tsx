import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { BulkAction } from './data-table.types';
import { SearchBox } from './search-box';

interface TableToolbarProps<T> {
  title?: string;
  titleId: string;
  toolbarActions?: ReactNode;
  searchInput: string;
  onSearchChange: (value: string) => void;
  onSearchClear: () => void;
  /** Null when the table has no filter definitions. */
  activeFilterCount: number | null;
  onOpenFilters: () => void;
  /** Already limited to the ones the user may take. */
  bulkActions: readonly BulkAction<T>[];
  selectedRows: T[];
  onClearSelection: () => void;
  /** Column toggle and export, at the right end. */
  tools: ReactNode;
}

/** The title row and the search, filter, bulk action and tool row above a table (platform.md 2.8). */
export function TableToolbar<T>(props: TableToolbarProps<T>) {
  const { title, titleId, toolbarActions, activeFilterCount, bulkActions, selectedRows } = props;
  const hasSelection = selectedRows.length > 0;
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {(title || toolbarActions) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {title && (
            <Typography id={titleId} variant="h6" component="h2">
              {title}
            </Typography>
          )}
          <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>{toolbarActions}</Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <SearchBox value={props.searchInput} onChange={props.onSearchChange} onClear={props.onSearchClear} />
        {activeFilterCount !== null && (
          // The count is part of the visible label, so what a speech-input user reads is the name
          // (axe and Lighthouse: label-content-name-mismatch; a badge's digit was text outside the name).
          <Button variant="outlined" onClick={props.onOpenFilters} startIcon={<FilterListIcon />}>
            {activeFilterCount > 0 ? `Filters (${activeFilterCount} applied)` : 'Filters'}
          </Button>
        )}
        {bulkActions.map((action) => (
          <Button
            key={action.label}
            variant="outlined"
            color={action.color ?? 'primary'}
            startIcon={action.icon}
            disabled={!hasSelection}
            onClick={() => action.onClick(selectedRows, { clearSelection: props.onClearSelection })}
          >
            {action.label}
          </Button>
        ))}
        {hasSelection && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {selectedRows.length} selected
          </Typography>
        )}
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.5 }}>{props.tools}</Box>
      </Box>
    </Box>
  );
}
