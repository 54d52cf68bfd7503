import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import { TEMPLATE_MSG } from '@tideline/contracts/templates/templates.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { clientOf } from '../../test/fixture-records';
import { openAppAs } from '../../test/open-app';

const CLIENT = clientOf({
  clientId: 1,
  clientName: 'Acme',
  clientCategory: 'Education',
  initialInterest: null,
  reportCycle: 1,
  last12MonthAvgBalance: null,
  dataUntil: null,
});
const RELATIONSHIP = {
  bankClientRelId: 5,
  clientId: 1,
  bankId: 3,
  bankName: 'First National',
  numOfAccounts: 0,
  avgBalance12Months: null,
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-01-03T12:00:00.000Z',
  status: 1,
  collectionType: 'File Upload',
};

const PERMISSIONS: Permission[] = [
  'VIEW_CLIENTS',
  'VIEW_BANK_CLIENT_RELATIONSHIPS',
  'VIEW_TEMPLATES',
  'MANAGE_TEMPLATES',
];

/** The client's Banks tab, then the relationship's row action that opens a template dialog. */
async function openTemplateDialog(action: string, routes: Record<string, FakeHandler | FakeResponse>) {
  const { api } = openAppAs('/client-management/1', PERMISSIONS, {
    'GET /api/clients/1': { body: CLIENT },
    'GET /api/clients/report-status/1': { body: [] },
    'GET /api/clients/banks/all/1': { body: [RELATIONSHIP] },
    'POST /api/templates/manage': { body: { msg: TEMPLATE_MSG.saved } },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: 'Banks' }, { timeout: 10_000 }));
  await user.click(await screen.findByRole('button', { name: 'Actions for First National' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: new RegExp(action) });
  return { api, user, dialog };
}

describe('Manage Investments Import Template', { timeout: 30_000 }, () => {
  it('checks page 1 before page 2, then saves headerStart -1 from the client Banks tab', async () => {
    const { api, user, dialog } = await openTemplateDialog('Manage Investments Import Template', {
      'GET /api/templates/all/Investment/5': { body: [] },
    });
    expect(await within(dialog).findByText('Page 1 of 2')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // header start, account number, settlement date, maturity date
    expect(await within(dialog).findAllByText('Required!')).toHaveLength(4);
    await user.type(within(dialog).getByLabelText('Header Start'), '-1');
    await user.type(within(dialog).getByLabelText('Account Number'), '0');
    await user.type(within(dialog).getByLabelText('Settlement Date'), '1');
    await user.type(within(dialog).getByLabelText('Maturity Date'), '2');
    await user.type(within(dialog).getByLabelText('Investment ID'), 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Field must be a number.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Investment ID'));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await within(dialog).findByText('Page 2 of 2')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Face Value'), '3');
    await user.type(within(dialog).getByLabelText('Settlement Amount'), '4');
    await user.type(within(dialog).getByLabelText('Interest Rate'), '5');
    await user.type(within(dialog).getByLabelText('Investment Type'), '6');
    await user.click(within(dialog).getByRole('combobox', { name: 'Decimal Separator' }));
    await user.click(await screen.findByRole('option', { name: 'Comma (1.234,56)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_MSG.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/templates/manage')?.body).toEqual({
      template: {
        bankClientRelId: 5,
        type: 'Investment',
        templateType: 'Cell',
        headerRow: null,
        jsonTransform: [
          {
            headerStart: '-1',
            accountNumber: '0',
            settlementDate: '1',
            maturityDate: '2',
            faceValue: '3',
            settlementAmount: '4',
            interestRate: '5',
            investmentType: '6',
            dateFormat: 'Auto',
            decimalSeparator: 'comma',
          },
        ],
      },
    });
  });
});

describe('Manage Treasury Services Import Template', { timeout: 30_000 }, () => {
  it("needs the account group name ('Required!') and saves it as the only field", async () => {
    const { api, user, dialog } = await openTemplateDialog('Manage Treasury Services Import Template', {
      'GET /api/templates/all/Treasury/5': { body: [] },
    });
    const groupName = await within(dialog).findByLabelText('Account Group Name');
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await user.type(groupName, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/templates/manage')).toBe(0);

    await user.clear(groupName);
    await user.type(groupName, 'Treasury Services');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEMPLATE_MSG.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/templates/manage')?.body).toEqual({
      template: {
        bankClientRelId: 5,
        type: 'Treasury',
        templateType: 'Cell',
        headerRow: null,
        jsonTransform: [{ accountGroupName: 'Treasury Services' }],
      },
    });
  });
});
