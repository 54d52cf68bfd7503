import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
      interestRate: '4.25',
      couponRate: '3.5',
      investmentTypeId: 2,
      callDate: '2026-03-31',
      fund: null,
    });
    expect(put.investment).not.toHaveProperty('interestAtMaturity');
    expect(await screen.findByText('Investment updated successfully.')).toBeTruthy();
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
