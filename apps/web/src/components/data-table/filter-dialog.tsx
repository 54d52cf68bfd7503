import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FilterDefinition, FilterValues } from './data-table.types';
import { draftErrors, fromDraft, toDraft, type FilterDraft } from './filter-draft';
import { FilterField } from './filter-field';

/**
 * 'standard': APPLY FILTERS, CLEAR FILTERS and CLOSE (platform.md 2.8). 'defaults', for a table whose
 * filters start from set values (2.9 "Notes filter variant"): RESTORE DEFAULTS, CANCEL and APPLY FILTERS.
 */
export type FilterDialogVariant = 'standard' | 'defaults';

interface FilterDialogProps<T> {
  open: boolean;
  definitions: readonly FilterDefinition<T>[];
  applied: FilterValues;
  variant?: FilterDialogVariant;
  onApply: (values: FilterValues) => void;
  /** CLEAR FILTERS, or RESTORE DEFAULTS in the 'defaults' variant: the table applies its starting filters. */
  onReset: () => void;
  onClose: () => void;
}

/**
 * platform.md 2.9: the 'Set Filters' dialog. An invalid range input keeps the dialog open with what
 * was typed and shows the section 5 message.
 */
export function FilterDialog<T>({
  open,
  definitions,
  applied,
  variant = 'standard',
  onApply,
  onReset,
  onClose,
}: FilterDialogProps<T>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {/* Mounted only while open, so each opening starts from the applied filters. */}
      {open && (
        <FilterForm
          titleId={titleId}
          definitions={definitions}
          applied={applied}
          variant={variant}
          onApply={onApply}
          onReset={onReset}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function FilterForm<T>({
  titleId,
  definitions,
  applied,
  variant,
  onApply,
  onReset,
  onClose,
}: Omit<FilterDialogProps<T>, 'open'> & { titleId: string }) {
  const [draft, setDraft] = useState<FilterDraft>(() => toDraft(definitions, applied));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [isSubmitted, setIsSubmitted] = useState(false);
  // What the dialog holds as filter values, for the inputs enabled only by another one's value.
  const current = fromDraft(definitions, draft);
  const isEnabled = (d: FilterDefinition<T>) => d.enabledWhen?.(current) ?? true;
  const enabled = definitions.filter(isEnabled);
  const errors = draftErrors(enabled, draft);
  // Definitions with a page are shown one page at a time; the others all at once.
  const pages = [...new Set(definitions.map((d) => d.page ?? 1))].sort((a, b) => a - b);
  const [pageIndex, setPageIndex] = useState(0);
  const currentPage = pages[pageIndex] ?? 1;
  const shown = definitions.filter((d) => (d.page ?? 1) === currentPage);

  const apply = () => {
    setIsSubmitted(true);
    const invalid = enabled.find((d) => errors[d.id]);
    if (invalid) {
      // Show the page holding the first wrong input.
      setPageIndex(pages.indexOf(invalid.page ?? 1));
      return;
    }
    onApply(fromDraft(enabled, draft));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <DialogTitle id={titleId}>Set Filters</DialogTitle>
      <DialogContent dividers>
        {pages.length > 1 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} aria-live="polite">
            Page {pageIndex + 1} of {pages.length}
          </Typography>
        )}
        <Stack spacing={2.5}>
          {shown.map((d) => (
            <FilterField
              key={d.id}
              definition={d}
              isDisabled={!isEnabled(d)}
              value={draft[d.id]!}
              errors={isSubmitted || touched.has(d.id) ? errors[d.id] : undefined}
              onChange={(value) => setDraft((current) => ({ ...current, [d.id]: value }))}
              onBlur={() => setTouched((current) => new Set(current).add(d.id))}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, py: 2 }}>
        {variant === 'defaults' ? (
          <Button onClick={onReset}>RESTORE DEFAULTS</Button>
        ) : (
          <Button color="error" onClick={onReset}>
            CLEAR FILTERS
          </Button>
        )}
        <Stack direction="row" spacing={1}>
          {pages.length > 1 && (
            <>
              <Button disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
                PREVIOUS
              </Button>
              <Button disabled={pageIndex === pages.length - 1} onClick={() => setPageIndex(pageIndex + 1)}>
                NEXT
              </Button>
            </>
          )}
          <Button onClick={onClose}>{variant === 'defaults' ? 'CANCEL' : 'CLOSE'}</Button>
          <Button type="submit" variant="contained">
            APPLY FILTERS
          </Button>
        </Stack>
      </DialogActions>
    </form>
  );
}
