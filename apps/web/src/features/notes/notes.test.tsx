import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import type { Note, NoteComment } from '@tideline/contracts/notes/notes.schemas';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { useSessionStore } from '../../lib/session-store';

const ME = 3;
const LONG = `${'Called the treasurer about the sweep. '.repeat(4)}Follow up next week.`;
const note = (over: Partial<Note>): Note => ({
  noteId: 1,
  noteTitle: 'Sweep account',
  noteDescription: 'Short text.',
  author: 'Priya Raman',
  authorId: 9,
  createdAt: '2026-03-02T15:00:00.000Z',
  updatedAt: '2026-03-02T15:00:00.000Z',
  commentCount: 0,
  noteCategoryIds: [],
  noteCategoryNames: [],
  taggedUserIds: [],
  taggedUsers: [],
  tableLinkedTo: 'clients',
  linkedId: 1,
  userReference: 'Acme County',
  isResolved: false,
  resolvedAt: null,
  resolvedBy: null,
  ...over,
});
const ACTIVE: Note[] = [
  note({
    noteId: 11,
    noteTitle: 'Sweep account',
    noteDescription: LONG,
    noteCategoryIds: [1, 2, 3],
    noteCategoryNames: ['Banking', 'Follow Up', 'Urgent'],
    taggedUserIds: [4, 5, 6],
    taggedUsers: ['Ada Lovelace', 'Alan Turing', 'Edsger Dijkstra'],
  }),
  note({ noteId: 12, noteTitle: 'Budget call', noteDescription: 'Budget call went well.' }),
];
const RESOLVED: Note[] = [
  note({ noteId: 21, noteTitle: 'Old question', isResolved: true, resolvedBy: 'Priya Raman' }),
];
const COMMENTS: NoteComment[] = [
  {
    commentId: 5,
    comment: 'Mine',
    noteId: 12,
    author: 'Grace Hopper',
    authorId: ME,
    updatedAt: ACTIVE[0]!.createdAt,
  },
  {
    commentId: 6,
    comment: 'Theirs',
    noteId: 12,
    author: 'Priya Raman',
    authorId: 9,
    updatedAt: ACTIVE[0]!.createdAt,
  },
];
const ALL: Permission[] = [
  'VIEW_CLIENTS',
  'VIEW_GLOBAL_SETTINGS',
  'VIEW_NOTES',
  'ADD_NOTES',
  'EDIT_NOTES',
  'RESOLVE_NOTES',
  'RESTORE_NOTES',
  'DELETE_NOTES',
  'VIEW_RESOLVED_NOTES',
  'EDIT_COMMENTS',
  'DELETE_COMMENTS',
];
const ACME: Client = {
  clientId: 1,
  clientName: 'Acme County',
  status: 1,
  budget: 25,
  clientCategory: 'Municipal Government',
  clientType: 'County',
  state: 'IA',
  initialInterest: 1.25,
  dataGatheringFrequency: 3,
  reportFrequency: 3,
  reportCycle: 2,
  assignTo: null,
  assignees: [],
  cashVest: null,
  last12MonthAvgBalance: 1234.5,
  dataUntil: '2025-03-31',
  createdAt: '2025-01-02T12:00:00.000Z',
  updatedAt: '2025-01-02T12:00:00.000Z',
};

