import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { duplicateNameWarning } from '@tideline/contracts/common/duplicate-name';
import { INVESTMENT_GROUP_MSG } from '@tideline/contracts/investments/investment-groups.schemas';
import {
  AGENCY_NOTE,
  listRequests,
  openInvestments,
  pageOf,
  RESERVES,
  T_BILL,
  UI_TEST_TIMEOUT,
} from './investments.fixtures';

const GROUP_PATH = '/investment-management/investment-group/7';

describe('investment groups', { timeout: UI_TEST_TIMEOUT }, () => {
  it("adds a group: 'Required!', then the same-name warning with BACK and CONTINUE", async () => {
    const { api } = openInvestments(
      '/investment-management',
      ['VIEW_INVESTMENT_GROUPS', 'ADD_INVESTMENT_GROUPS'],
      {
        'POST /api/investments/groups': {
          body: { msg: 'Investment group created successfully.', group: RESERVES },
        },
      },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Add Investment Group' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Investment Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Group Name'), 'reserves');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('dialog', { name: 'Duplicate Name' });
    expect(within(warning).getByText(duplicateNameWarning('Investment Group', 'reserves'))).toBeTruthy();
    await user.click(within(warning).getByRole('button', { name: 'BACK' }));
    expect(api.callsTo('POST', '/api/investments/groups')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Duplicate Name' })).getByRole('button', {
        name: 'CONTINUE',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/api/investments/groups')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/investments/groups')!.body).toEqual({
      investment: { groupName: 'reserves' },
    });
  });

  it('shows the group page with its investments, Account Name, and adds investments found by a search', async () => {
    const { api } = openInvestments(
      GROUP_PATH,
      [
        'VIEW_CLIENTS',
        'VIEW_INVESTMENT_GROUPS',
        'EDIT_INVESTMENT_GROUPS',
        'ADD_INVESTMENT_GROUP_ASSOCIATIONS',
        'REMOVE_INVESTMENT_GROUP_ASSOCIATIONS',
      ],
      {
        'POST /api/investments/all/': ({ body }) => {
          const filters = (body as { filters: { id: string }[] }).filters;
          return filters.some((f) => f.id === 'notInGroupId') ? pageOf([AGENCY_NOTE]) : pageOf([T_BILL]);
        },
        'POST /api/investments/group-association/7': {
          body: { msg: 'Investments added successfully.', count: 1 },
        },
      },
    );
    expect(
      await screen.findByRole('heading', { name: 'Reserves Investments', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Investment Groups' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Group' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Investments' });
    expect(await within(table).findByRole('link', { name: 'General Fund' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Account Name' })).toBeTruthy();
    expect(listRequests(api)[0]!.filters).toEqual([{ id: 'groupId', value: 7 }]);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add Investment(s)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Investment(s)' });
    expect(within(dialog).getByText('Type a search term to find investments.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
    const before = listRequests(api).length;
    await user.type(within(dialog).getByLabelText('Search'), '3133');
    const found = await within(dialog).findByRole('table', { name: 'Investments found' }, { timeout: 5_000 });
    const search = listRequests(api).slice(before).at(-1) as unknown as {
      searchTerm: string;
      filters: unknown[];
    };
    expect(search).toMatchObject({ searchTerm: '3133', filters: [{ id: 'notInGroupId', value: 7 }] });
    await user.click(within(found).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/investments/group-association/7')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/investments/group-association/7')!.body).toEqual({
      investment: { investmentIdList: [2] },
    });
    expect(await screen.findByText('Investments added successfully.')).toBeTruthy();
  });

  it("sends a missing group back to Investment Groups with 'Investment group does not exist.'", async () => {
    const { currentPath } = openInvestments(GROUP_PATH, ['VIEW_INVESTMENT_GROUPS'], {
      'GET /api/investments/groups/single/7': { status: 404, body: { msg: 'Not found' } },
    });
    expect(await screen.findByText(INVESTMENT_GROUP_MSG.notFound, {}, { timeout: 15_000 })).toBeTruthy();
    // The Investments page opens on its groups tab (state 1), then moves the tab into the address.
    expect(await screen.findByRole('table', { name: 'Investment Groups' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/investment-management?tab=1'));
  });
});
