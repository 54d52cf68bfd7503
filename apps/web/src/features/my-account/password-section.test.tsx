import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { openAppAs } from '../../test/open-app';

const ada = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', permList: [] };

describe('My Account password', { timeout: 30_000 }, () => {
  it('says so under the new password when the server finds it too common', async () => {
    openAppAs(
      '/my-account',
      ada.permList,
      {
        'POST /api/auth/change-password': {
          status: 400,
          body: { msg: MSG.passwordTooCommon, fieldErrors: { newPassword: [MSG.passwordTooCommon] } },
        },
      },
      ada,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current Password'), 'Old-password-2024');
    await user.type(screen.getByLabelText('New Password'), 'Password123!');
    await user.type(screen.getByLabelText('Verify New Password'), 'Password123!{Enter}');
    expect(await screen.findByText(MSG.passwordUpdateFailed)).toBeTruthy();
    expect(screen.getByText(MSG.passwordTooCommon)).toBeTruthy();
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(MSG.passwordRequirements)).toBeNull();
  });
});
