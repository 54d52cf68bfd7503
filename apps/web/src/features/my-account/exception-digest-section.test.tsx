import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAppAs } from '../../test/open-app';

const ada = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('My Account: the daily exceptions digest (issue 43 point 5)', { timeout: 30_000 }, () => {
  it('reads the saved setting and turns it on and off with PUT /api/exceptions/digest', async () => {
    const { api } = openAppAs(
      '/my-account',
      ['VIEW_EXCEPTIONS'],
      {
        'GET /api/exceptions/digest': { body: { enabled: false } },
        'PUT /api/exceptions/digest': ({ body }) => ({ body }),
      },
      ada,
    );
    const toggle = (await screen.findByRole('switch', {
      name: 'Daily exceptions digest',
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    const user = userEvent.setup({ delay: null });
    await user.click(toggle);
    expect(await screen.findByText('Daily exceptions digest on.')).toBeTruthy();
    expect(toggle.checked).toBe(true);
    await waitFor(() => expect(toggle.disabled).toBe(false));
    await user.click(toggle);
    expect(await screen.findByText('Daily exceptions digest off.')).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(
      api.calls.filter((c) => c.method === 'PUT' && c.path === '/api/exceptions/digest').map((c) => c.body),
    ).toEqual([{ enabled: true }, { enabled: false }]);
  });

  it('shows a digest that is on as on', async () => {
    openAppAs(
      '/my-account',
      ['VIEW_EXCEPTIONS'],
      { 'GET /api/exceptions/digest': { body: { enabled: true } } },
      ada,
    );
    const toggle = (await screen.findByRole('switch', {
      name: 'Daily exceptions digest',
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('is not offered to a user who cannot see exceptions, and not asked for', async () => {
    const { api } = openAppAs('/my-account', [], {}, ada);
    expect(await screen.findByRole('heading', { name: 'Password' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Daily exceptions digest' })).toBeNull();
    expect(api.callsTo('GET', '/api/exceptions/digest')).toBe(0);
  });
});
