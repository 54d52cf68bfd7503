import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { findRow, findTable, investmentOf, openDialog } from './staging-investments.fixtures';

// ingestion-analysis.md 2 "Staging investments dialog", 4, 8 and 9: title, columns and formats, the
// edit, Validate / Invalidate one and in bulk, and delete.

const ROWS = [
  investmentOf({ id: 1, validationStatus: 'No', interestRate: 4.123456, couponRate: 1.5 }),
  investmentOf({ id: 2, validationStatus: 'Yes', fund: 'Reserve Fund' }),
  investmentOf({ id: 3, validationStatus: 'No' }),
];
const CHANGED = (msg: string) => ({ body: { msg, changedCount: 1 } });
const bodiesOf = (api: ReturnType<typeof openDialog>['api'], path: string) =>
  api.calls.filter((c) => c.path === path).map((c) => c.body);

describe('staging investments dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('titles the account and its state, shows rates with 4 decimals and USD, hides the optional columns', async () => {
    openDialog(ROWS);
    expect(
      await screen.findByRole('heading', {
        name: 'Validate/Inspect/Edit: Acme County / First National / Investment - Needs Validation',
      }),
    ).toBeTruthy();
    const row = await findRow('CUSIP1');
    expect(within(row).getByText('4.1235')).toBeTruthy();
    expect(within(row).getByText('1.5000%')).toBeTruthy();
    expect(within(row).getByText('$100,000.00')).toBeTruthy();
    const table = await findTable();
    expect(within(table).queryByText('Fund')).toBeNull();
    expect(within(table).queryByText('Reserve Fund')).toBeNull();
  });

  it("says 'Validated' when no row is No", async () => {
    openDialog([investmentOf({ id: 2, validationStatus: 'Yes' })]);
    expect(
      await screen.findByRole('heading', {
        name: 'Validate/Inspect/Edit: Acme County / First National / Investment - Validated',
      }),
    ).toBeTruthy();
  });

  it('validates one row from its menu, and bulk Validate sends only the No rows', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'PUT /api/investments/staging/validate': CHANGED('Successfully validated investments.'),
    });
    const row = await findRow('CUSIP3');
    await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Validate' }));
    expect(await screen.findByText('Successfully validated investments.')).toBeTruthy();
    const table = await findTable();
    await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(bodiesOf(api, '/api/investments/staging/validate')).toHaveLength(2));
    expect(bodiesOf(api, '/api/investments/staging/validate')).toEqual([
      { batchAccountId: 31, stagingInvestmentIds: [3] },
      { batchAccountId: 31, stagingInvestmentIds: [1, 3] },
    ]);
  });

  it('bulk Invalidate sends only the Yes rows and shows the default when it fails', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'PUT /api/investments/staging/invalidate': { status: 500, body: {} },
    });
    const table = await findTable();
    await within(table).findByText('CUSIP1');
    await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Invalidate' }));
    expect(await screen.findByText('Failed to invalidate investments.')).toBeTruthy();
    expect(bodiesOf(api, '/api/investments/staging/invalidate')).toEqual([
      { batchAccountId: 31, stagingInvestmentIds: [2] },
    ]);
  });

  it('edits a row with the type from the list, and deletes after confirming', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      'PUT /api/investments/staging/1': ({ body }) => ({
        body: { msg: 'Investment updated successfully.', investment: { ...ROWS[0], ...(body as object) } },
      }),
      'DELETE /api/investments/staging': CHANGED('Investment(s) deleted successfully.'),
    });
    const row = await findRow('CUSIP1');
    await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Investment' });
    await user.click(within(edit).getByRole('combobox', { name: 'Investment Type' }));
    await user.click(await screen.findByRole('option', { name: 'Commercial Paper' }));
    await user.clear(within(edit).getByLabelText('Fund'));
    await user.type(within(edit).getByLabelText('Fund'), 'Operating');
    await user.click(within(edit).getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Investment updated successfully.')).toBeTruthy();
    expect(bodiesOf(api, '/api/investments/staging/1')[0]).toMatchObject({
      investment: { investmentTypeId: 2, fund: 'Operating', interestRate: '4.1235', callDate: null },
    });

    const table = await findTable();
    await user.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Investments' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Investment(s) deleted successfully.')).toBeTruthy();
    expect(bodiesOf(api, '/api/investments/staging')).toEqual([
      { investment: { stagingInvestmentIds: [1, 2, 3] } },
    ]);
  });
});
