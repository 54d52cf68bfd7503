import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { describe, expect, it } from 'vitest';
import { createGrid } from '../core/grid.js';
import { matchTemplate } from './match-template.js';

const transform = {
  cellHeaderData: 'Bank of Tides',
  accountNumber: '0',
  date: '1',
  description: '2',
  amount: '3',
  headerStart: '1',
};
const headerTemplate = {
  templateId: 1,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Account,Date,  Description ,AMOUNT',
  jsonTransform: [{ ...transform, fileNameIncluded: false, specialCase: false }],
} as ImportTemplate;
const cellTemplate = { ...headerTemplate, templateId: 2, templateType: 'Cell' } as ImportTemplate;

describe('matchTemplate', () => {
  const grid = createGrid(
    [
      ['Bank of Tides', '', '', ''],
      [' account ', 'date', 'Description', 'Amount', ''],
      ['1', '01/02/2024', 'x', '5'],
    ],
    { format: 'csv' },
  );

  it('matches a Header template by its header row, trimmed, case-folded and space-collapsed', () => {
    const match = matchTemplate(grid, [headerTemplate]);
    expect(match.ok && match.value.template.templateId).toBe(1);
  });

  it('matches a Cell template by the first non-empty cell', () => {
    const match = matchTemplate(grid, [cellTemplate]);
    expect(match.ok && match.value.sheetIndexes).toEqual([0]);
  });

  it('reports the detected header row and first cell when nothing matches', () => {
    const other = createGrid(
      [
        ['', 'Other bank'],
        ['Posted', 'Memo', 'Value'],
        ['01/02/2024', 'x', '5'],
      ],
      { format: 'csv' },
    );
    expect(matchTemplate(other, [headerTemplate, cellTemplate])).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'no-template-matched',
        headerRowIndex: 1,
        headerRow: 'Posted,Memo,Value',
        firstCell: 'Other bank',
      }),
    });
  });
});
