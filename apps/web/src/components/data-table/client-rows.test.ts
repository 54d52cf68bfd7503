import { describe, expect, it } from 'vitest';
import { filterRows, searchRows, sortRows } from './client-rows';
import type { DataTableColumn, FilterDefinition } from './data-table.types';
import { fromDraft, toDraft } from './filter-draft';

interface Note {
  id: number;
  title: string;
  categoryId: number;
  tags: string[];
  isResolved: boolean;
  amount: number | null;
}

const NOTES: Note[] = [
  { id: 1, title: 'Rate check', categoryId: 1, tags: ['fees'], isResolved: false, amount: 10 },
  { id: 2, title: 'rate review', categoryId: 2, tags: ['rates', 'fees'], isResolved: true, amount: null },
  { id: 3, title: 'Onboarding', categoryId: 3, tags: [], isResolved: false, amount: 5 },
];
const COLUMNS: DataTableColumn<Note>[] = [
  { id: 'title', header: 'Title' },
  { id: 'amount', header: 'Amount' },
];
const FILTERS: FilterDefinition<Note>[] = [
  {
    id: 'categoryId',
    label: 'Category',
    kind: 'multiSelect',
    options: [
      { value: 1, label: 'General' },
      { value: 2, label: 'Rates' },
      { value: 3, label: 'Setup' },
    ],
  },
  {
    id: 'tags',
    label: 'Tag',
    kind: 'select',
    accessor: (n) => n.tags,
    options: [{ value: 'fees', label: 'Fees' }],
  },
  { id: 'isResolved', label: 'Resolved', kind: 'boolean' },
  { id: 'title', label: 'Title', kind: 'text' },
];
const ids = (rows: Note[]) => rows.map((r) => r.id);

describe('client-side rows', () => {
  it('filters multi-select, select over an array, boolean and text prefix', () => {
    expect(ids(filterRows(NOTES, COLUMNS, FILTERS, { categoryId: [1, 3] }))).toEqual([1, 3]);
    expect(ids(filterRows(NOTES, COLUMNS, FILTERS, { tags: 'fees' }))).toEqual([1, 2]);
    expect(ids(filterRows(NOTES, COLUMNS, FILTERS, { isResolved: false }))).toEqual([1, 3]);
    expect(ids(filterRows(NOTES, COLUMNS, FILTERS, { title: 'RATE' }))).toEqual([1, 2]);
    expect(ids(filterRows(NOTES, COLUMNS, FILTERS, { title: 'check' }))).toEqual([]);
    expect(ids(filterRows(NOTES, COLUMNS, FILTERS, { categoryId: [] }))).toEqual([1, 2, 3]);
  });

  it('searches every searchable column by "contains"', () => {
    expect(ids(searchRows(NOTES, COLUMNS, 'view'))).toEqual([2]);
    expect(ids(searchRows(NOTES, COLUMNS, ' 5 '))).toEqual([3]);
  });

  it('sorts blanks last in both directions', () => {
    expect(ids(sortRows(NOTES, COLUMNS, { id: 'amount', desc: false }))).toEqual([3, 1, 2]);
    expect(ids(sortRows(NOTES, COLUMNS, { id: 'amount', desc: true }))).toEqual([1, 3, 2]);
  });

  it('round-trips the dialog draft, keeping option values typed and dropping blanks', () => {
    const applied = { categoryId: [2, 3], isResolved: false, title: 'Rate' };
    const draft = toDraft(FILTERS, applied);
    expect(draft).toEqual({ categoryId: ['2', '3'], tags: '', isResolved: 'false', title: 'Rate' });
    expect(fromDraft(FILTERS, draft)).toEqual(applied);
  });
});
