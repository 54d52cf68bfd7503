import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { ALL, open, openClientNotes, rowAction } from './notes.fixtures';

describe('note comments', { timeout: UI_TEST_TIMEOUT }, () => {
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
});
