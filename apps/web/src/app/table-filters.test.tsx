import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import { AccountGroupsTab } from '../features/accounts/account-groups-tab';
import { ACCOUNT_COLUMNS, accountFilters } from '../features/accounts/account-columns';
import { ClientBanksTable } from '../features/clients/client-banks-table';
import { InvestmentGroupsTab } from '../features/investments/investment-groups-tab';
import { TemplatesTable } from '../features/templates/templates-table';
import { RolesTab } from '../features/users/roles-tab';
import { DataTable } from '../components/data-table/data-table';
import { createQueryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';
import { fakeApi, type FakeResponse } from '../test/fake-api';
import { accountOf } from '../test/fixture-records';
import { UI_TEST_TIMEOUT } from '../test/ui-test-timeout';
import { AppProviders } from './providers';

// Issue 20 point 3: every table the spec lists offers its Set Filters dialog (platform.md 2.8, 2.9).

const CREATED = '2025-01-01T00:00:00.000Z';

function renderTable(ui: ReactNode, routes: Record<string, FakeResponse>, permList: Permission[] = []) {
  useSessionStore
    .getState()
    .setUser({ userId: 3, firstName: 'Grace', lastName: 'Hopper', email: 'g@x.io', permList });
  fakeApi({ 'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } }, ...routes });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup({ delay: null });
}

/** Opens the table's Set Filters dialog and answers the labels of its inputs. */
async function openFilters(tableName: string, rowText: string) {
  const user = userEvent.setup({ delay: null });
  const region = await screen.findByRole('region', { name: tableName });
  await within(region).findAllByText(rowText);
  await user.click(within(region).getByRole('button', { name: /^Filters/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
  return { user, region, dialog };
}

const labelled = (dialog: HTMLElement, label: string) =>
  within(dialog).queryByRole('group', { name: label }) ??
  within(dialog).queryByRole('combobox', { name: label }) ??
  within(dialog).queryByRole('textbox', { name: label });

describe('Filters on every table (issue 20 point 3)', { timeout: UI_TEST_TIMEOUT }, () => {
  it('All Accounts: Account Closed, and Closed Date enabled only when closed is Yes', async () => {
    const accounts = [
      accountOf({ accountId: 10, accountName: 'Operating' }),
      accountOf({
        accountId: 11,
        accountName: 'Old Payroll',
        accountClosed: 1,
        accountDateClosed: '2025-06-30',
      }),
      accountOf({
        accountId: 12,
        accountName: 'Older Sweep',
        accountClosed: 1,
        accountDateClosed: '2024-02-01',
      }),
    ];
    renderTable(
      <DataTable
        title="All Accounts"
        columns={ACCOUNT_COLUMNS}
        filters={accountFilters(accounts)}
        getRowId={(a) => a.accountId}
        mode={{ kind: 'client', rows: accounts }}
      />,
      {},
    );
    const { user, region, dialog } = await openFilters('All Accounts', 'Operating');
    const closedDate = within(dialog).getByRole('group', { name: 'Closed Date' });
    expect(within(closedDate).getByLabelText('From').hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'Account Closed' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    const from = within(closedDate).getByLabelText('From');
    expect(from.hasAttribute('disabled')).toBe(false);
    await user.type(from, '2025-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(await within(region).findByText('1 of 3 rows')).toBeTruthy();
    // The page is aria-hidden while the dialog fades out: read the links by their text.
    expect(within(region).getByText('Old Payroll', { selector: 'a' })).toBeTruthy();
    expect(within(region).queryByText('Older Sweep', { selector: 'a' })).toBeNull();

    // Back to Any: the closed date is disabled again and no longer applied.
    await user.click(await within(region).findByRole('button', { name: /^Filters/ }));
    const again = await screen.findByRole('dialog', { name: 'Set Filters' });
    await user.click(within(again).getByRole('combobox', { name: 'Account Closed' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    await user.click(within(again).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(await within(region).findByText('3 of 3 rows')).toBeTruthy();
  });

  it('the client Banks sub-tab', async () => {
    renderTable(<ClientBanksTable clientId={1} clientName="Acme" />, {
      'GET /api/clients/banks/all/1': {
        body: [
          {
            bankClientRelId: 1,
            clientId: 1,
            bankId: 5,
            bankName: 'First Bank',
            numOfAccounts: 2,
            avgBalance12Months: 1200,
            createdAt: CREATED,
            updatedAt: CREATED,
            status: 1,
            collectionType: 'Email',
          },
        ],
      },
    });
    const { dialog } = await openFilters('Banks', 'First Bank');
    for (const label of ['Bank Name', '# of Accounts', 'Average Balance', 'Creation Date', 'Active Status'])
      expect(labelled(dialog, label), label).toBeTruthy();
  });

  it('Account Groups', async () => {
    renderTable(
      <AccountGroupsTab clientId={1} />,
      {
        'GET /api/accounts/groups/all/1': {
          body: [
            {
              groupID: 4,
              groupName: 'All Accounts',
              numberOfAccounts: 2,
              updatedAt: CREATED,
              validationStatus: 'YES',
              minDate: '2024-01-01',
              isAllAccounts: true,
            },
          ],
        },
      },
      ['VIEW_ACCOUNT_GROUPS'],
    );
    const { dialog } = await openFilters('Account Groups', 'All Accounts');
    for (const label of ['Group Name', '# of Accounts', 'Validation Status', 'Min Date', 'Updated At'])
      expect(labelled(dialog, label), label).toBeTruthy();
  });

  it('Investment Groups', async () => {
    renderTable(<InvestmentGroupsTab />, {
      'GET /api/investments/groups': {
        body: [
          {
            groupId: 7,
            groupName: 'Reserves',
            countInvestments: 1,
            settlementAmountSum: 990_000,
            updatedAt: CREATED,
          },
        ],
      },
    });
    const { dialog } = await openFilters('Investment Groups', 'Reserves');
    for (const label of ['Group ID', 'Group Name', 'Investments', 'Settlement Total', 'Updated At'])
      expect(labelled(dialog, label), label).toBeTruthy();
  });

  it('Templates', async () => {
    renderTable(<TemplatesTable />, {
      'GET /api/templates/transaction': {
        body: [
          {
            templateId: 7,
            bankClientRelId: 5,
            clientId: 1,
            type: 'Transaction',
            templateType: 'Cell',
            headerRow: null,
            jsonTransform: [
              { cellHeaderData: 'Statement', date: '1', description: '2', amount: '4', headerStart: '2' },
            ],
            createdAt: CREATED,
            updatedAt: CREATED,
            headerRowOrFirstCell: 'Statement',
            clientName: 'Acme',
            bankName: 'First National',
          },
        ],
      },
    });
    const { dialog } = await openFilters('Templates', 'Statement');
    for (const label of ['Header Row/First Cell', 'Type', 'Client', 'Bank'])
      expect(labelled(dialog, label), label).toBeTruthy();
  });

  it('Roles', async () => {
    const user = renderTable(
      <RolesTab />,
      {
        'GET /api/roles': {
          body: [
            {
              roleId: 1,
              roleName: 'Admin',
              isClientScoped: false,
              permissions: ['VIEW_USERS'],
              userCount: 2,
              updatedAt: CREATED,
            },
            {
              roleId: 2,
              roleName: 'Client Viewer',
              isClientScoped: true,
              permissions: [],
              userCount: 1,
              updatedAt: CREATED,
            },
          ],
        },
      },
      ['VIEW_ROLES'],
    );
    const { region, dialog } = await openFilters('Roles', 'Admin');
    for (const label of ['Role', 'Client-scoped', 'Users', 'Permissions'])
      expect(labelled(dialog, label), label).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Client-scoped' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    expect(await within(region).findByText('1 of 2 rows')).toBeTruthy();
    expect(within(region).queryByText('Admin')).toBeNull();
  });
});
