import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import { FIRM_LOGO_MAX_BYTES, FIRM_MSG, type Firm } from '@tideline/contracts/settings/firm.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

// Global Settings tab 0, "Firm" (issue 42 point 5): the firm name and logo the client reports print.

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
const PNG_BASE64 = btoa(String.fromCharCode(...PNG_BYTES));
const NEW_PNG_BYTES = [...PNG_BYTES.slice(0, 8), 9, 9, 9];
const NEW_PNG_BASE64 = btoa(String.fromCharCode(...NEW_PNG_BYTES));
const STORED: Firm = {
  firmName: 'Cedar Point Treasury Advisors',
  logo: { contentType: 'image/png', dataBase64: PNG_BASE64, sizeBytes: PNG_BYTES.length },
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const EDIT: Permission[] = ['VIEW_GLOBAL_SETTINGS', 'EDIT_GLOBAL_SETTINGS'];

function openFirm(permissions: Permission[], routes: Record<string, FakeHandler | FakeResponse> = {}) {
  const { api } = openAppAs('/global-settings', permissions, {
    'GET /api/administration/global-setting/1': {
      body: { globalSettingId: 1, globalSettingValue: 5, updatedAt: STORED.updatedAt },
    },
    'GET /api/administration/global-setting/3': {
      body: { globalSettingId: 3, globalSettingValue: 5, updatedAt: STORED.updatedAt },
    },
    'GET /api/administration/firm': { body: STORED },
    ...routes,
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

const firmRegion = () => screen.findByRole('region', { name: 'Firm' }, { timeout: 20_000 });

describe('Global Settings "Firm"', { timeout: 30_000 }, () => {
  it('shows the stored name and logo, and saves a new name with a new PNG logo', async () => {
    const { api, user } = openFirm(EDIT, {
      'PUT /api/administration/firm': ({ body }) => {
        const { firmName } = (body as { firm: { firmName: string } }).firm;
        return { body: { msg: FIRM_MSG.updated, firm: { ...STORED, firmName } } };
      },
    });
    const firm = await firmRegion();
    const name = await within(firm).findByRole('textbox', { name: 'Firm Name' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(STORED.firmName));
    expect(within(firm).getByRole('img', { name: 'Firm logo' }).getAttribute('src')).toBe(
      `data:image/png;base64,${PNG_BASE64}`,
    );
    await user.clear(name);
    await user.type(name, 'Harbor Public Finance');
    const file = new File([new Uint8Array(NEW_PNG_BYTES)], 'logo.png', { type: 'image/png' });
    await user.upload(within(firm).getByLabelText('Logo file'), file);
    // The browser reads the file before the preview (and the form) hold it.
    await waitFor(() =>
      expect(within(firm).getByRole('img', { name: 'Firm logo' }).getAttribute('src')).toBe(
        `data:image/png;base64,${NEW_PNG_BASE64}`,
      ),
    );
    await user.click(within(firm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/administration/firm',
        body: {
          firm: {
            firmName: 'Harbor Public Finance',
            logo: { contentType: 'image/png', dataBase64: NEW_PNG_BASE64 },
          },
        },
      }),
    );
    expect(await screen.findByText(FIRM_MSG.updated)).toBeTruthy();
  });

  it('refuses a logo that is no PNG or JPEG or too large before sending, and removes the logo', async () => {
    const { api, user } = openFirm(EDIT, {
      'PUT /api/administration/firm': { body: { msg: FIRM_MSG.updated, firm: { ...STORED, logo: null } } },
    });
    const firm = await firmRegion();
    await within(firm).findByRole('textbox', { name: 'Firm Name' });
    const input = within(firm).getByLabelText('Logo file');
    const large = new File([new Uint8Array(FIRM_LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, large);
    expect(await within(firm).findByText(FIRM_MSG.logoTooLarge)).toBeTruthy();
    // A file picker's 'All files' lets any file through the accept list.
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: Object.assign([gif], { item: () => gif }) } });
    expect(await within(firm).findByText(FIRM_MSG.logoType)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(within(firm).getByRole('button', { name: 'Remove Logo' }));
    expect(within(firm).getByText("No logo: the report's cover prints none.")).toBeTruthy();
    await user.click(within(firm).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        firm: { firmName: STORED.firmName, logo: null },
      }),
    );
  });

  it('shows the firm read-only without EDIT_GLOBAL_SETTINGS', async () => {
    openFirm(['VIEW_GLOBAL_SETTINGS']);
    const firm = await firmRegion();
    const name = await within(firm).findByRole('textbox', { name: 'Firm Name' });
    expect(name.hasAttribute('readonly')).toBe(true);
    expect(within(firm).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(firm).queryByRole('button', { name: 'Upload Logo' })).toBeNull();
  });
});
