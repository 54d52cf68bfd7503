import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import { BANK_MSG, type Bank } from '@tideline/contracts/banks/banks.schemas';
import { MSG } from '@tideline/contracts/common/messages';
import type { FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

const FIRST: Bank = {
  bankId: 3,
  bankName: 'First National',
  assetSize: 120.5,
  status: 1,
  defaultDataGatheringFrequency: 3,
  dataAvailabilityDate: 2,
  fdicCode: null,
  institutionTypeId: 1,
  institutionType: 'Commercial Bank',
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-01-03T12:00:00.000Z',
};
const SECOND: Bank = {
  ...FIRST,
  bankId: 4,
  bankName: 'Second State',
  assetSize: 1250.75,
  dataAvailabilityDate: null,
  status: 0,
};
const ALL: Permission[] = ['VIEW_BANKS', 'ADD_BANKS', 'EDIT_BANKS', 'DEACTIVATE_BANKS'];

function openBanks(permList: Permission[], routes: Record<string, FakeResponse> = {}) {
  return openAppAs('/bank-management', permList, {
    'GET /api/banks/all': { body: [FIRST, SECOND] },
    'GET /api/banks/allowed-data-gathering-values': { body: [1, 2, 3, 4, 6, 12] },
    'GET /api/banks/types/list': {
      body: [
        { institutionTypeId: 1, institutionTypeName: 'Commercial Bank', label: 'Commercial Bank', value: 1 },
      ],
    },
    ...routes,
  }).api;
}

async function openAdd() {
  await screen.findByRole('heading', { name: 'Banks', level: 1 }, { timeout: 10_000 });
  await screen.findByRole('cell', { name: 'First National' });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Add New Bank' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Add New Bank' }) };
}

async function pick(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Banks', { timeout: 30_000 }, () => {
  it('lists the banks with the ordinal business day or Not Set', async () => {
    openBanks(['VIEW_BANKS']);
    const first = (await screen.findByRole('cell', { name: 'First National' })).closest('tr')!;
    expect(within(first).getByText('2nd')).toBeTruthy();
    expect(within(first).getByText('01/03/2025')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    const second = screen.getByRole('cell', { name: 'Second State' }).closest('tr')!;
    expect(within(second).getByText('Not Set')).toBeTruthy();
    // Issue 20 point 10: the asset size with thousands separators.
    expect(within(second).getByText('1,250.75')).toBeTruthy();
    expect(within(first).getByText('120.5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Bank' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for First National' })).toBeNull();
  });

  it('shows the spec messages and sends nothing while the form is wrong', async () => {
    const api = openBanks(ALL);
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('Asset Size (m)'), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BANK_MSG.positiveNumber)).toBeTruthy();
    expect(BANK_MSG.positiveNumber).toBe('Field must be a positive number.');
    // bank name and data availability date
    expect(within(dialog).getAllByText(MSG.required)).toHaveLength(2);
    expect(api.callsTo('POST', '/api/banks/add')).toBe(0);
  });

  it('adds a bank after the same-name warning; the status selector needs DEACTIVATE_BANKS', async () => {
    const api = openBanks(['VIEW_BANKS', 'ADD_BANKS'], {
      'POST /api/banks/add': { status: 201, body: { msg: BANK_MSG.created, bank: { ...FIRST, bankId: 9 } } },
    });
    const { user, dialog } = await openAdd();
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Bank Name'), 'FIRST NATIONAL');
    await user.type(within(dialog).getByLabelText('Asset Size (m)'), '12.5');
    await pick(user, dialog, 'Data Availability Date', '24th');
    await pick(user, dialog, 'Institution Type', 'Commercial Bank');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const warning = 'A Bank with the name FIRST NATIONAL already exists, are you sure you want to continue?';
    expect(await screen.findByText(warning)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByText(BANK_MSG.created)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/banks/add')?.body).toEqual({
      bank: {
        bankName: 'FIRST NATIONAL',
        assetSize: '12.5',
        defaultDataGatheringFrequency: 3,
        dataAvailabilityDate: 24,
        fdicCode: null,
        institutionTypeId: 1,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a bank to Not Set and inactive; a failure toasts the fallback', async () => {
    const api = openBanks(ALL, { 'PUT /api/banks/3': { status: 500, body: {} } });
    await screen.findByRole('cell', { name: 'First National' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Actions for First National' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bank' });
    await pick(user, dialog, 'Data Availability Date', 'Not Set');
    await pick(user, dialog, 'Status', 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BANK_MSG.editFailed)).toBeTruthy();
    expect(screen.queryByText(/already exists/)).toBeNull();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      bank: { bankName: 'First National', dataAvailabilityDate: null, status: 0 },
    });
  });
});
