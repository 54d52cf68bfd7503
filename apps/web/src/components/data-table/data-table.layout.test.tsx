import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DataTable } from './data-table';
import { CELL_MAX_WIDTH } from './data-table-cell';
import type { DataTableColumn } from './data-table.types';
import { renderWithQueryClient, signInWith } from './data-table.fixtures';

// Issue 20 points 4 and 5: every table keeps its actions in view, cuts long texts with a tooltip and
// breaks long unbroken words instead of stretching. jsdom has no layout: the styles are checked here,
// the real widths at 1280 px in e2e/specs/17-laptop-tables.e2e.ts.

interface Row {
  id: number;
  name: string;
  comment: string;
  reference: string;
}

const LONG_COMMENT = `Rate confirmed by phone; ${'call back next quarter to renegotiate the tier, '.repeat(6)}`;
const UNBROKEN = 'A'.repeat(200);
const ROWS: Row[] = [{ id: 1, name: 'Springfield', comment: LONG_COMMENT, reference: UNBROKEN }];

const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name' },
  // Shown cut to 100 characters, like the negotiated rates' comments.
  { id: 'comment', header: 'Comments', cell: (r) => `${r.comment.slice(0, 100)}...` },
  { id: 'reference', header: 'Reference', cell: (r) => <strong>{r.reference}</strong> },
];

function renderTable() {
  signInWith(['EDIT_THINGS']);
  return renderWithQueryClient(
    <DataTable
      title="Things"
      columns={COLUMNS}
      getRowId={(r) => r.id}
      mode={{ kind: 'client', rows: ROWS }}
      rowActions={[{ label: 'Edit', permissions: [], onClick: () => undefined }]}
    />,
  );
}

describe('DataTable on a laptop screen', () => {
  it('keeps the actions column stuck to the right edge of a table that scrolls inside its card', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Things' });
    const actionsHeader = within(table).getByRole('columnheader', { name: 'Actions' });
    const actionsCell = within(table).getByRole('button', { name: 'Actions for 1' }).closest('td')!;
    for (const cell of [actionsHeader, actionsCell]) {
      const style = getComputedStyle(cell);
      expect(style.position).toBe('sticky');
      expect(style.right).toBe('0px');
    }
    expect(getComputedStyle(table.parentElement!).overflowX).toBe('auto');
  });

  it('cuts a long text on one line with an ellipsis, and shows it whole in a tooltip when cut', () => {
    renderTable();
    const shown = screen.getByText(`${LONG_COMMENT.slice(0, 100)}...`);
    const style = getComputedStyle(shown);
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.overflow).toBe('hidden');
    expect(style.maxWidth).toBe(`${CELL_MAX_WIDTH}px`);
    // Not cut: no tooltip.
    fireEvent.mouseEnter(shown);
    expect(shown.getAttribute('title')).toBeNull();
    // Cut by the column's width: the tooltip holds the whole comment, not only the 100 shown.
    Object.defineProperty(shown, 'scrollWidth', { configurable: true, value: 900 });
    Object.defineProperty(shown, 'clientWidth', { configurable: true, value: CELL_MAX_WIDTH });
    fireEvent.mouseEnter(shown);
    expect(shown.getAttribute('title')).toBe(LONG_COMMENT);
  });

  it('breaks a long unbroken word inside its column instead of widening the table', () => {
    renderTable();
    const box = screen.getByText(UNBROKEN).parentElement!;
    expect(getComputedStyle(box).overflowWrap).toBe('break-word');
    expect(getComputedStyle(box).maxWidth).toBe(`${CELL_MAX_WIDTH}px`);
  });
});
