import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import { MSG } from '@tideline/contracts/common/messages';
import { GLOBAL_SETTING_MSG } from '@tideline/contracts/settings/global-settings.schemas';
import {
  KEYWORD_CATEGORY_MSG,
  type Keyword,
  type KeywordCategory,
} from '@tideline/contracts/settings/keywords.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

const CREATED = '2025-02-03T12:00:00.000Z';
const CATEGORIES: KeywordCategory[] = [
  { categoryId: 1, categoryName: 'Payroll', rank: 2, status: 1, createdAt: CREATED, keywordsAssigned: true },
  { categoryId: 2, categoryName: 'Spare', rank: 5, status: 1, createdAt: CREATED, keywordsAssigned: false },
  { categoryId: 3, categoryName: 'Retired', rank: 9, status: 0, createdAt: CREATED, keywordsAssigned: false },
];
const KEYWORDS: Keyword[] = [
  {
    keywordId: 10,
    keywordName: 'PAYROLL',
    keywordCategoryId: 1,
    keywordCategory: 'Payroll',
    createdAt: CREATED,
  },
];
const QUOTE_TYPES = [
  { quoteTypeId: 1, quoteTypeName: 'Bank Quote', status: 1, createdAt: CREATED },
  { quoteTypeId: 2, quoteTypeName: 'Competitive Bid', status: 1, createdAt: CREATED },
  { quoteTypeId: 3, quoteTypeName: 'Old Quote', status: 0, createdAt: CREATED },
];
const ALL: Permission[] = [
  'VIEW_GLOBAL_SETTINGS',
  'EDIT_GLOBAL_SETTINGS',
  'VIEW_KEYWORDS',
  'ADD_KEYWORDS',
  'EDIT_KEYWORDS',
  'DELETE_KEYWORDS',
  'ADD_KEYWORD_CATEGORIES',
  'EDIT_KEYWORD_CATEGORIES',
  'DEACTIVATE_KEYWORD_CATEGORIES',
  'VIEW_QUOTE_TYPES',
  'ADD_QUOTE_TYPES',
  'DEACTIVATE_QUOTE_TYPES',
  'VIEW_INSTITUTION_TYPES',
  'ADD_INSTITUTION_TYPES',
  'VIEW_INVESTMENT_TYPES',
];

