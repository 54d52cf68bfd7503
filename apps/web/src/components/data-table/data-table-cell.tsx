import { isValidElement, type FocusEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { readColumn, showCell } from './client-rows';
import type { DataTableColumn } from './data-table.types';

/** The widest a cell grows before its text is cut (issue 20 point 4: tables that fit a laptop). */
export const CELL_MAX_WIDTH = 320;

/** The actions column stays in view at the right edge while a wide table scrolls under it. */
export const STICKY_END_SX = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  // The colour of the table's own cell borders (MUI's TableCell, light theme).
  boxShadow: 'inset 1px 0 0 rgb(224, 224, 224)',
} as const;

/**
 * A wide table's compact layout (issue 42 point 7: All Investments showed 5 of its 12 columns at
 * 1280 px): tighter cells in a smaller type, headers wrapping onto more lines where the width is short,
 * and the arrow of an unsorted column drawn over the padding on hover instead of taking its own width.
 * Horizontal scrolling stays for what still does not fit.
 */
export const COMPACT_TABLE_SX = {
  '& th, & td': { px: '3px', fontSize: '0.8125rem' },
  '& th:first-of-type, & td:first-of-type': { pl: 1 },
  '& th.MuiTableCell-paddingCheckbox, & td.MuiTableCell-paddingCheckbox': { width: 32, px: 0.5 },
  '& .MuiTableCell-paddingCheckbox .MuiCheckbox-root.MuiCheckbox-root': { p: 0.25 },
  '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom', lineHeight: 1.25 },
  '& .MuiTableSortLabel-root': { position: 'relative' },
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': {
    position: 'absolute',
    right: -16,
    bottom: 0,
  },
} as const;

// Shows the whole text in the cell's tooltip, only when the cell cuts it.
function showFullTextIfCut(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>, fullText?: string) {
  const box = event.currentTarget;
  const isCut = box.scrollWidth > box.clientWidth;
  if (isCut) box.title = fullText ?? box.textContent ?? '';
  else box.removeAttribute('title');
}

/**
 * One body cell's content (issue 20 points 4 and 5). Text stays on one line, cut with an ellipsis at the
 * column's width, the whole text in a tooltip; other content (links, chips) wraps, breaking a long
 * unbroken word (a URL, a reference) anywhere rather than stretching the table.
 */
export function DataTableCellContent<T>({ column, row }: { column: DataTableColumn<T>; row: T }) {
  const value = readColumn(column, row);
  const content = column.cell ? column.cell(row) : showCell(value);
  const maxWidth = column.maxWidth ?? CELL_MAX_WIDTH;
  if (isValidElement(content) || Array.isArray(content))
    return <Box sx={{ maxWidth, overflowWrap: 'break-word' }}>{content}</Box>;
  // The tooltip shows the column's value when it is the longer text (a comment shown cut to 100).
  const shown =
    content === null || content === undefined || typeof content === 'boolean' ? '' : String(content);
  const fullText = typeof value === 'string' && value.length > shown.length ? value : shown;
  return (
    <Box
      onMouseEnter={(e) => showFullTextIfCut(e, fullText)}
      sx={{ maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {shown}
    </Box>
  );
}
