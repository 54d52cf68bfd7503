import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { QuickFilter } from './data-table.types';
import { countText } from './select-all-banner';
import { SearchBox } from './search-box';
import type { BulkActionButton } from './use-bulk-actions';

interface TableToolbarProps<T> {
  title?: string;
  titleId: string;
  toolbarActions?: ReactNode;
  onSearchChange: (value: string) => void;
  onSearchClear: () => void;
  /** Null when the table has no filter definitions. */
  activeFilterCount: number | null;
  onOpenFilters: () => void;
  /** Already limited to the ones the user may take. */
  bulkButtons: readonly BulkActionButton<T>[];
  /** Rows ticked, or every matching row. */
  selectedCount: number;
  quickFilters: readonly QuickFilter[];
  isQuickFilterOn: (quickFilter: QuickFilter) => boolean;
  onToggleQuickFilter: (quickFilter: QuickFilter) => void;
  /** Column toggle and export, at the right end. */
  tools: ReactNode;
}

/** The title row and the search, filter, bulk action and tool row above a table (platform.md 2.8). */
export function TableToolbar<T>(props: TableToolbarProps<T>) {
  const { title, titleId, toolbarActions, activeFilterCount, bulkButtons, selectedCount } = props;
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
        <SearchBox onChange={props.onSearchChange} onClear={props.onSearchClear} />
        {activeFilterCount !== null && (
          // The count is part of the visible label, so what a speech-input user reads is the name
          // (axe and Lighthouse: label-content-name-mismatch; a badge's digit was text outside the name).
          <Button variant="outlined" onClick={props.onOpenFilters} startIcon={<FilterListIcon />}>
            {activeFilterCount > 0 ? `Filters (${activeFilterCount} applied)` : 'Filters'}
          </Button>
        )}
        {props.quickFilters.map((quickFilter) => {
          const isOn = props.isQuickFilterOn(quickFilter);
          return (
            <Button
              key={quickFilter.label}
              variant={isOn ? 'contained' : 'outlined'}
              aria-pressed={isOn}
              onClick={() => props.onToggleQuickFilter(quickFilter)}
            >
              {quickFilter.label}
            </Button>
          );
        })}
        {bulkButtons.map(({ action, isDisabled, isLoading, run }) => (
          <Button
            key={action.label}
            variant="outlined"
            color={action.color ?? 'primary'}
            startIcon={action.icon}
            disabled={isDisabled}
            loading={isLoading}
            onClick={run}
          >
            {action.label}
          </Button>
        ))}
        {selectedCount > 0 && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {countText(selectedCount)} selected
          </Typography>
        )}
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.5 }}>{props.tools}</Box>
      </Box>
    </Box>
  );
}
