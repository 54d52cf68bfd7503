import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { Bank } from '@tideline/contracts/banks/banks.schemas';
import { START_INGESTION_MSG } from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { clientOf } from '../../test/fixture-records';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

// Start Ingestion from the client's Banks tab (a relationship, the whole client) and from Banks
// administration (a bank's clients): spec 5's form, spec 8's failure texts, spec 9's default types.

const RELATIONSHIP = {
  bankClientRelId: 5,
  clientId: 1,
  bankId: 3,
  bankName: 'First National',
  numOfAccounts: 2,
  avgBalance12Months: 0,
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-02-04T12:00:00.000Z',
  status: 1 as const,
  collectionType: 'File Upload' as const,
};
const REPORT_STATUS = {
  reportStatus: 'Reporting',
  lastReportDate: null,
  openBatchCount: 0,
  reportStartDate: '2026-07-01',
  reportEndDate: '2026-09-30',
  reportDueDate: null,
  ingestionStatus: 'Not Started',
  analysisOpenReportId: 4,
};
const ALL_TYPES = ['transactions', 'investments', 'hybridAccount', 'treasuryServices'];
const STARTED = { status: 201, body: { msg: START_INGESTION_MSG.started(2), batches: [], failures: [] } };

async function openClientBanks(
  routes: Record<string, FakeHandler | FakeResponse> = {},
  extra: Permission[] = [],
) {
  const opened = openAppAs(
    '/client-management/1',
    ['VIEW_CLIENTS', 'VIEW_BANK_CLIENT_RELATIONSHIPS', ...extra],
    {
      'GET /api/clients/1': { body: clientOf({ clientId: 1, clientName: 'Acme' }) },
      'GET /api/clients/report-status/1': { body: [REPORT_STATUS] },
      'GET /api/clients/banks/all/1': { body: [RELATIONSHIP] },
      ...routes,
    },
  );
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: 'Banks' }, { timeout: 10_000 }));
  await screen.findByRole('cell', { name: 'First National' });
  return { ...opened, user };
}