const OPERATING: Account = {
  accountId: 10,
  accountName: 'Operating',
  clientId: 1,
  accountNumber: '00010',
  accountAlias: 'Ops',
  accountType: 'Transaction',
  accountCategory: 'Operating',
  bankId: 5,
  bankName: 'First Bank',
  accountBalance: 1000,
  accountBalanceDate: '2025-01-01',
  lastTransactionDate: null,
  accountClosed: 0,
  accountDateClosed: null,
  dataGatheringFrequency: null,
  bankDataGatheringFrequency: 3,
  collectionType: 'Email',
  inheritedCollectionType: true,
  defaultCollectionType: 'Email',
  isStaging: false,
  sourceFileId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function open(path: string, permList: Permission[], routes: Record<string, FakeHandler | FakeResponse> = {}) {
  const me = { userId: ME, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', permList };
  useSessionStore.getState().setUser(me);
  useSessionStore.getState().setMarketData(null);
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/users/logged-user': { body: me },
    'GET /api/clients/1': { body: ACME },
    'GET /api/notes/client/1': { body: ACTIVE },
    'GET /api/notes/resolve': { body: RESOLVED },
    'GET /api/notes/comments/all/11': { body: [] },
    'GET /api/notes/comments/all/12': { body: COMMENTS },
    'GET /api/notes/comments/all/21': { body: [] },
    'GET /api/notes/categories/list': {
      body: [
        { noteCategoryId: 1, noteCategoryName: 'Banking' },
        { noteCategoryId: 2, noteCategoryName: 'Follow Up' },
      ],
    },
    'GET /api/users/list': {
      body: [{ userId: 4, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }],
    },
    ...routes,
  });
  renderApp(path);
  return { api, user: userEvent.setup({ delay: null }) };
}

type User = ReturnType<typeof userEvent.setup>;

async function openClientNotes(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Notes' }, { timeout: 20_000 }));
  const table = await screen.findByRole('region', { name: 'Notes' }, { timeout: 20_000 });
  await within(table).findByText('Budget call');
  return table;
}

