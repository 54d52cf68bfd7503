import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, PASSWORD_HINT } from '@tideline/contracts/common/messages';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('set-new-password screen', () => {
  it('validates with the spec texts and shows the hint', async () => {
    fakeApi({});
    renderApp('/reset-password/ada%40example.com/code-1');
    expect(await screen.findByText(PASSWORD_HINT)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other{Enter}');
    expect(await screen.findByText(MSG.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.passwordsMustMatch)).toBeTruthy();
  });

  it('shows the server message above the form and keeps what was typed', async () => {
    fakeApi({ 'POST /api/auth/confirm-password': { status: 400, body: { msg: MSG.linkInvalid } } });
    renderApp('/forgot-password/ada%40example.com/used-code');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'Tideline-pass-2024');
    await user.type(screen.getByLabelText('Confirm Password'), 'Tideline-pass-2024{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MSG.linkInvalid);
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('Tideline-pass-2024');
    // platform.md 2.4 and 8: above the form's fields (issue 42 point 7), under the screen's heading.
    const heading = screen.getByRole('heading', { name: 'Set New Password' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(heading, alert)).toBe(true);
    expect(follows(alert, screen.getByLabelText('New Password'))).toBe(true);
    expect(follows(alert, screen.getByLabelText('Confirm Password'))).toBe(true);
  });

  it('sends username, code and password, then goes to the sign-in screen', async () => {
    const api = fakeApi({ 'POST /api/auth/confirm-password': { body: { msg: 'ok' } } });
    const { currentPath } = renderApp('/reset-password/ada%40example.com/abc/def');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'Tideline-pass-2024');
    await user.type(screen.getByLabelText('Confirm Password'), 'Tideline-pass-2024{Enter}');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(api.calls.find((c) => c.path === '/api/auth/confirm-password')?.body).toEqual({
      username: 'ada@example.com',
      code: 'abc/def',
      newPassword: 'Tideline-pass-2024',
    });
  });
});
