import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXCEPTION_MSG } from '@tideline/contracts/exceptions/exceptions.schemas';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { exceptionOf, listRequests, pageOf } from './exceptions.fixtures';

const BREAK = exceptionOf({ exceptionId: 7 });
const ACTING = ['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS'] as const;

async function openAction(label: string) {
  const table = await screen.findByRole('table', { name: 'Exceptions' }, { timeout: 15_000 });
  await within(table).findByText(BREAK.summary);
  const user = userEvent.setup({ delay: null });
  await user.click(within(table).getByRole('button', { name: /^Actions for / }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
  return user;
}

describe('the actions of an exception', { timeout: UI_TEST_TIMEOUT }, () => {
  it('Resolve keeps the note and shows the server’s message when refused, then resolves', async () => {
    let isRefused = true;
    const { api } = openAppAs('/exceptions', ACTING, {
      'POST /api/exceptions/list': pageOf([BREAK]),
      'PUT /api/exceptions/7/resolve': () =>
        isRefused
          ? { status: 400, body: { msg: EXCEPTION_MSG.alreadyResolved } }
          : { body: { ...BREAK, status: 'Resolved', resolutionNote: 'Bank re-sent the statement.' } },
    });
    const user = await openAction('Resolve');
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Exception' });
    // Too short for the contract: said under the field, nothing is sent.
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Write a few words.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/exceptions/7/resolve')).toBe(0);

    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await user.clear(note);
    await user.type(note, 'Bank re-sent the statement.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText(EXCEPTION_MSG.alreadyResolved)).toBeTruthy();
    expect((note as HTMLTextAreaElement).value).toBe('Bank re-sent the statement.');
    expect(api.calls.find((c) => c.path === '/api/exceptions/7/resolve')?.body).toEqual({
      note: 'Bank re-sent the statement.',
    });

    isRefused = false;
    const listsBefore = listRequests(api).length;
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resolve Exception' })).toBeNull());
    // The queue is asked for again once the change is saved.
    await waitFor(() => expect(listRequests(api).length).toBeGreaterThan(listsBefore));
  });

  it('Snooze needs a day and a reason before it sends them', async () => {
    const { api } = openAppAs('/exceptions', ACTING, {
      'POST /api/exceptions/list': pageOf([BREAK]),
      'PUT /api/exceptions/7/snooze': { body: { ...BREAK, status: 'Snoozed' } },
    });
    const user = await openAction('Snooze');
    const dialog = await screen.findByRole('dialog', { name: 'Snooze Exception' });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    expect(within(dialog).getByText('Write a few words.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/exceptions/7/snooze')).toBe(0);
    // Beyond the picker's 20 years: refused under the field.
    const until = within(dialog).getByLabelText(/Until/);
    fireEvent.change(until, { target: { value: '2099-05-01' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Waiting on the bank.');
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText(/^Enter a date between/)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/exceptions/7/snooze')).toBe(0);
    fireEvent.change(until, { target: { value: '2030-05-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Snooze Exception' })).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/exceptions/7/snooze')?.body).toEqual({
      until: '2030-05-01',
      reason: 'Waiting on the bank.',
    });
  });

  it('Assign offers who may act on the client, and nobody', async () => {
    const { api } = openAppAs('/exceptions', ACTING, {
      'POST /api/exceptions/list': pageOf([BREAK]),
      'GET /api/exceptions/assignees/12': {
        body: [
          { userId: 3, name: 'Grace Hopper' },
          { userId: 5, name: 'Ada Lovelace' },
        ],
      },
      'PUT /api/exceptions/7/assignee': { body: { ...BREAK, assigneeId: 5, assigneeName: 'Ada Lovelace' } },
    });
    const user = await openAction('Assign');
    const dialog = await screen.findByRole('dialog', { name: 'Assign Exception' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Grace Hopper', 'Ada Lovelace']);
    await user.click(within(listbox).getByRole('option', { name: 'Ada Lovelace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Exception' })).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/exceptions/7/assignee')?.body).toEqual({ assigneeId: 5 });
  });

  it('History lists the changes, the system’s included', async () => {
    openAppAs('/exceptions', ['VIEW_EXCEPTIONS'], {
      'POST /api/exceptions/list': pageOf([BREAK]),
      'GET /api/exceptions/7/history': {
        body: [
          {
            at: '2026-04-02T06:00:00.000Z',
            action: 'exception.detected',
            userName: null,
            description: 'Found.',
          },
          {
            at: '2026-04-03T09:30:00.000Z',
            action: 'exception.assigned',
            userName: 'Grace Hopper',
            description: 'Assigned to Ada Lovelace.',
          },
        ],
      },
    });
    await openAction('History');
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const items = within(await within(dialog).findByRole('list', { name: 'Changes' })).getAllByRole(
      'listitem',
    );
    expect(items.map((i) => within(i).getByText(/\./).textContent)).toEqual([
      'Found.',
      'Assigned to Ada Lovelace.',
    ]);
    expect(items[0]!.textContent).toContain('System');
    expect(items[1]!.textContent).toContain('Grace Hopper');
  });

  it('Check now starts a detection of every client, follows its job and then fetches the queue again', async () => {
    let polls = 0;
    const { api } = openAppAs('/exceptions', ACTING, {
      'POST /api/exceptions/list': pageOf([BREAK]),
      'POST /api/exceptions/detect': { status: 202, body: { jobId: 'job-1' } },
      'GET /api/jobs/job-1': () => {
        polls += 1;
        return {
          body: {
            jobId: 'job-1',
            queue: 'detect-exceptions',
            state: polls > 1 ? 'completed' : 'active',
            progress: polls > 1 ? 100 : 10,
            attempts: 1,
            message: null,
            result: null,
            createdAt: '2026-04-08T10:00:00.000Z',
            updatedAt: '2026-04-08T10:00:01.000Z',
          },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'Exceptions' }, { timeout: 15_000 });
    await within(table).findByText(BREAK.summary);
    const listsBefore = listRequests(api).length;
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/exceptions/detect')?.body).toEqual({ clientId: null }),
    );
    await waitFor(() => expect(polls).toBeGreaterThan(1), { timeout: 5_000 });
    await waitFor(() => expect(listRequests(api).length).toBeGreaterThan(listsBefore));
  });
});