describe('Start Ingestion on the client Banks tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('starts one relationship for the report period, every account type chosen by default', async () => {
    const { api, user } = await openClientBanks(
      { 'POST /api/data-ingestion/start-ingestion/bank/5': STARTED },
      ['START_REPORT'],
    );
    await user.click(screen.getByRole('button', { name: 'Actions for First National' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: First National' });
    expect((within(dialog).getByLabelText(/Start Date/) as HTMLInputElement).value).toBe('2026-07-01');
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Transaction',
      'Investment',
      'Hybrid',
      'Analysis',
    ]);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await screen.findByText(START_INGESTION_MSG.started(2))).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/start-ingestion/bank/5')?.body).toEqual({
      startDate: '2026-07-01',
      endDate: '2026-09-30',
      types: ALL_TYPES,
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/clients/report-status/1')).toBeGreaterThan(1));
  });

  it('needs one account type and an end not before the start', async () => {
    const { api, user } = await openClientBanks({}, ['START_REPORT']);
    await user.click(screen.getByRole('button', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: Acme' });
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    fireEvent.change(within(dialog).getByLabelText(/End Date/), { target: { value: '2026-06-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await within(dialog).findByText(START_INGESTION_MSG.atLeastOne)).toBeTruthy();
    expect(within(dialog).getByText('End date cannot be before start date.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/data-ingestion/'))).toEqual([]);
  });

  it('offers 20 years back and forward and refuses a date typed 21 years back', async () => {
    const { api, user } = await openClientBanks({}, ['START_REPORT']);
    await user.click(screen.getByRole('button', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: Acme' });
    const limits = findPickerLimits();
    const [start, end] = [/Start Date/, /End Date/].map(
      (label) => within(dialog).getByLabelText(label) as HTMLInputElement,
    ) as [HTMLInputElement, HTMLInputElement];
    for (const input of [start, end]) expect([input.min, input.max]).toEqual([limits.min, limits.max]);
    fireEvent.change(start, { target: { value: `${new Date().getFullYear() - 21}-07-01` } });
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await within(dialog).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-invalid')).toBe('false');
    expect(api.calls.filter((c) => c.path.startsWith('/api/data-ingestion/'))).toEqual([]);
  });

  it("shows the server's reasons for the types that could not start", async () => {
    const failure = {
      clientId: 1,
      clientName: 'Acme',
      type: 'treasuryServices',
      msg: 'Failed to start treasury services ingestion for client.',
      reason: START_INGESTION_MSG.relationshipInactive,
    };
    const { user } = await openClientBanks(
      {
        'POST /api/data-ingestion/start-ingestion/client/1': {
          status: 201,
          body: { msg: START_INGESTION_MSG.started(1), batches: [], failures: [failure] },
        },
      },
      ['START_REPORT'],
    );
    await user.click(screen.getByRole('button', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: Acme' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await screen.findByText(`${failure.msg} ${failure.reason}`)).toBeTruthy();
  });

  // Issue 42 point 1: Hybrid and Analysis are ticked by default; a client without them did not fail.
  it("raises no 'Failed' toast for default types the client has no accounts of", async () => {
    const none = (type: string, msg: string) => ({
      clientId: 1,
      clientName: 'Acme',
      type,
      msg,
      reason: START_INGESTION_MSG.noAccounts,
    });
    const { user } = await openClientBanks(
      {
        'POST /api/data-ingestion/start-ingestion/client/1': {
          status: 201,
          body: {
            msg: START_INGESTION_MSG.started(2),
            batches: [],
            failures: [
              none('hybridAccount', 'Failed to start hybrid account ingestion for client.'),
              none('treasuryServices', 'Failed to start treasury services ingestion for client.'),
            ],
          },
        },
      },
      ['START_REPORT'],
    );
    await user.click(screen.getByRole('button', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: Acme' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await screen.findByText(START_INGESTION_MSG.started(2))).toBeTruthy();
    expect(await screen.findByText(`Hybrid and Analysis: ${START_INGESTION_MSG.noAccounts}`)).toBeTruthy();
    expect(screen.queryByText(/^Failed/)).toBeNull();
  });

  it("says spec 8's text for each chosen type when the server gave no message", async () => {
    const { user } = await openClientBanks(
      { 'POST /api/data-ingestion/start-ingestion/client/1': { status: 500, body: {} } },
      ['START_REPORT'],
    );
    await user.click(screen.getByRole('button', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: Acme' });
    const [transaction, investment] = within(dialog).getAllByRole('checkbox');
    await user.click(transaction!);
    await user.click(investment!);
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await screen.findByText('Failed to start hybrid account ingestion for client.')).toBeTruthy();
    expect(screen.getByText('Failed to start treasury services ingestion for client.')).toBeTruthy();
    expect(screen.queryByText('Failed to start transactions ingestion for client.')).toBeNull();
  });

  it('is hidden without START_REPORT', async () => {
    await openClientBanks();
    expect(screen.queryByRole('button', { name: 'Start Ingestion' })).toBeNull();
  });
});

describe('Start Ingestion in Banks administration', { timeout: UI_TEST_TIMEOUT }, () => {
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

  it('starts every client of the bank and names each client that could not start', async () => {
    const failure = {
      clientId: 2,
      clientName: 'Globex',
      type: 'transactions',
      msg: 'Failed to start transactions ingestion for bank.',
      reason: START_INGESTION_MSG.noOpenReport,
    };
    const { api } = openAppAs('/bank-management', ['VIEW_BANKS', 'START_REPORT'], {
      'GET /api/banks/all': { body: [FIRST] },
      'POST /api/data-ingestion/start-ingestion/bank-clients/3': {
        status: 201,
        body: { msg: START_INGESTION_MSG.started(1), batches: [], failures: [failure] },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Actions for First National' }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Start Ingestion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Ingestion: First National' });
    fireEvent.change(within(dialog).getByLabelText(/Start Date/), { target: { value: '2026-07-01' } });
    fireEvent.change(within(dialog).getByLabelText(/End Date/), { target: { value: '2026-09-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Start Ingestion' }));
    expect(await screen.findByText(`Globex: ${failure.msg} ${failure.reason}`)).toBeTruthy();
    expect(api.calls.find((c) => c.path.startsWith('/api/data-ingestion/'))?.body).toEqual({
      startDate: '2026-07-01',
      endDate: '2026-09-30',
      types: ALL_TYPES,
    });
  });
});
