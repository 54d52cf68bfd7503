import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { fakeApi, type FakeHandler } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { useSessionStore } from '../lib/session-store';
import { UI_TEST_TIMEOUT } from '../test/ui-test-timeout';

const ada = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', permList: [] };

const signedIn: Record<string, FakeHandler> = {
  'GET /api/users/logged-user': ({ headers }) =>
    headers.Authorization === 'Bearer at-1' ? { body: ada } : { status: 401, body: { msg: 'Unauthorized' } },
};

async function submitCredentials(email = 'ada@example.com', password = 'Secret-password-1') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
  return user;
}

describe('sign-in screen', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the title, focuses the email field and validates with the spec texts', async () => {
    fakeApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
  });

  it('asks to prefetch the signed-in shell once the form is shown, for when the browser is idle', async () => {
    fakeApi({});
    // Whether the form was on screen each time an idle callback was asked for.
    const formShown: boolean[] = [];
    vi.stubGlobal('requestIdleCallback', () => formShown.push(screen.queryByLabelText('Email') !== null));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    await waitFor(() => expect(formShown).toEqual([true]));
  });

  it('shows the fixed failure text in an alert and keeps what was typed', async () => {
    fakeApi({ 'POST /api/auth/sign-in': { status: 401, body: { msg: MSG.invalidCredentials } } });
    renderApp('/');
    await submitCredentials('ada@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.invalidCredentials);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong-password');
  });

  it('verifies the MFA code, refuses a wrong one and lands on the dashboard greeting', async () => {
    const api = fakeApi({
      ...signedIn,
      'POST /api/auth/sign-in': { body: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's-1' } },
      'POST /api/auth/mfa/verify': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { accessToken: 'at-1', expiresIn: 900 } }
          : { status: 401, body: { msg: MSG.invalidMfaToken } },
    });
    const { currentPath } = renderApp('/');
    const user = await submitCredentials();
    const code = await screen.findByLabelText('MFA Code');
    expect(document.activeElement).toBe(code);
    await user.type(code, '000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.invalidMfaToken);
    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(
      await screen.findByRole(
        'heading',
        { name: /^Good (morning|afternoon|evening), Ada$/ },
        { timeout: 10_000 }, // the shell, then the dashboard: two lazy chunks
      ),
    ).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
    expect(useSessionStore.getState().user).toEqual(ada);
    expect(api.calls.filter((c) => c.path === '/api/auth/mfa/verify').at(-1)?.body).toEqual({
      session: 's-1',
      code: '123456',
    });
  });

  it('enrols MFA on a first sign-in, showing the QR code and the key as text', async () => {
    const api = fakeApi({
      ...signedIn,
      'POST /api/auth/sign-in': { body: { challenge: 'MFA_SETUP', session: 's-2' } },
      'POST /api/auth/mfa/setup': {
        body: {
          secretCode: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCodeDataUrl: 'data:image/png;base64,AA',
        },
      },
      'POST /api/auth/mfa/verify-setup': { body: { accessToken: 'at-1', expiresIn: 900 } },
    });
    renderApp('/');
    const user = await submitCredentials();
    expect(await screen.findByAltText('QR code to scan with your authenticator app')).toBeTruthy();
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('MFA Code'), '654321{Enter}');
    expect(
      await screen.findByRole(
        'heading',
        { name: /^Good (morning|afternoon|evening), Ada$/ },
        { timeout: 10_000 }, // the shell, then the dashboard: two lazy chunks
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/mfa/verify-setup')).toBe(1);
  });

  it('goes back to the login view with the message when the MFA session has expired', async () => {
    fakeApi({
      'POST /api/auth/sign-in': { body: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's-3' } },
      'POST /api/auth/mfa/verify': { status: 401, body: { msg: MSG.mfaSessionExpired } },
    });
    renderApp('/');
    const user = await submitCredentials();
    await user.type(await screen.findByLabelText('MFA Code'), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(MSG.mfaSessionExpired);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it("shows 'Request Sent' after 'Send Link' even when the request fails, and goes back to login", async () => {
    fakeApi({ 'POST /api/auth/forgot-password': { status: 500, body: { msg: 'boom' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(1);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Request Sent' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Take me back to login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('offers Take me back to login on the MFA views', async () => {
    fakeApi({ 'POST /api/auth/sign-in': { body: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's-4' } } });
    renderApp('/');
    const user = await submitCredentials();
    await screen.findByLabelText('MFA Code');
    await user.click(screen.getByRole('button', { name: 'Take me back to login' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy());
  });
});
