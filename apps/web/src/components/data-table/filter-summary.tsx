import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { FilterDefinition, FilterValues } from './data-table.types';
import { describeFilter } from './describe-filter';
import { isSameFilterValue } from './filter-draft';

/** Issue 42 point 7: what a table says of its rows until its first answer arrives. */
export const LOADING_ROWS_TEXT = 'Loading rows…';

interface FilterSummaryProps<T> {
  definitions: readonly FilterDefinition<T>[];
  applied: FilterValues;
  filteredCount: number;
  /** More than filteredCount rows match (the server bounds a search's count). */
  isFilteredCountBounded?: boolean;
  totalCount: number;
  /** Nothing has arrived yet: no count is said, rather than '0 of 0 rows'. */
  isLoading?: boolean;
  /** A filter at its default value has no remove button (removing puts it back to its default). */
  defaults?: FilterValues;
  onRemove: (id: string) => void;
}

/** platform.md 2.8: the collapsible Filter Summary, listing the applied filters and 'filtered of total rows'. */
export function FilterSummary<T>({
  definitions,
  applied,
  filteredCount,
  isFilteredCountBounded = false,
  totalCount,
  isLoading = false,
  defaults = {},
  onRemove,
}: FilterSummaryProps<T>) {
  const [isOpen, setIsOpen] = useState(true);
  const panelId = useId();
  const active = definitions.filter((d) => applied[d.id] !== undefined);
  return (
    <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          onClick={() => setIsOpen((v) => !v)}
          aria-expanded={isOpen}
          aria-controls={panelId}
          endIcon={isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          Filter Summary{active.length > 0 ? ` (${active.length})` : ''}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} aria-live="polite">
          {isLoading
            ? LOADING_ROWS_TEXT
            : `${isFilteredCountBounded ? `More than ${filteredCount}` : filteredCount} of ${totalCount} rows`}
        </Typography>
      </Box>
      <Collapse in={isOpen} id={panelId}>
        {active.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            No filters applied.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Active filters"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, py: 1 }}
          >
            {active.map((d) => (
              <Box component="li" key={d.id} sx={{ listStyle: 'none' }}>
                <Chip
                  size="small"
                  label={`${d.label}: ${describeFilter(d, applied[d.id]!)}`}
                  onDelete={
                    isSameFilterValue(applied[d.id], defaults[d.id]) ? undefined : () => onRemove(d.id)
                  }
                />
              </Box>
            ))}
          </Box>
        )}
      </Collapse>
    </Box>
  );
}
