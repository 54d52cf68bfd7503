import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { batchOf, renderAlone, type Routes } from './data-ingestion.fixtures';
import { UploadDialog } from './upload-dialog';

// Spec 2 "Upload dialog", 4 "Upload flow", 5 and 9: accepted extensions, spaces removed, per-file
// overwrite and hybrid template type, parallel signed uploads with progress capped at 100, CANCEL
// UPLOAD removing what was stored, the result dialog, then start-extraction.

/** The signed form post happens over XMLHttpRequest (for its progress events): a stand-in answers it. */
class FakeXhr {
  static posted: { url: string; fields: Record<string, string>; fileName: string }[] = [];
  /** Hold the posts: they report progress (over 100%) and never finish unless aborted. */
  static isHolding = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    const file = form.get('file') as File;
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      if (key !== 'file') fields[key] = String(value);
    });
    FakeXhr.posted.push({ url: this.url, fields, fileName: file.name });
    setTimeout(() => {
      // Some browsers count the form's own bytes: loaded may pass total.
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: file.size * 2,
        total: file.size,
      } as ProgressEvent);
      if (FakeXhr.isHolding) return;
      this.status = 204;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => {
  FakeXhr.posted = [];
  FakeXhr.isHolding = false;
});

const UPLOADER: Permission[] = ['VIEW_BATCHES', 'UPLOAD_FILES'];
const file = (name: string, content = 'Date,Description,Amount\n') => new File([content], name, { type: '' });

/** The server's side of the flow: file ids from 51, every upload stored, extraction started. */
function uploadRoutes(over: Routes = {}): Routes {
  let nextId = 51;
  return {
    'POST /api/data-ingestion/upload-url': () => {
      const fileId = nextId++;
      return {
        body: {
          fileId,
          url: '/api/files/upload',
          fields: { key: `uploads/${fileId}`, signature: 's' },
          key: `uploads/${fileId}`,
          maxBytes: 10_000_000,
          expiresAt: '2030-01-01T00:00:00.000Z',
        },
      };
    },
    'POST /api/files/51/complete': { body: stored(51) },
    'POST /api/files/52/complete': { body: stored(52) },
    'POST /api/data-ingestion/start-extraction': {
      body: { msg: 'Extraction started for 2 file(s).', files: [], refused: [] },
    },
    'DELETE /api/data-ingestion/files/': { body: { msg: EXTRACTION_MSG.uploadCancelled, deleted: 2 } },
    ...over,
  };
}

function stored(fileId: number) {
  return {
    fileId,
    fileName: 'x',
    status: 'stored',
    contentType: 'text/csv',
    sizeBytes: 24,
    rejectReason: null,
  };
}

function openDialog(batch: ClientBatch, routes: Routes = uploadRoutes()) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const onClose = vi.fn();
  const rendered = renderAlone(<UploadDialog batch={batch} onClose={onClose} />, UPLOADER, routes);
  // The picker's accept list is ours to check: the browser's filter is left out.
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const dialog = screen.getByRole('dialog', {
    name: 'Upload Batch: Acme County / First National / Operating',
  });
  return { ...rendered, user, dialog, onClose };
}