async function rowAction(user: User, table: HTMLElement, title: string, action: string) {
  await user.click(within(table).getByRole('button', { name: `Actions for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('notes', { timeout: UI_TEST_TIMEOUT }, () => {
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

  it('views a note: the empty comments texts, adding a comment, the 330px list', async () => {
    const { api, user } = open('/client-management/1', ALL, {
      'POST /api/notes/comments': { status: 201, body: { msg: 'Comment added successfully.' } },
    });
    const table = await openClientNotes(user);
    await rowAction(user, table, 'Sweep account', 'View');
    const dialog = await screen.findByRole('dialog', { name: 'Sweep account' });
    expect(await within(dialog).findByText('No comments found.')).toBeTruthy();
    expect(within(dialog).getByText('Add a new comment above.')).toBeTruthy();
    expect(getComputedStyle(within(dialog).getByTestId('note-comments-list')).height).toBe('330px');
    const add = within(dialog).getByRole('button', { name: 'Add Comment' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Add a comment'), 'Called them back.');
    await user.click(add);
    await waitFor(() => expect(api.callsTo('POST', '/api/notes/comments')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/comments')!.body).toEqual({
      note: { comment: 'Called them back.', noteId: 11 },
    });
    expect(await screen.findByText('Comment added successfully.')).toBeTruthy();
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

  it('edits and deletes comments', async () => {
    const { api, user } = open('/client-management/1', ALL, {
      'PUT /api/notes/comments/6': { body: { msg: 'Comment updated successfully.' } },
      'DELETE /api/notes/comments/5': { body: { msg: 'Comment deleted successfully.' } },
    });
    const table = await openClientNotes(user);
    await rowAction(user, table, 'Budget call', 'View');
    const dialog = await screen.findByRole('dialog', { name: 'Budget call' });
    const theirs = await within(dialog).findByRole('listitem', { name: 'Comment by Priya Raman' });
    await user.click(within(theirs).getByRole('button', { name: 'Edit' }));
    await user.type(within(theirs).getByLabelText('Edit comment'), ' too');
    await user.click(within(theirs).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/notes/comments/6')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/comments/6')!.body).toEqual({
      note: { comment: 'Theirs too' },
    });
    const mine = within(dialog).getByRole('listitem', { name: 'Comment by Grace Hopper' });
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Comment' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/notes/comments/5')).toBe(1));
    expect(await screen.findByText('Comment deleted successfully.')).toBeTruthy();
  });

  it('resolves the selected notes after the spec warning; a failure shows the fallback', async () => {
    const { api, user } = open('/client-management/1', ALL, {
      'PUT /api/notes/resolve': { status: 500, body: {} },
    });
    const table = await openClientNotes(user);
    await user.click(within(table).getByRole('checkbox', { name: 'Select Budget call' }));
    await user.click(within(table).getByRole('button', { name: 'Resolve Notes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve Notes' });
    expect(within(confirm).getByText('This action can only be undone by an administrator.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/notes/resolve')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/resolve')!.body).toEqual({ note: { ids: [12] } });
    expect(await screen.findByText('Failed to resolve note(s)')).toBeTruthy();
  });

  it("hides what the user may not do: no Add, Edit or Resolve, and no changes to others' comments", async () => {
    const { user } = open('/client-management/1', ['VIEW_CLIENTS', 'VIEW_NOTES']);
    const table = await openClientNotes(user);
    expect(within(table).queryByRole('button', { name: 'Add Note' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Resolve Notes' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Actions for Budget call' }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Budget call' });
    const theirs = await within(dialog).findByRole('listitem', { name: 'Comment by Priya Raman' });
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
    const mine = within(dialog).getByRole('listitem', { name: 'Comment by Grace Hopper' });
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).toBeNull();
    // The only Edit left is the one of the user's own comment: not the note's.
    expect(within(dialog).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
  });

  it('lets a tagged user resolve a note without RESOLVE_NOTES', async () => {
    const { user } = open('/client-management/1', ['VIEW_CLIENTS', 'VIEW_NOTES'], {
      'GET /api/notes/client/1': {
        body: [note({ noteId: 12, noteTitle: 'Budget call', taggedUserIds: [ME] })],
      },
    });
    const table = await openClientNotes(user);
    expect(within(table).getByRole('button', { name: 'Resolve Notes' })).toBeTruthy();
  });

  it('lists resolved notes on Global Settings tab 1: read-only, Restore Notes and Delete Notes', async () => {
    const { api, user } = open('/global-settings?tab=1', ALL, {
      'GET /api/administration/note-category': { body: [] },
      'DELETE /api/notes/remove': { body: { msg: 'Note(s) deleted successfully.', count: 1 } },
    });
    const table = await screen.findByRole('region', { name: 'Resolved Notes' }, { timeout: 20_000 });
    await within(table).findByText('Old question');
    expect(within(table).queryByRole('button', { name: 'Add Note' })).toBeNull();
    await rowAction(user, table, 'Old question', 'View');
    const dialog = await screen.findByRole('dialog', { name: 'Old question' });
    expect(await within(dialog).findByText('No comments found.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Add a comment') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Notes' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/notes/remove')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/remove')!.body).toEqual({ note: { noteIds: [21] } });
    expect(await screen.findByText('Note(s) deleted successfully.')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Restore Notes' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Delete Notes' })).toBeTruthy();
  });

  it('shows no Resolved Notes without VIEW_RESOLVED_NOTES', async () => {
    const { api } = open('/global-settings?tab=1', ['VIEW_GLOBAL_SETTINGS', 'VIEW_NOTE_CATEGORIES'], {
      'GET /api/administration/note-category': { body: [] },
    });
    await screen.findByRole('region', { name: 'Manage Note Categories' }, { timeout: 20_000 });
    expect(screen.queryByRole('region', { name: 'Resolved Notes' })).toBeNull();
    expect(api.callsTo('GET', '/api/notes/resolve')).toBe(0);
  });

  it('offers neither Delete Notes without DELETE_NOTES nor Restore Notes to others without RESTORE_NOTES', async () => {
    const { user } = open('/global-settings?tab=1', [
      'VIEW_GLOBAL_SETTINGS',
      'VIEW_NOTES',
      'VIEW_RESOLVED_NOTES',
    ]);
    const table = await screen.findByRole('region', { name: 'Resolved Notes' }, { timeout: 20_000 });
    await within(table).findByText('Old question');
    expect(within(table).queryByRole('button', { name: 'Delete Notes' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Restore Notes' })).toBeNull();
    await rowAction(user, table, 'Old question', 'View');
    const dialog = await screen.findByRole('dialog', { name: 'Old question' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
