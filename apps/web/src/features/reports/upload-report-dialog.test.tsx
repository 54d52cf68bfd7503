import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { REPORT_MSG } from '@tideline/contracts/reports/reports.schemas';
import {
  EVERY_REPORT_PERMISSION,
  findReportsTable,
  openRowMenu,
  REPORTS,
  renderReportsTab,
  UI_TEST_TIMEOUT,
  type User,
} from './reports.fixtures';

// Upload and Complete (spec 4, 5, 7, 8): exactly one file of csv, xls, xlsx, txt or pdf, through a
// presigned form, completing the report; a failed completion discards the upload.

/** The signed form post happens over XMLHttpRequest (for its progress events): a stand-in answers it. */
class FakeXhr {
  static posted: string[] = [];
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  open(_method: string, url: string) {
    FakeXhr.posted.push(url);
  }
  send(form: FormData) {
    const file = form.get('file') as File;
    setTimeout(() => {
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: file.size,
        total: file.size,
      } as ProgressEvent);
      this.status = 204;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

const pdf = (name: string) => new File(['%PDF-1.7 edited'], name, { type: 'application/pdf' });
const SIGNED = {
  fileId: 77,
  url: '/api/files/upload',
  fields: { key: 'uploads/77', signature: 's' },
  key: 'uploads/77',
  maxBytes: 10_000_000,
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const PRESIGN_PATH = `/api/reports/upload/1/3?${new URLSearchParams({
  fileName: 'edited.pdf',
  contentType: 'application/pdf',
  sizeBytes: '15',
})}`;

async function openUpload(user: User) {
  await findReportsTable();
  const menu = await openRowMenu(user, 3);
  await user.click(within(menu).getByRole('menuitem', { name: 'Upload and Complete' }));
  return screen.findByRole('dialog', { name: 'Upload and Complete' });
}

const uploadButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Upload and Complete' });

describe('Upload and Complete', { timeout: UI_TEST_TIMEOUT }, () => {
  it("refuses a file of another type ('File type not accepted.') and more than one file", async () => {
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION);
    const dialog = await openUpload(user);
    expect(uploadButton(dialog).hasAttribute('disabled')).toBe(true);
    const input = within(dialog).getByLabelText('Choose File');

    await user.upload(input, [new File(['x'], 'notes.docx', { type: 'application/msword' })]);
    expect(within(dialog).getByRole('alert').textContent).toBe(`${REPORT_MSG.fileTypeNotAccepted}notes.docx`);
    expect(uploadButton(dialog).hasAttribute('disabled')).toBe(true);

    await user.upload(input, [pdf('edited.pdf'), new File(['a,b'], 'figures.csv', { type: 'text/csv' })]);
    expect(within(dialog).getByText(REPORT_MSG.oneFileOnly)).toBeTruthy();
    expect(within(dialog).queryByText(REPORT_MSG.fileTypeNotAccepted)).toBeNull();
    expect(uploadButton(dialog).hasAttribute('disabled')).toBe(true);

    const chosen = within(dialog).getByRole('list', { name: 'Chosen files' });
    await user.click(within(chosen).getAllByRole('button', { name: 'Remove' })[1]!);
    expect(within(dialog).queryByText(REPORT_MSG.oneFileOnly)).toBeNull();
    expect(uploadButton(dialog).hasAttribute('disabled')).toBe(false);
  });

  it('posts the file to the presigned form and completes the report with it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.posted = [];
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      [`GET ${PRESIGN_PATH}`]: { body: SIGNED },
      'PUT /api/reports/3': {
        body: { msg: REPORT_MSG.completed, report: { ...REPORTS[0]!, userReport: 'edited.pdf' } },
      },
    });
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('Choose File'), [pdf('edited.pdf')]);
    const statusCalls = api.callsTo('GET', '/api/clients/report-status/1');
    await user.click(uploadButton(dialog));
    expect(await screen.findByText(REPORT_MSG.completed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload and Complete' })).toBeNull());
    expect(FakeXhr.posted).toEqual(['/api/files/upload']);
    expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/api/reports/3')?.body).toEqual({
      reports: { fileId: 77, fileName: 'edited.pdf', comment: 'Draft for review' },
    });
    // Completing closes the cycle: the client's report status is read again.
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/clients/report-status/1')).toBeGreaterThan(statusCalls),
    );
  });

  it("says 'Failed to update report.' when the completion fails, and discards the upload", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { api, user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      [`GET ${PRESIGN_PATH}`]: { body: SIGNED },
      'PUT /api/reports/3': { status: 500, body: 'oops' },
      'DELETE /api/reports/upload/77': { body: { msg: REPORT_MSG.uploadDiscarded } },
    });
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('Choose File'), [pdf('edited.pdf')]);
    await user.click(uploadButton(dialog));
    expect(await within(dialog).findByText(REPORT_MSG.updateFailed)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('DELETE', '/api/reports/upload/77')).toBe(1));
    expect(uploadButton(dialog).hasAttribute('disabled')).toBe(false);
  });

  it("says the server's reason, or 'Failed to fetch presigned url.', when no upload form is handed out", async () => {
    const { user } = renderReportsTab(EVERY_REPORT_PERMISSION, {
      [`GET ${PRESIGN_PATH}`]: { status: 502, body: 'bad gateway' },
    });
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText('Choose File'), [pdf('edited.pdf')]);
    await user.click(uploadButton(dialog));
    expect(await within(dialog).findByText(REPORT_MSG.presignedFailed)).toBeTruthy();
  });
});
