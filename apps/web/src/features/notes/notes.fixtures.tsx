import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { Note, NoteComment } from '@tideline/contracts/notes/notes.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { accountOf, clientOf } from '../../test/fixture-records';
import { openAppAs, TEST_USER } from '../../test/open-app';
import type { NotesScope } from './notes.api';
import { NotesTable } from './notes-table';

// Test data and steps of the notes tests: a client with two active notes and one resolved one.

export const ME = TEST_USER.userId;
export const LONG = `${'Called the treasurer about the sweep. '.repeat(4)}Follow up next week.`;
export const note = (over: Partial<Note>): Note => ({
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
export const ACTIVE: Note[] = [
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
export const RESOLVED: Note[] = [
  note({ noteId: 21, noteTitle: 'Old question', isResolved: true, resolvedBy: 'Priya Raman' }),
];
export const COMMENTS: NoteComment[] = [
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
const ACME = clientOf({ clientId: 1, clientName: 'Acme County', clientType: 'County', state: 'IA' });
export const OPERATING = accountOf({ accountId: 10, accountName: 'Operating' });

export const ALL: Permission[] = [
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

const NOTE_ROUTES: Record<string, FakeHandler | FakeResponse> = {
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
};

export function open(
  path: string,
  permList: Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
) {
  const opened = openAppAs(path, permList, { ...NOTE_ROUTES, ...routes });
  return { api: opened.api, user: userEvent.setup({ delay: null }) };
}

/**
 * Renders the Notes table alone, signed in as TEST_USER: for scopes no page shows yet (a batch's
 * notes) and for the filter dialog, without the cost of loading the whole app.
 */
export function renderNotesTable(
  scope: NotesScope,
  permList: Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    ...NOTE_ROUTES,
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <NotesTable scope={scope} />
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

export type User = ReturnType<typeof userEvent.setup>;

export async function openClientNotes(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Notes' }, { timeout: 20_000 }));
  const table = await screen.findByRole('region', { name: 'Notes' }, { timeout: 20_000 });
  await within(table).findByText('Budget call');
  return table;
}

export async function rowAction(user: User, table: HTMLElement, title: string, action: string) {
  await user.click(within(table).getByRole('button', { name: `Actions for ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}
