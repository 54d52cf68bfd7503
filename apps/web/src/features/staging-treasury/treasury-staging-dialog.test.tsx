import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  accountBalanceOf,
  balanceOf,
  feeOf,
  findRow,
  findTable,
  openDialog,
  TITLE,
} from './staging-treasury.fixtures';

const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const paperOf = (dialog: HTMLElement) => dialog.closest('.MuiDialog-paper') ?? dialog;

describe('treasury staging dialog (spec 2)', { timeout: UI_TEST_TIMEOUT }, () => {
  it("badges 'Needs Validation' while a row is No", async () => {
    openDialog({
      balances: [
        balanceOf({ stagingBalanceId: 1, validationStatus: 'Yes' }),
        balanceOf({ stagingBalanceId: 2, validationStatus: 'No' }),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByText('Needs Validation')).toBeTruthy();
    expect(within(dialog).queryByText('Validated')).toBeNull();
  });

  it("badges 'Validated' when every row of every section shown is Yes", async () => {
    openDialog({
      balances: [balanceOf({ stagingBalanceId: 1, validationStatus: 'Yes' })],
      fees: [feeOf({ stagingFeeId: 2, validationStatus: 'Yes' })],
    });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByText('Validated')).toBeTruthy();
  });

  it('takes the amount headers from the first row, shows rates x100 and the rest in dollars', async () => {
    openDialog({
      accountBalances: [
        accountBalanceOf({
          stagingAccountBalanceId: 1,
          headers: ['July', 'August'],
          amounts: [
            [0, 1500],
            [1, -20.5],
          ],
        }),
        accountBalanceOf({
          stagingAccountBalanceId: 2,
          description: 'ecr',
          afpCode: '000230',
          headers: ['Ignored', 'Headers', 'Here'],
          amounts: [
            [0, 0.0125],
            [null, null],
          ],
        }),
      ],
    });
    const table = await findTable('Inspect Staging Account Balances');
    await within(table).findByText('Account balance 1');
    expect(columnHeaders(table)).toEqual(
      expect.arrayContaining(['Account Number', 'AFP Code', 'Description', 'July', 'August', 'Validated?']),
    );
    expect(columnHeaders(table)).not.toContain('Ignored');
    const first = await findRow('Inspect Staging Account Balances', 'Account balance 1');
    expect(within(first).getByText('$1,500.00')).toBeTruthy();
    expect(within(first).getByText('-$20.50')).toBeTruthy();
    expect(within(first).getByText('-')).toBeTruthy();
    const rate = await findRow('Inspect Staging Account Balances', 'ecr');
    expect(within(rate).getByText('1.25%')).toBeTruthy();
    expect(within(rate).getByText('000230')).toBeTruthy();
    const paper = paperOf(screen.getByRole('dialog', { name: TITLE }));
    expect(paper.className).toContain('MuiDialog-paperWidthLg');
  });

  it('widens past 6 amount columns', async () => {
    const headers = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul'];
    openDialog({
      balances: [
        balanceOf({
          stagingBalanceId: 1,
          headers,
          amounts: headers.map((_h, i): [number, number] => [i, i * 100]),
        }),
      ],
    });
    const table = await findTable('Inspect Staging Balances');
    await within(table).findByText('Balance 1');
    expect(columnHeaders(table)).toEqual(expect.arrayContaining(headers));
    const paper = paperOf(screen.getByRole('dialog', { name: TITLE }));
    expect(paper.className).toContain('MuiDialog-paperWidthXl');
  });

  it('lists the fee columns, with a volume and an amount per header', async () => {
    openDialog({ fees: [feeOf({ stagingFeeId: 1 })] });
    const table = await findTable('Inspect Staging Fees');
    await within(table).findByText('Fee 1');
    expect(columnHeaders(table).filter((h) => h !== '')).toEqual([
      'Bank Category',
      'Description',
      'Bank Code',
      'AFP Code',
      'Category',
      'Sub Category',
      'Bank Level Exception',
      'Client Level Exception',
      'Unit Price',
      'Volume',
      'Amount',
      'Validated?',
      'Actions',
    ]);
    const row = await findRow('Inspect Staging Fees', 'Fee 1');
    expect(within(row).getByText('$0.25')).toBeTruthy();
    expect(within(row).getByText('$12.50')).toBeTruthy();
  });

  it('shows one tab per section of the batch accounts it was opened on', async () => {
    const { user } = openDialog({
      balances: [balanceOf({ stagingBalanceId: 1 })],
      accountBalances: [accountBalanceOf({ stagingAccountBalanceId: 2 })],
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Balance', 'Account Balance']);
    expect(await findTable('Inspect Staging Balances')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Account Balance' }));
    expect(await findTable('Inspect Staging Account Balances')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Inspect Staging Balances' })).toBeNull();
  });

  it('hides a section the user may not view, and the actions the user may not take', async () => {
    openDialog(
      {
        balances: [balanceOf({ stagingBalanceId: 1 })],
        fees: [feeOf({ stagingFeeId: 2 })],
      },
      ['VIEW_STAGING_FEES'],
    );
    const table = await findTable('Inspect Staging Fees');
    await within(table).findByText('Fee 2');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(columnHeaders(table)).not.toContain('Actions');
  });

  it('offers each action to its permission only', async () => {
    const { user } = openDialog({ accountBalances: [accountBalanceOf({ stagingAccountBalanceId: 1 })] }, [
      'VIEW_STAGING_ACCOUNT_BALANCES',
      'VALIDATE_STAGING_ACCOUNT_BALANCES',
    ]);
    const row = await findRow('Inspect Staging Account Balances', 'Account balance 1');
    await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Validate']),
    );
  });

  it('offers Validate on a No row and Invalidate on a Yes row', async () => {
    const { user } = openDialog({
      fees: [feeOf({ stagingFeeId: 1 }), feeOf({ stagingFeeId: 2, validationStatus: 'Yes' })],
    });
    await user.click(
      within(await findRow('Inspect Staging Fees', 'Fee 1')).getByRole('button', { name: /^Actions for/ }),
    );
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual([
      'Edit',
      'Validate',
      'Delete',
    ]);
    await user.keyboard('{Escape}');
    await user.click(
      within(await findRow('Inspect Staging Fees', 'Fee 2')).getByRole('button', { name: /^Actions for/ }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
        'Edit',
        'Invalidate',
        'Delete',
      ]),
    );
  });
});