function openSettings(
  path: string,
  permList: Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
) {
  const { api } = openAppAs(path, permList, {
    'GET /api/administration/keywords': { body: KEYWORDS },
    'GET /api/administration/keyword-category': { body: CATEGORIES },
    'GET /api/administration/global-setting/1': {
      body: { globalSettingId: 1, globalSettingValue: 5, updatedAt: CREATED },
    },
    'GET /api/administration/global-setting/2': {
      body: { globalSettingId: 2, globalSettingValue: 90, updatedAt: CREATED },
    },
    'GET /api/administration/global-setting/3': {
      body: { globalSettingId: 3, globalSettingValue: 5, updatedAt: CREATED },
    },
    'GET /api/administration/firm': { body: { firmName: null, logo: null, updatedAt: null } },
    'GET /api/administration/quote-types': { body: QUOTE_TYPES },
    'GET /api/administration/institution-types': { body: [] },
    'GET /api/administration/investment-types': { body: [] },
    ...routes,
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('Global Settings tabs 0-4', { timeout: 30_000 }, () => {
  it('tab 0 lists keywords, categories with their rank and status, and fetches nothing of other tabs', async () => {
    const { api } = openSettings('/global-settings', ALL);
    const keywords = await region('Manage Keywords');
    const payroll = (await within(keywords).findByRole('cell', { name: 'PAYROLL' })).closest('tr')!;
    expect(within(payroll).getByText('Payroll')).toBeTruthy();
    expect(within(payroll).getByText('02/03/2025')).toBeTruthy();
    const categories = await region('Manage Keyword Categories');
    const retired = (await within(categories).findByRole('cell', { name: 'Retired' })).closest('tr')!;
    expect(within(retired).getByText('INACTIVE')).toBeTruthy();
    expect(within(retired).getByText('9')).toBeTruthy();
    expect(within(categories).getAllByText('ACTIVE')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/administration/quote-types')).toBe(0);
    expect(api.callsTo('GET', '/api/administration/global-setting/2')).toBe(0);
  });

  it('shows the upload date as an ordinal and offers 1st to 24th', async () => {
    const { api, user } = openSettings('/global-settings', ALL, {
      'PUT /api/administration/global-setting/1': { body: { msg: 'Global setting updated successfully.' } },
    });
    const upload = await region('Data Ingestion Upload Date');
    const select = await within(upload).findByRole('combobox', { name: 'Upload Date' });
    await waitFor(() => expect(select.textContent).toBe('5th'));
    await user.click(select);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toHaveLength(24);
    expect(options.slice(0, 4)).toEqual(['1st', '2nd', '3rd', '4th']);
    expect(options.slice(10, 13)).toEqual(['11th', '12th', '13th']);
    expect(options.slice(20)).toEqual(['21st', '22nd', '23rd', '24th']);
    await user.click(screen.getByRole('option', { name: '22nd' }));
    await user.click(within(upload).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ globalSetting: { value: 22 } }),
    );
    expect(await screen.findByText('Global setting updated successfully.')).toBeTruthy();
  });

  it('tab 0 edits the minimum of transactions a month, a whole number from 0 to 1000', async () => {
    const { api, user } = openSettings('/global-settings', ALL, {
      'PUT /api/administration/global-setting/3': { body: { msg: 'Global setting updated successfully.' } },
    });
    const minimum = await region('Minimum Transactions a Month');
    const field = await within(minimum).findByRole('textbox', { name: 'Transactions a Month' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('5'));
    expect(within(minimum).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    // From the keyboard: focus the field, type, and submit with Enter.
    await user.click(field);
    await user.keyboard('{Control>}a{/Control}1001{Enter}');
    expect(await within(minimum).findByText(GLOBAL_SETTING_MSG.minTransactionsRange)).toBeTruthy();
    await user.keyboard('{Control>}a{/Control}-1{Enter}');
    expect(await within(minimum).findByText('Minimum is 0.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.keyboard('{Control>}a{/Control}8{Enter}');
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/administration/global-setting/3',
        body: { globalSetting: { value: 8 } },
      }),
    );
    expect(await screen.findByText('Global setting updated successfully.')).toBeTruthy();
  });

  it('shows the minimum of transactions a month read-only without EDIT_GLOBAL_SETTINGS', async () => {
    openSettings('/global-settings', ['VIEW_GLOBAL_SETTINGS']);
    const minimum = await region('Minimum Transactions a Month');
    const field = await within(minimum).findByRole('textbox', { name: 'Transactions a Month' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('5'));
    expect((field as HTMLInputElement).readOnly).toBe(true);
    expect(within(minimum).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('refuses to deactivate a category that still has keywords, with the message, and sends nothing', async () => {
    const { api, user } = openSettings('/global-settings', ALL);
    const categories = await region('Manage Keyword Categories');
    await within(categories).findByRole('cell', { name: 'Payroll' });
    await user.click(within(categories).getByRole('checkbox', { name: 'Select Payroll' }));
    await user.click(within(categories).getByRole('checkbox', { name: 'Select Spare' }));
    await user.click(within(categories).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(KEYWORD_CATEGORY_MSG.keywordsAssigned)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('adds a keyword with an active category only', async () => {
    const { api, user } = openSettings('/global-settings', ALL, {
      'POST /api/administration/keywords': {
        status: 201,
        body: { msg: 'Keyword created successfully.', keyword: { ...KEYWORDS[0], keywordId: 11 } },
      },
    });
    const keywords = await region('Manage Keywords');
    await user.click(within(keywords).getByRole('button', { name: 'Add Keyword' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Keyword' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MSG.required)).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Keyword Name'), 'BOND PMT');
    await user.click(within(dialog).getByRole('combobox', { name: 'Keyword Category' }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual(['Payroll', 'Spare']);
    await user.click(screen.getByRole('option', { name: 'Spare' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/keywords'))?.body).toEqual({
        keyword: { keywordName: 'BOND PMT', keywordCategoryId: 2 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server message when a name is taken', async () => {
    const { user } = openSettings('/global-settings?tab=4', ALL, {
      'POST /api/administration/quote-types': {
        status: 409,
        body: { msg: "A quote type named 'bank quote' already exists." },
      },
    });
    const table = await region('Manage Quote Types');
    await user.click(within(table).getByRole('button', { name: 'Add Quote Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quote Type' });
    await user.type(within(dialog).getByLabelText('Quote Type Name'), 'bank quote');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("A quote type named 'bank quote' already exists.")).toBeTruthy();
  });

  it('deactivates one quote type from its row and several from the selection', async () => {
    const { api, user } = openSettings('/global-settings?tab=4', ALL, {
      'PUT /api/administration/quote-types': {
        body: { msg: 'Quote types deactivated successfully.', deactivatedCount: 1 },
      },
    });
    const table = await region('Manage Quote Types');
    await within(table).findByRole('cell', { name: 'Bank Quote' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Old Quote' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Deactivate' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.keyboard('{Escape}');
    await user.click(within(table).getByRole('button', { name: 'Actions for Bank Quote' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    let confirm = await screen.findByRole('dialog', { name: 'Deactivate Quote Type' });
    expect(within(confirm).getByText('Are you sure you want to deactivate Bank Quote?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ quoteType: { ids: [1] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(within(table).getByRole('button', { name: 'Deactivate' }));
    confirm = await screen.findByRole('dialog', { name: 'Deactivate Quote Type' });
    expect(within(confirm).getByText('Are you sure you want to deactivate these 3 items?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ quoteType: { ids: [1, 2, 3] } });
  });

  it("institution types say 'Required' for a blank name", async () => {
    const { user } = openSettings('/global-settings?tab=3', ALL);
    expect(await screen.findByRole('heading', { name: 'Manage Institution Types' })).toBeTruthy();
    const table = await region('All Institution Types');
    await user.click(within(table).getByRole('button', { name: 'Add Institution Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Institution Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
  });

  it('hides Add and the actions without ADD_ and DEACTIVATE_ permissions', async () => {
    openSettings('/global-settings?tab=4', ['VIEW_GLOBAL_SETTINGS', 'VIEW_QUOTE_TYPES']);
    const table = await region('Manage Quote Types');
    await within(table).findByRole('cell', { name: 'Bank Quote' });
    expect(within(table).queryByRole('button', { name: 'Add Quote Type' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Actions for Bank Quote' })).toBeNull();
    expect(within(table).queryByRole('checkbox', { name: 'Select all rows on this page' })).toBeNull();
  });

  it('tab 2 shows and edits whether an investment type is callable (issue 20 point 1)', async () => {
    const { api, user } = openSettings('/global-settings?tab=2', [...ALL, 'ADD_INVESTMENT_TYPES'], {
      'GET /api/administration/investment-types': {
        body: [
          {
            investmentTypeId: 1,
            investmentTypeName: 'Treasury Bill',
            status: 1,
            createdAt: CREATED,
            callable: false,
          },
          {
            investmentTypeId: 2,
            investmentTypeName: 'Callable Agency Note',
            status: 1,
            createdAt: CREATED,
            callable: true,
          },
        ],
      },
      'PUT /api/administration/investment-types/1': {
        body: { msg: 'Investment type updated successfully.' },
      },
    });
    const table = await region('Manage Investment Types');
    const callable = (await within(table).findByRole('cell', { name: 'Callable Agency Note' })).closest(
      'tr',
    )!;
    expect(within(callable).getByText('Yes')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Actions for Treasury Bill' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Investment Type' });
    const box = within(dialog).getByRole('checkbox', { name: 'Callable' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        investmentType: { investmentTypeName: 'Treasury Bill', status: 1, callable: true },
      }),
    );
  });

  it('opens Set Filters with the focus on its first field (issue 20 point 6)', async () => {
    const { user } = openSettings('/global-settings?tab=4', ALL);
    const table = await region('Manage Quote Types');
    await within(table).findByRole('cell', { name: 'Bank Quote' });
    await user.click(within(table).getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    const first = within(dialog).getByLabelText('Quote Type Name');
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('Bank');
    expect((first as HTMLInputElement).value).toBe('Bank');
  });

  it('tab 2 keeps the maturity range a whole number of days from 0', async () => {
    const { api, user } = openSettings('/global-settings?tab=2', ALL, {
      'PUT /api/administration/global-setting/2': { body: { msg: 'Global setting updated successfully.' } },
    });
    expect(
      await screen.findByRole('heading', { name: 'Investments - Manage Investment Types' }),
    ).toBeTruthy();
    const range = await region('Maturing Investment Date Range');
    const days = await within(range).findByLabelText('Days');
    await waitFor(() => expect((days as HTMLInputElement).value).toBe('90'));
    await user.clear(days);
    // Issue 20 point 7: text that is not a number is told so, not 'Required!'.
    await user.type(days, 'abc');
    await user.click(within(range).getByRole('button', { name: 'Save' }));
    expect(await within(range).findByText(MSG.fieldMustBeNumber)).toBeTruthy();
    await user.clear(days);
    await user.type(days, '-1');
    await user.click(within(range).getByRole('button', { name: 'Save' }));
    expect(await within(range).findByText('Minimum is 0.')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '60');
    await user.click(within(range).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ globalSetting: { value: 60 } }),
    );
  });
});
