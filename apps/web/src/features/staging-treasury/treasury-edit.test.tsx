import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  accountBalanceOf,
  api,
  balanceOf,
  bodiesOf,
  chooseRowAction,
  feeOf,
  findTable,
  openDialog,
} from './staging-treasury.fixtures';

const ACCOUNT_BALANCES = 'Inspect Staging Account Balances';
const OK = (msg: string) => ({ body: { msg, changedCount: 1 } });
const ECR = accountBalanceOf({
  stagingAccountBalanceId: 7,
  description: 'ecr',
  headers: ['July', 'August'],
  amounts: [
    [0, 0.0125],
    [1, 0.015],
  ],
});
const LEDGER = accountBalanceOf({ stagingAccountBalanceId: 8, description: 'Ledger' });

describe('Edit Staging Account Balance (spec 5)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('edits a rate row in percent, refuses below 0% and blanks, and saves /100', async () => {
    const {
      api: fake,
      user,
      queryClient,
    } = openDialog({ accountBalances: [ECR, LEDGER] }, undefined, {
      [`PUT ${api('/account-balances/staging')}`]: OK('Saved the ECR.'),
    });
    queryClient.setQueryData(['data-ingestion', 'batch', 22, 'accounts'], []);
    await chooseRowAction(user, ACCOUNT_BALANCES, 'ecr', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staging Account Balance' });
    const july = within(dialog).getByRole('textbox', { name: 'July' });
    const august = within(dialog).getByRole('textbox', { name: 'August' });
    expect((july as HTMLInputElement).value).toBe('1.25');
    expect((august as HTMLInputElement).value).toBe('1.5');
    await user.clear(july);
    await user.type(july, '-1');
    await user.clear(august);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('ECR can not be less than 0%.')).toBeTruthy();
    expect(within(dialog).getByText('Required!')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/account-balances/staging')).toEqual([]);

    await user.clear(july);
    await user.type(july, '2.5');
    await user.type(august, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the ECR.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/account-balances/staging')).toEqual([
      {
        balance: {
          batchId: 22,
          stagingAccountBalanceId: 7,
          accountBalanceAmounts: [
            [0, 0.025],
            [1, 0],
          ],
        },
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Staging Account Balance' })).toBeNull(),
    );
    expect(queryClient.getQueryState(['data-ingestion', 'batch', 22, 'accounts'])?.isInvalidated).toBe(true);
  });

  it("saves a dollar row as typed; shows the server's msg, else the default, on failure", async () => {
    let answer: { status: number; body: object } = { status: 400, body: { msg: 'Batch is validated.' } };
    const { api: fake, user } = openDialog({ accountBalances: [ECR, LEDGER] }, undefined, {
      [`PUT ${api('/account-balances/staging')}`]: () => answer,
    });
    await chooseRowAction(user, ACCOUNT_BALANCES, 'Ledger', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staging Account Balance' });
    const july = within(dialog).getByRole('textbox', { name: 'July' });
    expect((july as HTMLInputElement).value).toBe('2500');
    await user.clear(july);
    await user.type(july, '-12.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Batch is validated.')).toBeTruthy();
    answer = { status: 500, body: {} };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to edit Staging Account Balance.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/account-balances/staging')[0]).toEqual({
      balance: { batchId: 22, stagingAccountBalanceId: 8, accountBalanceAmounts: [[0, '-12.75']] },
    });
  });
});

describe('edit a staging balance (spec 5)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('needs a standardized description and numeric amounts; a rate row saves /100', async () => {
    const rate = balanceOf({
      stagingBalanceId: 3,
      description: 'Earnings Credit Rate',
      amounts: [[0, 0.02]],
    });
    let answer: { status: number; body: object } = { status: 500, body: {} };
    const { api: fake, user } = openDialog({ balances: [rate] }, undefined, {
      [`PUT ${api('/balances/staging')}`]: () => answer,
    });
    await chooseRowAction(user, 'Inspect Staging Balances', 'Earnings Credit Rate', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staging Balance' });
    const july = within(dialog).getByRole('textbox', { name: 'July' });
    expect((july as HTMLInputElement).value).toBe('2');
    await user.clear(july);
    await user.type(july, '1.2x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field must be a number.')).toBeTruthy();
    expect(within(dialog).getByText('Required!')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/balances/staging')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Standardized Description' }));
    await user.click(await screen.findByRole('option', { name: 'Earnings Credit Rate' }));
    await user.clear(july);
    await user.type(july, '1.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to edit Staging Balance.')).toBeTruthy();
    answer = { status: 200, body: { msg: 'Balance saved.', changedCount: 1 } };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Balance saved.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/balances/staging').at(-1)).toEqual({
      balance: { batchId: 22, stagingBalanceId: 3, standardDescriptionId: 6, balanceAmounts: [[0, 0.0175]] },
    });
  });
});

describe('edit a staging fee (spec 5)', { timeout: UI_TEST_TIMEOUT }, () => {
  const FEE = feeOf({
    stagingFeeId: 4,
    categoryId: 1,
    category: 'Balance and Compensation',
    subCategoryId: 11,
  });

  it('clears the sub category when the category changes and needs both; Unit Price numeric', async () => {
    const { api: fake, user } = openDialog({ fees: [FEE] }, undefined, {
      [`PUT ${api('/fees/staging')}`]: { status: 500, body: {} },
    });
    await chooseRowAction(user, 'Inspect Staging Fees', 'Fee 4', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staging Fee' });
    const sub = within(dialog).getByRole('combobox', { name: 'Sub Category' });
    await waitFor(() => expect(sub.textContent).toBe('Balance Services'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Depository Services' }));
    await waitFor(() => expect(sub.textContent).not.toBe('Balance Services'));
    const price = within(dialog).getByRole('textbox', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field must be a number.')).toBeTruthy();
    expect(within(dialog).getByText('Required!')).toBeTruthy();

    await user.click(sub);
    await user.click(await screen.findByRole('option', { name: 'Deposits Posted' }));
    await user.clear(price);
    await user.type(price, '0.30');
    await user.click(within(dialog).getByRole('combobox', { name: 'Bank Level Exception' }));
    await user.click(await screen.findByRole('option', { name: 'Waived' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to edit Staging Fees.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/fees/staging')).toEqual([
      {
        fees: {
          batchId: 22,
          categoryId: 2,
          subCategoryId: 21,
          unitPrice: '0.30',
          bankLevelException: 3,
          clientLevelException: null,
          feeIds: [4],
        },
      },
    ]);
  });

  it('edits the category of the selected fees at once, both fields required', async () => {
    const { api: fake, user } = openDialog(
      { fees: [FEE, feeOf({ stagingFeeId: 5 }), feeOf({ stagingFeeId: 6 })] },
      undefined,
      { [`PUT ${api('/fees/staging')}`]: OK('Fees categorized.') },
    );
    const table = await findTable('Inspect Staging Fees');
    await within(table).findByText('Fee 4');
    await user.click(within(table).getByRole('checkbox', { name: 'Select Fee 4' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Fee 6' }));
    await user.click(screen.getByRole('button', { name: 'Edit Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Edit Staging Fee category' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required!')).toHaveLength(2));
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Balance and Compensation' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Sub Category' }));
    await user.click(await screen.findByRole('option', { name: 'Balance Services' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fees categorized.')).toBeTruthy();
    expect(bodiesOf(fake, 'PUT', '/fees/staging')).toEqual([
      { fees: { batchId: 22, categoryId: 1, subCategoryId: 11, feeIds: [4, 6] } },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Bulk Edit Staging Fee category' })).toBeNull(),
    );
  });
});
