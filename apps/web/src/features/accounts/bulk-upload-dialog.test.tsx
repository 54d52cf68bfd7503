import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import { AccountsTab } from './accounts-tab';
import { renderTab, UI_TEST_TIMEOUT } from './accounts.fixtures';

const JOB_ID = '4b1e0c57-8e8f-4c39-9d55-0b6f7c7a2b11';
const PERMS = ['VIEW_ACCOUNTS', 'ADD_ACCOUNTS', 'UPLOAD_FILES'] as const;

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

const csv = (name: string) => new File(['Account Name,Account Number\nA,1\n'], name, { type: 'text/csv' });

describe('Bulk Upload Accounts', { timeout: UI_TEST_TIMEOUT }, () => {
  it('refuses what is not csv, uploads the rest, lists the failed files and refreshes the staging table', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let jobState = 'active';
    const { api } = renderTab(<AccountsTab clientId={1} />, PERMS, {
      'POST /api/files/upload-url': ({ body }) =>
        (body as { fileName: string }).fileName === 'bad.csv'
          ? { status: 400, body: { msg: 'The file is empty.' } }
          : {
              body: {
                fileId: 41,
                url: '/api/files/upload',
                fields: { key: 'uploads/41', signature: 's' },
                key: 'uploads/41',
                maxBytes: 1_000_000,
                expiresAt: '2030-01-01T00:00:00.000Z',
              },
            },
      'POST /api/files/41/complete': {
        body: {
          fileId: 41,
          fileName: 'accounts.csv',
          status: 'stored',
          contentType: 'text/csv',
          sizeBytes: 30,
          rejectReason: null,
        },
      },
      'POST /api/accounts/upload': {
        status: 202,
        body: {
          msg: 'Extraction of accounts started.',
          jobs: [{ fileId: 41, fileName: 'accounts.csv', jobId: JOB_ID }],
        },
      },
      [`GET /api/jobs/${JOB_ID}`]: () => ({
        body: {
          jobId: JOB_ID,
          queue: 'account-extraction',
          state: jobState,
          progress: jobState === 'completed' ? 100 : 40,
          attempts: 1,
          message:
            jobState === 'completed'
              ? '2 accounts extracted from accounts.csv.'
              : 'Checking 3 rows of accounts.csv',
          result:
            jobState === 'completed'
              ? { fileId: 41, createdCount: 2, accountIds: [20, 21], isAlreadyExtracted: false }
              : null,
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt: '2025-01-01T00:00:00.000Z',
        },
      }),
    });
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await screen.findByRole('table', { name: 'These accounts require additional setup' });
    await user.click(screen.getAllByRole('button', { name: 'Bulk Upload Accounts' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Upload Accounts' });
    await user.upload(within(dialog).getByLabelText('Choose csv files'), [
      csv('accounts.csv'),
      csv('bad.csv'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      `${ACCOUNT_MSG.fileTypeNotAccepted} (notes.txt)`,
    );
    const chosen = within(within(dialog).getByRole('list', { name: 'Chosen files' })).getAllByRole(
      'listitem',
    );
    expect(chosen.map((li) => li.textContent)).toEqual(['accounts.csvRemove', 'bad.csvRemove']);

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Files uploaded: 1')).toBeTruthy();
    expect(within(dialog).getByText('Files failed: 1')).toBeTruthy();
    const failed = within(within(dialog).getByRole('list', { name: 'Failed files' })).getAllByRole(
      'listitem',
    );
    expect(failed.map((li) => li.textContent)).toEqual(['bad.csvThe file is empty.']);
    expect(FakeXhr.posted).toEqual(['/api/files/upload']);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/accounts/upload')?.body).toEqual({
        fileUpload: { clientId: 1, successfulFileList: [41] },
      }),
    );
    expect(await within(dialog).findByText('Extracting accounts...')).toBeTruthy();
    // Issue 20 point 8: a progress bar, with the rows being checked.
    const bar = await within(dialog).findByRole('progressbar', {
      name: 'Extracting accounts from accounts.csv',
    });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(within(dialog).getByText('Checking 3 rows of accounts.csv')).toBeTruthy();

    const reviewsBefore = api.callsTo('GET', '/api/accounts/review/1');
    jobState = 'completed';
    expect(await within(dialog).findByText('Accounts extracted: 2', {}, { timeout: 5_000 })).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/accounts/review/1')).toBeGreaterThan(reviewsBefore));
  });

  it("says 'Failed to Download Template' when the template cannot be fetched", async () => {
    renderTab(<AccountsTab clientId={1} />, PERMS, {
      'GET /api/accounts/upload-template': { status: 500, body: {} },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Download Template' }));
    expect(await screen.findByText(ACCOUNT_MSG.downloadTemplateFailed)).toBeTruthy();
  });
});