describe('Upload dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('refuses a file type not accepted, removes spaces from names, and needs a file to upload', async () => {
    const { user, dialog } = openDialog(batchOf({ batchId: 21 }));
    const upload = within(dialog).getByRole('button', { name: 'UPLOAD FILES' });
    expect(upload.hasAttribute('disabled')).toBe(true);
    await user.upload(within(dialog).getByLabelText('Choose files'), [
      file('memo.docx'),
      file('July statement 2026.csv'),
    ]);
    const refusal = within(dialog).getByRole('alert');
    expect(refusal.textContent).toContain(EXTRACTION_MSG.fileTypeNotAccepted);
    expect(refusal.textContent).toContain('memo.docx');
    const list = within(dialog).getByRole('list', { name: 'Files to upload' });
    expect(within(list).getByText('Julystatement2026.csv')).toBeTruthy();
    expect(within(list).queryByText('memo.docx')).toBeNull();
    expect(upload.hasAttribute('disabled')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Julystatement2026.csv' }));
    expect(upload.hasAttribute('disabled')).toBe(true);
  });

  it('takes dropped files too', async () => {
    const { dialog } = openDialog(batchOf({ batchId: 21 }));
    fireEvent.drop(within(dialog).getByRole('group', { name: 'Drop files here' }), {
      dataTransfer: { files: [file('aug 2026.xlsx')] },
    });
    expect(await within(dialog).findByText('aug2026.xlsx')).toBeTruthy();
  });

  it('uploads every file in parallel with its own overwrite toggle and hybrid type, then starts extraction', async () => {
    const { api, user, dialog } = openDialog(batchOf({ batchId: 24, templateType: 'Hybrid' }));
    await user.upload(within(dialog).getByLabelText('Choose files'), [
      file('june holdings.csv'),
      file('july.pdf'),
    ]);
    const holdings = within(dialog).getByRole('radiogroup', { name: 'Template type of juneholdings.csv' });
    // Spec 9: a hybrid batch's file is an Investment by default.
    expect(within(holdings).getByRole('radio', { name: 'Investment' })).toHaveProperty('checked', true);
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Template type of july.pdf' })).getByRole(
        'radio',
        {
          name: 'Transaction',
        },
      ),
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Allow overwrite of juneholdings.csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }));

    const result = await screen.findByRole('dialog', { name: 'Upload Results' });
    expect(within(result).getByText('Files uploaded successfully: 2')).toBeTruthy();
    expect(within(result).getByText('Files with errors: 0')).toBeTruthy();
    expect(screen.getAllByText('Extraction started for 2 file(s).').length).toBeGreaterThan(0);

    const permissions = api.calls
      .filter((c) => c.path === '/api/data-ingestion/upload-url')
      .map((c) => c.body);
    expect(permissions).toEqual([
      expect.objectContaining({
        batchId: 24,
        clientId: 1,
        bankId: 3,
        fileName: 'juneholdings.csv',
        templateType: 'Investment',
      }),
      expect.objectContaining({
        batchId: 24,
        clientId: 1,
        bankId: 3,
        fileName: 'july.pdf',
        templateType: 'Transaction',
      }),
    ]);
    expect(FakeXhr.posted.map((p) => [p.fileName, p.fields.key])).toEqual([
      ['juneholdings.csv', 'uploads/51'],
      ['july.pdf', 'uploads/52'],
    ]);
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/start-extraction')?.body).toEqual({
      fileUpload: {
        userId: 3,
        batchId: 24,
        allowOverwrite: false,
        successfulFileList: [
          { fileId: 51, templateType: 'Investment', allowOverwrite: true },
          { fileId: 52, templateType: 'Transaction', allowOverwrite: false },
        ],
      },
    });
  });

  it('sends no template type for a batch that is not hybrid, and counts and names the failed files', async () => {
    const { api, user, dialog } = openDialog(
      batchOf({ batchId: 21 }),
      uploadRoutes({
        'POST /api/files/52/complete': {
          body: { ...stored(52), status: 'rejected', rejectReason: 'Not a csv file.' },
        },
        'POST /api/data-ingestion/start-extraction': {
          body: { msg: 'Extraction started for 1 file(s).', files: [], refused: [] },
        },
      }),
    );
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await user.upload(within(dialog).getByLabelText('Choose files'), [file('good.csv'), file('bad.csv')]);
    await user.click(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }));
    const result = await screen.findByRole('dialog', { name: 'Upload Results' });
    expect(within(result).getByText('Files uploaded successfully: 1')).toBeTruthy();
    expect(within(result).getByText('Files with errors: 1')).toBeTruthy();
    const failed = within(result).getByRole('list', { name: 'Failed files' });
    expect(within(failed).getByText('bad.csv')).toBeTruthy();
    expect(within(failed).getByText('Not a csv file.')).toBeTruthy();
    const body = api.calls.find((c) => c.path === '/api/data-ingestion/start-extraction')?.body as {
      fileUpload: { successfulFileList: unknown[] };
    };
    expect(body.fileUpload.successfulFileList).toEqual([{ fileId: 51, allowOverwrite: false }]);
  });

  it('starts no extraction when every upload failed', async () => {
    const { api, user, dialog } = openDialog(
      batchOf({ batchId: 21 }),
      uploadRoutes({
        'POST /api/data-ingestion/upload-url': { status: 422, body: { msg: 'This batch is validated.' } },
      }),
    );
    await user.upload(within(dialog).getByLabelText('Choose files'), [file('a.csv')]);
    await user.click(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }));
    const result = await screen.findByRole('dialog', { name: 'Upload Results' });
    expect(within(result).getByText('Files with errors: 1')).toBeTruthy();
    expect(within(result).getByText('This batch is validated.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/data-ingestion/start-extraction')).toBe(0);
  });

  it('shows progress capped at 100 and CANCEL UPLOAD removes what was stored, without extraction', async () => {
    FakeXhr.isHolding = true;
    const { api, user, dialog, onClose } = openDialog(batchOf({ batchId: 21 }));
    await user.upload(within(dialog).getByLabelText('Choose files'), [file('a.csv'), file('b.csv')]);
    await user.click(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }));
    expect(await within(dialog).findByText('Uploading: 100%')).toBeTruthy();
    // Both posts are in flight at once: one request per file, in parallel.
    expect(FakeXhr.posted.map((p) => p.fileName)).toEqual(['a.csv', 'b.csv']);
    expect(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL UPLOAD' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      fileUpload: { fileList: [51, 52] },
    });
    expect(api.callsTo('POST', '/api/data-ingestion/start-extraction')).toBe(0);
    expect(await screen.findByText(EXTRACTION_MSG.uploadCancelled)).toBeTruthy();
  });

  it("says the spec's text when extraction cannot be started, and removes the files", async () => {
    const { api, user, dialog } = openDialog(
      batchOf({ batchId: 21 }),
      uploadRoutes({ 'POST /api/data-ingestion/start-extraction': { status: 500, body: {} } }),
    );
    await user.upload(within(dialog).getByLabelText('Choose files'), [file('a.csv')]);
    await user.click(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }));
    const result = await screen.findByRole('dialog', { name: 'Upload Results' });
    expect(within(result).getByText('Files with errors: 1')).toBeTruthy();
    expect(screen.getAllByText(EXTRACTION_MSG.initiateFailed).length).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ fileUpload: { fileList: [51] } });
  });
  // Issue 42 point 7: the real reason per failed file, not the default.
  it("gives each refused file the server's reason, such as a name already in the batch", async () => {
    const msg = `Data extraction started for 0 files. Not started: a.csv (${EXTRACTION_MSG.nameTaken})`;
    const { user, dialog } = openDialog(
      batchOf({ batchId: 21 }),
      uploadRoutes({
        'POST /api/data-ingestion/start-extraction': {
          status: 409,
          body: { msg, fieldErrors: { 'a.csv': [EXTRACTION_MSG.nameTaken] } },
        },
      }),
    );
    await user.upload(within(dialog).getByLabelText('Choose files'), [file('a.csv')]);
    await user.click(within(dialog).getByRole('button', { name: 'UPLOAD FILES' }));
    const result = await screen.findByRole('dialog', { name: 'Upload Results' });
    const failed = within(result).getByRole('list', { name: 'Failed files' });
    expect(within(failed).getByText('a.csv')).toBeTruthy();
    expect(within(failed).getByText(EXTRACTION_MSG.nameTaken)).toBeTruthy();
    expect(within(result).queryByText(EXTRACTION_MSG.initiateFailed)).toBeNull();
  });
});
