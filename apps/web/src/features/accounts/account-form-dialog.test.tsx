import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import { AccountsTab } from './accounts-tab';
import { renderTab, STAGED, UI_TEST_TIMEOUT } from './accounts.fixtures';

const PERMS = ['VIEW_ACCOUNTS', 'ADD_ACCOUNTS', 'EDIT_ACCOUNTS', 'DELETE_ACCOUNTS'] as const;

async function openAddDialog(routes = {}) {
  const rendered = renderTab(<AccountsTab clientId={1} />, PERMS, routes);
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Add New Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Account' });
  return { ...rendered, user, dialog };
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValidAccount(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Account Name'), 'Reserve');
  await user.type(within(dialog).getByLabelText('Account Number'), '99881');
  await user.type(within(dialog).getByLabelText('Account Alias'), 'Res');
  await choose(user, dialog, 'Account Type', 'Transaction');
  await choose(user, dialog, 'Account Category', 'Operating');
  await user.type(within(dialog).getByLabelText('Start Balance'), '2500.00');
  fireEvent.change(within(dialog).getByLabelText('Balance Date'), { target: { value: '2025-01-31' } });
}

describe('Add/Edit Account dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it("says 'Required' under every required field and 'Field must be a number.' for a bad balance", async () => {
    const { user, dialog, api } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Start Balance'), '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field must be a number.')).toBeTruthy();
    // Name, number, alias, bank, type, category, balance date, account closed.
    const invalid = within(dialog)
      .getAllByText(ACCOUNT_MSG.required)
      .map((m) => m.closest('.MuiFormControl-root')?.querySelector('label')?.textContent);
    expect(invalid).toEqual([
      'Account Name',
      'Account Number',
      'Account Alias',
      'Bank',
      'Account Type',
      'Account Category',
      'Balance Date',
      'Account Closed',
    ]);
    expect(api.callsTo('POST', '/api/accounts/add')).toBe(0);

    await user.clear(within(dialog).getByLabelText('Start Balance'));
    await user.type(within(dialog).getByLabelText('Start Balance'), '-1250.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).queryByText('Field must be a number.')).toBeNull());
  });

  it('enables the closed date only while Account Closed is Yes, and requires it then', async () => {
    const { user, dialog, api } = await openAddDialog();
    const closedDate = () => within(dialog).getByLabelText('Account Closed Date') as HTMLInputElement;
    expect(closedDate().disabled).toBe(true);
    await fillValidAccount(user, dialog);
    await choose(user, dialog, 'Bank', 'First Bank');
    await choose(user, dialog, 'Account Closed', 'Yes');
    expect(closedDate().disabled).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closedDate().getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText(ACCOUNT_MSG.required)).toHaveLength(1);
    expect(api.callsTo('POST', '/api/accounts/add')).toBe(0);
    fireEvent.change(closedDate(), { target: { value: '2025-06-30' } });
    await choose(user, dialog, 'Account Closed', 'No');
    expect(closedDate().disabled).toBe(true);
    expect(closedDate().value).toBe('');
  });

  it('offers 20 years back and forward and refuses a date typed 21 years back', async () => {
    const { user, dialog, api } = await openAddDialog();
    const limits = findPickerLimits();
    const [balanceDate, closedDate] = ['Balance Date', 'Account Closed Date'].map(
      (label) => within(dialog).getByLabelText(label) as HTMLInputElement,
    ) as [HTMLInputElement, HTMLInputElement];
    for (const input of [balanceDate, closedDate])
      expect([input.min, input.max]).toEqual([limits.min, limits.max]);
    await fillValidAccount(user, dialog);
    await choose(user, dialog, 'Bank', 'First Bank');
    await choose(user, dialog, 'Account Closed', 'No');
    fireEvent.change(balanceDate, { target: { value: `${new Date().getFullYear() - 21}-01-31` } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(balanceDate.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/accounts/add')).toBe(0);
  });

  it("follows the bank's defaults, holds custom values, and Reset returns to the default", async () => {
    const { user, dialog, api } = await openAddDialog({
      'POST /api/accounts/add': { status: 201, body: { msg: 'Account created successfully.' } },
    });
    const collection = () => within(dialog).getByRole('combobox', { name: 'Collection Type' });
    const frequency = () => within(dialog).getByRole('combobox', { name: 'Data Gathering Frequency' });
    // No bank yet: no default to follow.
    expect(collection().textContent).toBe('Not set');
    expect(frequency().textContent).toBe('Not set');

    await choose(user, dialog, 'Bank', 'Second Bank');
    expect(collection().textContent).toBe('SFTP (default)');
    expect(frequency().textContent).toBe('6 months (default)');
    const resetCollection = within(dialog).getByRole('button', { name: 'Reset Collection Type' });
    expect((resetCollection as HTMLButtonElement).disabled).toBe(true);

    await choose(user, dialog, 'Collection Type', 'Plaid');
    expect(collection().textContent).toBe('Plaid');
    await user.click(resetCollection);
    expect(collection().textContent).toBe('SFTP (default)');
    await choose(user, dialog, 'Data Gathering Frequency', '12 months');

    await fillValidAccount(user, dialog);
    await choose(user, dialog, 'Account Closed', 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Account created successfully.')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/accounts/add');
    expect(post?.body).toEqual({
      account: {
        clientId: 1,
        accountName: 'Reserve',
        accountNumber: '99881',
        accountAlias: 'Res',
        accountType: 'Transaction',
        accountCategory: 'Operating',
        bankId: 6,
        accountBalance: '2500.00',
        accountBalanceDate: '2025-01-31',
        accountClosed: 0,
        accountDateClosed: null,
        dataGatheringFrequency: 12,
        collectionType: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("completes a staging account through 'Edit Account' and shows the server's refusal", async () => {
    renderTab(<AccountsTab clientId={1} />, PERMS, {
      'PUT /api/accounts/12': {
        status: 409,
        body: {
          msg: ACCOUNT_MSG.duplicateNumber,
          fieldErrors: { 'account.accountNumber': [ACCOUNT_MSG.duplicateNumber] },
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const staging = await screen.findByRole('table', { name: 'These accounts require additional setup' });
    // Staging names are not links.
    expect((await within(staging).findByText('Uploaded Savings')).closest('a')).toBeNull();
    await user.click(within(staging).getByRole('button', { name: `Actions for ${STAGED.accountName}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Account' });
    expect((within(dialog).getByLabelText('Account Name') as HTMLInputElement).value).toBe(
      'Uploaded Savings',
    );
    await user.type(within(dialog).getByLabelText('Account Alias'), 'Sav');
    await choose(user, dialog, 'Bank', 'First Bank');
    await choose(user, dialog, 'Account Type', 'Investment');
    await choose(user, dialog, 'Account Category', 'Payroll');
    fireEvent.change(within(dialog).getByLabelText('Balance Date'), { target: { value: '2025-02-01' } });
    await choose(user, dialog, 'Account Closed', 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The toast and the field both carry the server's message.
    await waitFor(() => expect(screen.getAllByText(ACCOUNT_MSG.duplicateNumber).length).toBe(2));
    expect(screen.getByRole('dialog', { name: 'Edit Account' })).toBeTruthy();
  });
});
