import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { INVESTMENT_MSG } from '@tideline/contracts/investments/investments.schemas';
import { AGENCY_NOTE, investmentOf, openInvestments, T_BILL, UI_TEST_TIMEOUT } from './investments.fixtures';

async function openRowMenu(rowText: string) {
  const table = await screen.findByRole('table', { name: 'All Investments' }, { timeout: 15_000 });
  const row = (await within(table).findByText(rowText)).closest('tr')!;
  const user = userEvent.setup({ delay: null });
  await user.click(within(row).getByRole('button', { name: /^Actions for/ }));
  return user;
}

describe('All Investments row actions', { timeout: UI_TEST_TIMEOUT }, () => {
  it('edits an investment: the spec’s number message, then the recalculated fields after saving', async () => {
    const saved = investmentOf({
      id: 1,
      faceValue: 1_050_000,
      interestAtMaturity: 77_452.05,
      premiumDiscount: 'Discount',
      daysUntilMaturity: 45,
    });
    const { api } = openInvestments('/investment-management', ['EDIT_INVESTMENTS'], {
      'PUT /api/investments/1': { body: { msg: 'Investment updated successfully.', investment: saved } },
    });
    const user = await openRowMenu('912797KX4');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Investment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Investment' });
    const derived = within(dialog).getByRole('region', { name: 'Calculated fields' });
    expect(within(derived).getByText('$27,452.05')).toBeTruthy();
    const face = within(dialog).getByLabelText('Face Value');
    await user.clear(face);
    await user.type(face, '1.05 million');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.fieldMustBeNumber)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/investments/1')).toBe(0);
    await user.clear(face);
    await user.type(face, '1050000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(derived).findByText('$77,452.05')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT')!.body as { investment: Record<string, unknown> };
    expect(put.investment).toMatchObject({
      faceValue: '1050000',
      settlementAmount: '990000.00',
      interestRate: '4.2500',
      couponRate: '3.5000',
      investmentTypeId: 2,
      callDate: '2026-03-31',
      fund: null,
    });
    expect(put.investment).not.toHaveProperty('interestAtMaturity');
    expect(await screen.findByText('Investment updated successfully.')).toBeTruthy();
  });

  it('saves without a call date unless the type is callable (issue 20 point 1)', async () => {
    const { api } = openInvestments('/investment-management', ['EDIT_INVESTMENTS'], {
      'PUT /api/investments/1': { body: { msg: 'Investment updated successfully.', investment: T_BILL } },
    });
    const user = await openRowMenu('912797KX4');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Investment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Investment' });
    const callDate = within(dialog).getByLabelText('Call Date');
    await user.clear(callDate);
    await user.click(within(dialog).getByRole('combobox', { name: 'Investment Type' }));
    await user.click(await screen.findByRole('option', { name: 'Callable Agency Note' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.required)).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Call Date/)
        .hasAttribute('required'),
    ).toBe(true);
    expect(api.callsTo('PUT', '/api/investments/1')).toBe(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Investment Type' }));
    await user.click(await screen.findByRole('option', { name: 'Treasury Bill' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/investments/1')).toBe(1));
    const put = api.calls.find((c) => c.method === 'PUT')!.body as { investment: Record<string, unknown> };
    expect(put.investment).toMatchObject({ callDate: null, investmentTypeId: 2 });
  });

  it('takes thousands separators and a trailing % and says when a date is not real (issue 20 point 7)', async () => {
    const { api } = openInvestments('/investment-management', ['EDIT_INVESTMENTS'], {
      'PUT /api/investments/1': { body: { msg: 'Investment updated successfully.', investment: T_BILL } },
    });
    const user = await openRowMenu('912797KX4');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Investment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Investment' });
    const face = within(dialog).getByLabelText('Face Value');
    await user.clear(face);
    await user.type(face, '1,050,000.00');
    const rate = within(dialog).getByLabelText('Interest Rate');
    await user.clear(rate);
    await user.type(rate, '4.5%');
    // A date the browser could not read ('13/45/2026') leaves the input empty with validity.badInput.
    const settlement = within(dialog).getByLabelText('Settlement Date') as HTMLInputElement;
    const validity = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'validity')!;
    Object.defineProperty(settlement, 'validity', { configurable: true, value: { badInput: true } });
    fireEvent.change(settlement, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.invalidDate)).toBeTruthy();
    expect(within(dialog).queryByText(MSG.required)).toBeNull();
    expect(api.callsTo('PUT', '/api/investments/1')).toBe(0);

    Object.defineProperty(settlement, 'validity', validity);
    fireEvent.change(settlement, { target: { value: '2025-12-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/investments/1')).toBe(1));
    const put = api.calls.find((c) => c.method === 'PUT')!.body as { investment: Record<string, unknown> };
    expect(put.investment).toMatchObject({ faceValue: '1050000.00', interestRate: '4.5' });
  });

  it('shows the server’s inactive type message on the type field', async () => {
    openInvestments('/investment-management', ['EDIT_INVESTMENTS'], {
      'PUT /api/investments/2': {
        status: 422,
        body: {
          msg: INVESTMENT_MSG.typeNotActive,
          fieldErrors: { 'investment.investmentTypeId': [INVESTMENT_MSG.typeNotActive] },
        },
      },
    });
    const user = await openRowMenu('3133EPXY1');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Investment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Investment' });
    await user.type(within(dialog).getByLabelText('Fund'), 'Reserve');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(INVESTMENT_MSG.typeNotActive)).toBeTruthy();
  });

  it("says 'No file associated with this investment.' when the file id is 1", async () => {
    const { api } = openInvestments('/investment-management', ['DOWNLOAD_FILES']);
    const user = await openRowMenu('912797KX4');
    expect(T_BILL.fileId).toBe(1);
    await user.click(await screen.findByRole('menuitem', { name: 'Download Source' }));
    expect(await screen.findByText(INVESTMENT_MSG.noFile)).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/investments/source'))).toBe(false);
  });

  it('downloads the source by its signed link and says so', async () => {
    const { api } = openInvestments('/investment-management', ['DOWNLOAD_FILES'], {
      'GET /api/investments/source/2': {
        body: { url: '/api/files/download?sig=x', fileName: 'holdings.csv' },
      },
      'GET /api/files/download?sig=x': { body: 'a,b' },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    const user = await openRowMenu('3133EPXY1');
    expect(AGENCY_NOTE.fileId).toBe(44);
    await user.click(await screen.findByRole('menuitem', { name: 'Download Source' }));
    expect(await screen.findByText(INVESTMENT_MSG.downloaded)).toBeTruthy();
    const fileCall = api.calls.find((c) => c.path === '/api/files/download?sig=x')!;
    expect(fileCall.headers.Authorization).toBeUndefined();
  });

  it('deletes investments after an irreversible warning, one or in bulk', async () => {
    const { api } = openInvestments('/investment-management', ['DELETE_INVESTMENTS'], {
      'DELETE /api/investments/remove': {
        body: { msg: 'Investment(s) deleted successfully.', deletedCount: 2 },
      },
    });
    const table = await screen.findByRole('table', { name: 'All Investments' }, { timeout: 15_000 });
    await within(table).findByText('912797KX4');
    const user = userEvent.setup({ delay: null });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Investments' });
    expect(within(confirm).getByText(/cannot be undone/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/investments/remove')).toBe(1));
    expect(api.calls.find((c) => c.method === 'DELETE')!.body).toEqual({
      investment: { investmentIdList: [1, 2] },
    });
    expect(await screen.findByText('Investment(s) deleted successfully.')).toBeTruthy();
  });
});
