import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ALL, ME, note, open, openClientNotes, rowAction } from './notes.fixtures';

describe('resolving, restoring and deleting notes', { timeout: UI_TEST_TIMEOUT }, () => {
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
