import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** 12,345: written out, since the first Intl formatter a page makes loads ICU's data (architecture.md "Web"). */
export const countText = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

interface SelectAllBannerProps {
  isAllMatching: boolean;
  /** Every selectable row of the page is ticked. */
  isAllOnPage: boolean;
  /** Rows ticked on the page, and rows the page shows. */
  selectedOnPage: number;
  pageRowCount: number;
  matchingCount: number;
  isCountBounded: boolean;
  /** Sentences about the actions that cannot take that many rows ('Bulk Edit works on at most 500…'). */
  limits: readonly string[];
  onSelectAllMatching: () => void;
  onClearSelection: () => void;
}

/**
 * Issue 39: the head checkbox ticks the page; when the filter holds more rows than the page, this
 * offers them all ('All 50 rows on this page are selected. Select all 114 rows'), then says so and
 * offers to clear. A bulk action then works on every matching row, not only the 50 shown.
 */
export function SelectAllBanner(props: SelectAllBannerProps) {
  const { isAllMatching, matchingCount, isCountBounded } = props;
  const hasMoreThanPage = isCountBounded || matchingCount > props.pageRowCount;
  const isOffered = isAllMatching || (props.isAllOnPage && hasMoreThanPage);
  const all = isCountBounded ? `more than ${countText(matchingCount)}` : countText(matchingCount);
  return (
    // Always in the page, so that screen readers announce what appears in it.
    <Box role="status" aria-live="polite">
      {isOffered && (
        <Box
          sx={{
            px: 2,
            py: 0.75,
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: 1,
            bgcolor: 'action.selected',
          }}
        >
          <Typography variant="body2">
            {isAllMatching
              ? `All ${all} rows are selected.`
              : `All ${countText(props.selectedOnPage)} rows on this page are selected.`}
          </Typography>
          {isAllMatching ? (
            <Button size="small" onClick={props.onClearSelection}>
              Clear selection
            </Button>
          ) : (
            <Button size="small" onClick={props.onSelectAllMatching}>
              {isCountBounded ? `Select all ${all} matching rows` : `Select all ${all} rows`}
            </Button>
          )}
          {isAllMatching &&
            props.limits.map((limit) => (
              <Typography key={limit} variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
                {limit}
              </Typography>
            ))}
        </Box>
      )}
    </Box>
  );
}
