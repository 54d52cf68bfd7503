import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { exceptionOf, listRequests, pageOf } from './exceptions.fixtures';

const BREAK = exceptionOf({ exceptionId: 1 });
const LATE = exceptionOf({
  exceptionId: 2,
  clientId: 14,
  clientName: 'Shelbyville',
  kind: 'statement_late',
  severity: 'Medium',
  summary: 'No statement of Operating since 03/28/2026: 2 business days late.',
  link: { place: 'uploadDashboard', clientId: 14 },
  ageDays: 2,
  assigneeId: null,
  assigneeName: null,
  dueDate: '2020-01-10',
  amount: null,
});
const RESOLVED = exceptionOf({
  exceptionId: 3,
  status: 'Resolved',
  summary: 'Extraction of april.pdf failed: the file could not be read.',
  resolutionNote: 'Statement re-sent.',
  resolvedByName: 'Grace Hopper',
});

const DEFAULT_VIEW = [{ id: 'status', value: ['Open', 'Snoozed'] }];

function rowOf(table: HTMLElement, text: string) {
  return within(table).getByText(text).closest('tr')!;
}

describe('/exceptions', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the queue from the server with its columns, opening on Open and Snoozed', async () => {
    const { api } = openAppAs('/exceptions', ['VIEW_EXCEPTIONS', 'VIEW_CLIENTS', 'VIEW_OPEN_REPORTS'], {
      'POST /api/exceptions/list': pageOf([BREAK, LATE]),
      'GET /api/clients/list': {
        body: [
          { clientId: 12, clientName: 'Springfield' },
          { clientId: 14, clientName: 'Shelbyville' },
        ],
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Exceptions', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Exceptions' });
    await within(table).findByText(BREAK.summary);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Severity',
      'Client',
      'Kind',
      'What was found',
      'Age (days)',
      'Owner',
      'Due',
      'Status',
      'Fix',
      'Actions',
    ]);
    const late = rowOf(table, LATE.summary);
    expect(within(late).getByText('Medium')).toBeTruthy();
    expect(within(late).getByText('Statement late')).toBeTruthy();
    expect(within(late).getByText('---')).toBeTruthy(); // no owner
    // Past its due date: in red, saying why.
    expect(within(late).getByText('01/10/2020').getAttribute('title')).toMatch(/Overdue/);
    expect(within(late).getByRole('link', { name: 'Fix' }).getAttribute('href')).toBe('/data-ingestion/14');
    const broken = rowOf(table, BREAK.summary);
    expect(within(broken).getByText('04/04/2099').getAttribute('title')).toBeNull();
    expect(within(broken).getByText('Grace Hopper')).toBeTruthy();
    expect(within(broken).getByRole('link', { name: 'Fix' }).getAttribute('href')).toBe(
      '/client-management/12/40',
    );
    expect(listRequests(api)[0]).toMatchObject({ pageSize: 50, pageIndex: 0, filters: DEFAULT_VIEW });
    // Without EDIT_EXCEPTIONS: no Check now, and a row offers its history only.
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(
      within(broken).getByRole('button', { name: `Actions for Springfield: ${BREAK.summary}` }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['History']);
  });

  it('sends the filters chosen in Set Filters, beside the default view', async () => {
    const { api } = openAppAs('/exceptions', ['VIEW_EXCEPTIONS'], {
      'POST /api/exceptions/list': pageOf([BREAK]),
    });
    const table = await screen.findByRole('table', { name: 'Exceptions' }, { timeout: 15_000 });
    await within(table).findByText(BREAK.summary);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Filters (1 applied)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Balance break' }));
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Low' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toMatchObject({
        filters: expect.arrayContaining([
          ...DEFAULT_VIEW,
          { id: 'kind', value: ['balance_break'] },
          { id: 'ageDays', value: { low: '5', high: '' } },
        ]),
      }),
    );
  });

  it('opens on one client from the address (a badge’s link)', async () => {
    const { api } = openAppAs('/exceptions?clientId=12', ['VIEW_EXCEPTIONS'], {
      'POST /api/exceptions/list': pageOf([BREAK]),
    });
    await screen.findByRole('table', { name: 'Exceptions' }, { timeout: 15_000 });
    await waitFor(() => expect(listRequests(api).length).toBeGreaterThan(0));
    expect(listRequests(api)[0]).toMatchObject({
      filters: [...DEFAULT_VIEW, { id: 'clientId', value: [12] }],
    });
  });

  it("says 'No exceptions.' when there are none, and is in the sidebar with VIEW_EXCEPTIONS", async () => {
    openAppAs('/exceptions', ['VIEW_EXCEPTIONS'], { 'POST /api/exceptions/list': pageOf([]) });
    const table = await screen.findByRole('table', { name: 'Exceptions' }, { timeout: 15_000 });
    expect(await within(table).findByText('No exceptions.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Exceptions' }).getAttribute('href')).toBe('/exceptions');
  });

  it('is not found without VIEW_EXCEPTIONS, and has no sidebar link', async () => {
    const { api } = openAppAs('/exceptions', ['VIEW_CLIENTS']);
    expect(await screen.findByRole('heading', { name: '404' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Exceptions' })).toBeNull();
    expect(listRequests(api)).toHaveLength(0);
  });

  it('with EDIT_EXCEPTIONS offers the actions of each row: Reopen only on a resolved one', async () => {
    openAppAs('/exceptions', ['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS'], {
      'POST /api/exceptions/list': pageOf([BREAK, RESOLVED]),
    });
    const table = await screen.findByRole('table', { name: 'Exceptions' }, { timeout: 15_000 });
    await within(table).findByText(BREAK.summary);
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    const menuOf = async (exceptionId: number) => {
      const buttons = within(table).getAllByRole('button', { name: /^Actions for / });
      await user.click(buttons[exceptionId === BREAK.exceptionId ? 0 : 1]!);
      const items = within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };
    expect(await menuOf(BREAK.exceptionId)).toEqual(['Assign', 'Due date', 'Snooze', 'Resolve', 'History']);
    expect(await menuOf(RESOLVED.exceptionId)).toEqual(['Reopen', 'History']);
  });
});
