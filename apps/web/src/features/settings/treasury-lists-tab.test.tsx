import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import { MSG } from '@tideline/contracts/common/messages';
import {
  TREASURY_LIST_MSG,
  TREASURY_LISTS,
  type TreasuryLists,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

// Issue 17 point 4: the treasury pick lists on Global Settings tab 6 'Treasury Services'.

const LISTS: TreasuryLists = {
  msg: TREASURY_LIST_MSG.loaded,
  standardizedDescriptions: [
    { standardDescriptionId: 1, name: 'Average Ledger Balance', isRate: false, usageCount: 3 },
    { standardDescriptionId: 8, name: 'Earnings Credit Rate (ECR)', isRate: true, usageCount: 0 },
  ],
  bankLevelExceptions: [{ bankLevelExceptionId: 2, name: 'Waived', description: 'Waived.', usageCount: 1 }],
  clientLevelExceptions: [
    { clientLevelExceptionId: 4, name: 'Disputed', description: 'Questioned.', usageCount: 0 },
  ],
  feeCategories: [
    {
      categoryId: 6,
      code: '25',
      name: 'General ACH Services',
      usageCount: 0,
      subCategories: [{ subCategoryId: 30, categoryId: 6, code: null, name: 'ACH Returns', usageCount: 0 }],
    },
  ],
};
const EDITOR: Permission[] = ['VIEW_GLOBAL_SETTINGS', 'EDIT_GLOBAL_SETTINGS'];

function openTab(permList: Permission[], routes: Record<string, FakeHandler | FakeResponse> = {}) {
  const { api } = openAppAs('/global-settings?tab=6', permList, {
    'GET /api/administration/treasury-lists': { body: LISTS },
    ...routes,
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe("Global Settings 'Treasury Services' tab", { timeout: 30_000 }, () => {
  it('lists the four pick lists with their fields and how many records use each entry', async () => {
    openTab(EDITOR);
    expect(await screen.findByRole('tab', { name: 'Treasury Services', selected: true })).toBeTruthy();
    const descriptions = await region('Manage Standardized Descriptions');
    const ecr = (
      await within(descriptions).findByRole('cell', { name: 'Earnings Credit Rate (ECR)' })
    ).closest('tr')!;
    expect(within(ecr).getByText('Yes')).toBeTruthy();
    const ledger = within(descriptions).getByRole('cell', { name: 'Average Ledger Balance' }).closest('tr')!;
    expect(within(ledger).getByText('3 records')).toBeTruthy();
    expect(within(await region('Manage Bank Level Exceptions')).getByText('1 record')).toBeTruthy();
    expect(within(await region('Manage Client Level Exceptions')).getByText('Questioned.')).toBeTruthy();
    const categories = await region('Manage Fee Categories');
    expect(within(categories).getByRole('cell', { name: 'General ACH Services' })).toBeTruthy();
    const subs = await region('Manage Fee Sub Categories');
    expect(within(subs).getByRole('cell', { name: '25 General ACH Services' })).toBeTruthy();
  });

  it('adds a rate description, and shows the 409 of a taken name on the field', async () => {
    const conflict = TREASURY_LIST_MSG.duplicateName('Standardized Description', 'sweep rate');
    let posts = 0;
    const { api, user } = openTab(EDITOR, {
      'POST /api/administration/treasury-lists/standardized-descriptions': () =>
        ++posts === 1
          ? {
              status: 409,
              body: { msg: conflict, fieldErrors: { 'standardizedDescription.name': [conflict] } },
            }
          : {
              status: 201,
              body: {
                msg: TREASURY_LISTS.standardizedDescription.msg.created,
                standardizedDescription: { id: 20, name: 'Sweep Yield Rate', isRate: true },
              },
            },
    });
    const table = await region('Manage Standardized Descriptions');
    await user.click(within(table).getByRole('button', { name: 'Add Standardized Description' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Standardized Description' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Standardized Description Name'), 'sweep rate');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A rate (amounts shown as percentages)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(conflict)).not.toHaveLength(0);
    const name = within(dialog).getByLabelText('Standardized Description Name');
    await user.clear(name);
    await user.type(name, 'Sweep Yield Rate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      api.calls.filter((c) => c.method === 'POST' && c.path.includes('/treasury-lists/')).map((c) => c.body),
    ).toEqual([
      { standardizedDescription: { name: 'sweep rate', isRate: true } },
      { standardizedDescription: { name: 'Sweep Yield Rate', isRate: true } },
    ]);
    await waitFor(() => expect(api.callsTo('GET', '/api/administration/treasury-lists')).toBe(2));
  });

  it('adds a sub category to the chosen category and renames a category with its code', async () => {
    const { api, user } = openTab(EDITOR, {
      'POST /api/administration/treasury-lists/fee-sub-categories': {
        status: 201,
        body: {
          msg: 'Fee Sub Category created successfully.',
          feeSubCategory: { id: 31, name: 'Same Day ACH' },
        },
      },
      'PUT /api/administration/treasury-lists/fee-categories/6': {
        body: { msg: 'Fee Category updated successfully.', feeCategory: { id: 6, name: 'ACH Services' } },
      },
    });
    const subs = await region('Manage Fee Sub Categories');
    await user.click(within(subs).getByRole('button', { name: 'Add Fee Sub Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Fee Sub Category' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Fee Category' }));
    await user.click(await screen.findByRole('option', { name: '25 General ACH Services' }));
    await user.type(within(dialog).getByLabelText('Fee Sub Category Name'), 'Same Day ACH');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST' && c.path.includes('/treasury-lists/'))!.body).toEqual({
      feeSubCategory: { categoryId: 6, code: null, name: 'Same Day ACH' },
    });

    const categories = await region('Manage Fee Categories');
    await user.click(within(categories).getByRole('button', { name: 'Actions for General ACH Services' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Fee Category' });
    const code = within(edit).getByLabelText('AFP Family Code');
    await user.clear(code);
    await user.type(code, '2');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText(TREASURY_LIST_MSG.codeFormat)).toBeTruthy();
    await user.type(code, '5');
    const name = within(edit).getByLabelText('Fee Category Name');
    await user.clear(name);
    await user.type(name, 'ACH Services');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      feeCategory: { code: '25', name: 'ACH Services' },
    });
  });

  it('offers Delete only on an entry nothing uses, after a confirmation', async () => {
    const { api, user } = openTab(EDITOR, {
      'DELETE /api/administration/treasury-lists/standardized-descriptions/8': {
        body: { msg: TREASURY_LISTS.standardizedDescription.msg.deleted },
      },
    });
    const table = await region('Manage Standardized Descriptions');
    await within(table).findByRole('cell', { name: 'Average Ledger Balance' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Average Ledger Balance' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    await user.click(within(table).getByRole('button', { name: 'Actions for Earnings Credit Rate (ECR)' }));
    menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Standardized Description' });
    expect(
      within(confirm).getByText(TREASURY_LIST_MSG.deleteConfirm('Earnings Credit Rate (ECR)')),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TREASURY_LISTS.standardizedDescription.msg.deleted)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/administration/treasury-lists/standardized-descriptions/8')).toBe(1);
  });

  it('shows the lists without Add or actions to a user who may only view Global Settings', async () => {
    openTab(['VIEW_GLOBAL_SETTINGS']);
    const table = await region('Manage Fee Categories');
    await within(table).findByRole('cell', { name: 'General ACH Services' });
    expect(within(table).queryByRole('button', { name: 'Add Fee Category' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Actions for General ACH Services' })).toBeNull();
  });
});
