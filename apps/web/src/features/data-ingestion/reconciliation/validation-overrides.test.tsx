import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../../test/ui-test-timeout';
import { historyRowOf, renderAlone } from '../data-ingestion.fixtures';
import { IngestedBatchesTable } from '../ingested-batches-table';

// Issue 39 point 1: the validation history keeps every account validated without reconciling, with
// its reason, who and when, and what the reconciliation said then.

const SAID =
  'The statement of 07/01/2026–07/31/2026 in july.csv: the opening balance $1,000.00 plus its 12 rows ($1,500.50) gives $2,500.50, but the closing balance is $2,600.50: a difference of $100.00.';
const HISTORY = [
  historyRowOf({
    batchId: 31,
    bankName: 'First National',
    overrides: [
      {
        accountName: 'Operating',
        accountNumber: '0001234',
        reason: 'The bank corrected the July closing balance by letter.',
        summary: SAID,
        userName: 'Ana Silva',
        at: '2026-08-04T15:00:00.000Z',
      },
      {
        accountName: 'Payroll',
        accountNumber: '0009',
        reason: 'Balances confirmed on the bank portal.',
        summary: 'The statement of 07/01/2026–07/31/2026 in payroll.csv states no closing balance.',
        userName: null,
        at: '2026-08-05T15:00:00.000Z',
      },
    ],
  }),
  historyRowOf({ batchId: 32, bankName: 'Harbor Bank', completedAt: '2026-05-20T12:00:00.000Z' }),
];

describe('Ingested Batches: overrides', { timeout: UI_TEST_TIMEOUT }, () => {
  it("counts a batch's overrides and lists them: account, reason, who, when, what was said", async () => {
    const { user } = renderAlone(<IngestedBatchesTable clientId={1} />, ['VIEW_VALIDATION_HISTORY'], {
      'GET /api/data-ingestion/validation/1': { body: HISTORY },
    });
    const table = await screen.findByRole('table', { name: 'Ingested Batches' });
    const harbor = (await within(table).findByText('Harbor Bank')).closest('tr')!;
    expect(within(harbor).queryByRole('button', { name: /overrides?:/ })).toBeNull();

    await user.click(
      within(table).getByRole('button', { name: '2 overrides: show them for First National / Operating' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Validated without reconciling: First National / Operating',
    });
    const list = within(dialog).getByRole('table', { name: 'Overrides' });
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Account', 'Reason', 'Validated By', 'Date', 'What the Reconciliation Said']);
    const rows = within(list).getAllByRole('row').slice(1);
    expect([...rows[0]!.children].map((td) => td.textContent)).toEqual([
      'Operating - 0001234',
      'The bank corrected the July closing balance by letter.',
      'Ana Silva',
      '08/04/2026',
      SAID,
    ]);
    expect(rows[1]!.children[2]!.textContent).toBe('---');
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
