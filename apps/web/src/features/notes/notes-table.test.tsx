import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  ACTIVE,
  ALL,
  LONG,
  note,
  open,
  openClientNotes,
  OPERATING,
  renderNotesTable,
  rowAction,
} from './notes.fixtures';

describe('notes table, add and edit', { timeout: UI_TEST_TIMEOUT }, () => {
  it("lists a client's notes: preview cut at 128 with '...', the first 2 category and tag chips", async () => {
    const { user } = open('/client-management/1', ALL);
    const table = await openClientNotes(user);
    for (const header of ['Author', 'Preview', 'Date', 'Categories', 'User Tags', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    const row = within(table).getByText('Sweep account').closest('tr')!;
    expect(within(row).getByText(`${LONG.slice(0, 128)}...`)).toBeTruthy();
    expect(within(row).getByText('Banking')).toBeTruthy();
    expect(within(row).getByText('Follow Up')).toBeTruthy();
    expect(within(row).queryByText('Urgent')).toBeNull();
    expect(within(row).getByText('Alan Turing')).toBeTruthy();
    expect(within(row).queryByText('Edsger Dijkstra')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Notes' })).toBeNull();
  });

  it('adds a note linked to the client with its categories and tagged users', async () => {
    const { api, user } = open('/client-management/1', ALL, {
      'POST /api/notes/add': { status: 201, body: { msg: 'Note added successfully.', note: ACTIVE[1] } },
    });
    const table = await openClientNotes(user);
    await user.click(within(table).getByRole('button', { name: 'Add Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    // Issue 20 point 6: the dialog opens on its first field, so typing goes there.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Title')));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Required!')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Title'), 'Rate review');
    await user.type(within(dialog).getByLabelText('Description'), 'Ask for a better rate.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: 'Follow Up' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Tag Users' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notes/add')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/add')!.body).toEqual({
      note: {
        tableLinkedTo: 'clients',
        linkedId: 1,
        noteTitle: 'Rate review',
        noteDescription: 'Ask for a better rate.',
        categoriesList: [2],
        taggedUsersList: [4],
      },
    });
    expect(await screen.findByText('Note added successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a note keeping its deactivated category and its link; a failure shows the fallback', async () => {
    const { api, user } = open('/client-management/1', ALL, {
      'PUT /api/notes/11': { status: 500, body: {} },
    });
    const table = await openClientNotes(user);
    await rowAction(user, table, 'Sweep account', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Note' });
    expect(within(dialog).getByText('Urgent')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Sweep account set up');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/notes/11')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/11')!.body).toEqual({
      note: {
        tableLinkedTo: 'clients',
        linkedId: 1,
        noteTitle: 'Sweep account set up',
        noteDescription: LONG,
        categoriesList: [1, 2, 3],
        taggedUsersList: [4, 5, 6],
      },
    });
    expect(await screen.findByText('Failed to update note.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Note' })).toBeTruthy();
  });

  it("shows an account's notes on its profile tab; Add Note links the note to the account", async () => {
    const { api, user } = open(
      '/client-management/1/10',
      ['VIEW_CLIENTS', 'VIEW_ACCOUNTS', 'VIEW_TRANSACTIONS', 'VIEW_NOTES', 'ADD_NOTES'],
      {
        'GET /api/accounts/single/1/10': { body: { ...OPERATING, accountBalance: null } },
        'GET /api/notes/account/10': { body: [ACTIVE[1]] },
        'POST /api/notes/add': { status: 500, body: {} },
      },
    );
    // Spec 2 "Account profile": Account Link, Notes, Account Groups, Transactions, Investments.
    const tabs = await screen.findByRole('tablist', { name: 'Account' }, { timeout: 20_000 });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Notes', 'Transactions']);
    const table = await screen.findByRole('region', { name: 'Notes' }, { timeout: 20_000 });
    await within(table).findByText('Budget call');
    await user.click(within(table).getByRole('button', { name: 'Add Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Balance');
    await user.type(within(dialog).getByLabelText('Description'), 'Check the balance.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notes/add')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/add')!.body).toMatchObject({
      note: { tableLinkedTo: 'accounts', linkedId: 10 },
    });
    expect(await screen.findByText('Failed to add note.')).toBeTruthy();
  });

  it('shows every note on the dashboard with VIEW_NOTES; Add Note there links nothing', async () => {
    const { api, user } = open('/dashboard', ['VIEW_DASHBOARD', 'VIEW_NOTES', 'ADD_NOTES'], {
      'GET /api/notes/all': { body: ACTIVE },
      'POST /api/notes/add': { status: 201, body: { msg: 'Note added successfully.' } },
    });
    const table = await screen.findByRole('region', { name: 'Notes' }, { timeout: 20_000 });
    await within(table).findByText('Budget call');
    await user.click(within(table).getByRole('button', { name: 'Add Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Market');
    await user.type(within(dialog).getByLabelText('Description'), 'Rates are up.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notes/add')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/add')!.body).toEqual({
      note: {
        noteTitle: 'Market',
        noteDescription: 'Rates are up.',
        categoriesList: [],
        taggedUsersList: [],
      },
    });
  });

  it('shows no notes on the dashboard without VIEW_NOTES', async () => {
    const { api } = open('/dashboard', ['VIEW_DASHBOARD']);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(api.callsTo('GET', '/api/notes/all')).toBe(0);
  });

  it('breaks a long unbroken note in its preview and its dialog instead of stretching them (issue 20 point 5)', async () => {
    const unbroken = 'A'.repeat(200);
    const { user } = renderNotesTable({ kind: 'all' }, ['VIEW_NOTES'], {
      'GET /api/notes/all': {
        body: [note({ noteId: 11, noteTitle: 'Reference', noteDescription: unbroken })],
      },
    });
    const table = await screen.findByRole('region', { name: 'Notes' });
    const preview = await within(table).findByText(`${unbroken.slice(0, 128)}...`);
    const cell = preview.closest('td')!.firstElementChild!;
    expect(getComputedStyle(cell).overflowWrap).toBe('break-word');
    expect(getComputedStyle(cell).maxWidth).toBe('320px');
    await rowAction(user, table, 'Reference', 'View');
    const dialog = await screen.findByRole('dialog', { name: 'Reference' });
    expect(getComputedStyle(within(dialog).getByText(unbroken)).overflowWrap).toBe('anywhere');
  });
});
