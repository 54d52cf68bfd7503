import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ME, note, renderNotesTable, type User } from './notes.fixtures';

// platform.md 2.9 "Notes filter variant": RESTORE DEFAULTS, CANCEL and APPLY FILTERS; Show All Notes
// defaults to Yes, and No keeps the notes the signed-in user wrote or is tagged on (4.4).

const NOTES = [
  note({ noteId: 31, noteTitle: 'My own note', author: 'Grace Hopper', authorId: ME }),
  note({ noteId: 32, noteTitle: 'Tagged on me', taggedUserIds: [4, ME], taggedUsers: ['Ada', 'Grace'] }),
  note({ noteId: 33, noteTitle: 'Priya one' }),
  note({ noteId: 34, noteTitle: 'Priya two', taggedUserIds: [4], taggedUsers: ['Ada'] }),
  note({ noteId: 35, noteTitle: 'Alan one', author: 'Alan Kay', authorId: 8 }),
];
const EVERY_TITLE = NOTES.map((n) => n.noteTitle);

async function openNotes() {
  const opened = renderNotesTable({ kind: 'all' }, ['VIEW_NOTES'], { 'GET /api/notes/all': { body: NOTES } });
  const table = await screen.findByRole('region', { name: 'Notes' }, { timeout: 20_000 });
  await within(table).findByText('My own note');
  return { ...opened, table };
}

/** The titles of NOTES the table shows, in NOTES order. */
function shownTitles(table: HTMLElement): string[] {
  return EVERY_TITLE.filter((title) => within(table).queryByText(title) !== null);
}

async function openFilters(user: User, table: HTMLElement) {
  await user.click(await within(table).findByRole('button', { name: /^Filters/ }));
  return screen.findByRole('dialog', { name: 'Set Filters' });
}

function showAll(dialog: HTMLElement, choice: 'Yes' | 'No') {
  return within(within(dialog).getByRole('radiogroup', { name: 'Show All Notes' })).getByRole('radio', {
    name: choice,
  }) as HTMLInputElement;
}

async function closed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('notes filter', { timeout: UI_TEST_TIMEOUT }, () => {
  it('defaults Show All Notes to Yes, lists every note, and offers RESTORE DEFAULTS, CANCEL, APPLY FILTERS', async () => {
    const { user, table } = await openNotes();
    expect(shownTitles(table)).toEqual(EVERY_TITLE);
    expect(within(table).getByText('5 of 5 rows')).toBeTruthy();
    expect(within(table).getByText('Show All Notes: Yes')).toBeTruthy();

    const dialog = await openFilters(user, table);
    expect(showAll(dialog, 'Yes').checked).toBe(true);
    expect(within(dialog).getByLabelText('Author')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Date' })).toBeTruthy();
    for (const name of ['RESTORE DEFAULTS', 'CANCEL', 'APPLY FILTERS']) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(dialog).queryByRole('button', { name: 'CLEAR FILTERS' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'CLOSE' })).toBeNull();
  });

  it('No keeps the notes I wrote or am tagged on; RESTORE DEFAULTS lists them all again', async () => {
    const { user, table } = await openNotes();
    let dialog = await openFilters(user, table);
    await user.click(showAll(dialog, 'No'));
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await closed();
    expect(shownTitles(table)).toEqual(['My own note', 'Tagged on me']);
    expect(within(table).getByText('2 of 5 rows')).toBeTruthy();
    expect(within(table).getByText('Show All Notes: No')).toBeTruthy();

    dialog = await openFilters(user, table);
    expect(showAll(dialog, 'No').checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Author'), 'grace');
    await user.click(within(dialog).getByRole('button', { name: 'RESTORE DEFAULTS' }));
    await closed();
    expect(shownTitles(table)).toEqual(EVERY_TITLE);
    expect(within(table).getByText('5 of 5 rows')).toBeTruthy();
    dialog = await openFilters(user, table);
    expect(showAll(dialog, 'Yes').checked).toBe(true);
    expect((within(dialog).getByLabelText('Author') as HTMLInputElement).value).toBe('');
  });

  it('CANCEL closes and leaves the applied filters as they were', async () => {
    const { user, table } = await openNotes();
    let dialog = await openFilters(user, table);
    await user.click(showAll(dialog, 'No'));
    await user.type(within(dialog).getByLabelText('Author'), 'grace');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await closed();
    expect(shownTitles(table)).toEqual(['My own note']);
    expect(within(table).getByText('1 of 5 rows')).toBeTruthy();

    dialog = await openFilters(user, table);
    await user.click(showAll(dialog, 'Yes'));
    await user.clear(within(dialog).getByLabelText('Author'));
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await closed();
    expect(shownTitles(table)).toEqual(['My own note']);
    expect(within(table).getByText('1 of 5 rows')).toBeTruthy();
    dialog = await openFilters(user, table);
    expect(showAll(dialog, 'No').checked).toBe(true);
    expect((within(dialog).getByLabelText('Author') as HTMLInputElement).value).toBe('grace');
  });
});

describe("a batch's notes", { timeout: UI_TEST_TIMEOUT }, () => {
  it('are read from /api/notes/batch/{id}, and Add Note links the new note to the batch', async () => {
    const batchNote = note({ noteId: 41, noteTitle: 'File late', tableLinkedTo: 'batches', linkedId: 7 });
    const { api, user } = renderNotesTable({ kind: 'batch', batchId: 7 }, ['VIEW_NOTES', 'ADD_NOTES'], {
      'GET /api/notes/batch/7': { body: [batchNote] },
      'POST /api/notes/add': { status: 201, body: { msg: 'Note added successfully.' } },
    });
    const table = await screen.findByRole('region', { name: 'Notes' }, { timeout: 20_000 });
    await within(table).findByText('File late');
    expect(api.callsTo('GET', '/api/notes/batch/7')).toBe(1);

    await user.click(within(table).getByRole('button', { name: 'Add Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Bank resent');
    await user.type(within(dialog).getByLabelText('Description'), 'The bank resent the file.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/notes/add')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/notes/add')!.body).toEqual({
      note: {
        tableLinkedTo: 'batches',
        linkedId: 7,
        noteTitle: 'Bank resent',
        noteDescription: 'The bank resent the file.',
        categoriesList: [],
        taggedUsersList: [],
      },
    });
    expect(await screen.findByText('Note added successfully.')).toBeTruthy();
  });
});
