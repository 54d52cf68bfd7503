import { describe, expect, it } from 'vitest';
import { createLocalSignedForms, RefusedUploadForm, signStorageValues } from './local-signed-forms';
import { createFinalKey, createUploadKey } from './storage-keys';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const forms = createLocalSignedForms(SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** What a holder of the secret would sign: lets a test present a form the server never issued. */
const signAsServer = (values: string[]) => signStorageValues(SECRET, 'upload', values);

function formOf(fields: Record<string, string>): [string, string][] {
  return Object.entries(fields);
}

function refusal(fields: Record<string, string> | [string, unknown][]) {
  try {
    forms.readUploadForm(Array.isArray(fields) ? fields : formOf(fields));
    return null;
  } catch (err) {
    return { status: (err as { statusCode: number }).statusCode, msg: (err as Error).message };
  }
}

describe('local signed upload forms', () => {
  it('reads back exactly the form it signed', () => {
    const key = createUploadKey();
    const { fields } = forms.signUpload({ key, contentType: 'text/csv', maxBytes: 4096 });
    expect(forms.readUploadForm(formOf(fields))).toEqual({
      key,
      contentType: 'text/csv',
      maxBytes: 4096,
      expires: Number(fields.expires),
    });
  });

  it('refuses to sign a content type with a line break, so no field boundary can move', () => {
    // The pen test's contentType: it ended the field and started new ones of the attacker's choice.
    const contentType = `text/csv\nexpires=9999999999\nkey=${createUploadKey()}\nmaxBytes=Z`;
    expect(() => forms.signUpload({ key: createUploadKey(), contentType, maxBytes: 10 })).toThrow(
      'Not a MIME type',
    );
  });

  it('cannot be re-read with values shifted between fields', () => {
    // Under the old `k=v` lines these two forms had the same signature input.
    const key = createUploadKey();
    const { fields } = forms.signUpload({ key, contentType: 'text/csv', maxBytes: 4096 });
    const shifted = { ...fields, contentType: 'text/csv', maxBytes: `4096\nexpires=${fields.expires}` };
    expect(refusal(shifted)).toEqual({ status: 400, msg: 'The upload form is not valid.' });
    // Even well-formed values signed in another order do not verify.
    const swapped = { ...fields, maxBytes: fields.expires!, expires: fields.maxBytes! };
    expect(refusal(swapped)?.status).toBe(403);
  });

  it('refuses sizes and expiries that are not plain integers', () => {
    const key = createUploadKey();
    const expires = String(now() + 600);
    for (const maxBytes of ['Z', '1e9', '-1', '0', ' 10', '10.0', '0x10', '9999999999999999']) {
      const fields = { key, contentType: 'text/csv', maxBytes, expires };
      const signature = signAsServer([key, 'text/csv', maxBytes, expires]);
      expect(refusal({ ...fields, signature })).toEqual({
        status: 400,
        msg: 'The upload form is not valid.',
      });
    }
    for (const badExpires of ['1e12', '-1', 'Infinity', '']) {
      const fields = { key, contentType: 'text/csv', maxBytes: '10', expires: badExpires };
      const signature = signAsServer([key, 'text/csv', '10', badExpires]);
      expect(refusal({ ...fields, signature })?.status).toBe(400);
    }
  });

  it('refuses an extended expiry, even correctly signed, and an expired form', () => {
    const key = createUploadKey();
    const { fields } = forms.signUpload({ key, contentType: 'text/csv', maxBytes: 10 });
    const tenYears = String(now() + 10 * 365 * 24 * 3600);
    expect(refusal({ ...fields, expires: tenYears })).toEqual({
      status: 403,
      msg: 'The upload link is invalid or has expired.',
    });
    for (const expires of [tenYears, String(now() + 901), String(now() - 1)]) {
      const signature = signAsServer([key, 'text/csv', '10', expires]);
      expect(refusal({ ...fields, expires, signature })?.status).toBe(403);
    }
  });

  it('refuses keys the server never hands out for uploads', () => {
    for (const key of [
      createFinalKey(),
      'uploads/2026/01/other',
      '../uploads/x',
      'uploads/2026/01/../../etc',
    ]) {
      const expires = String(now() + 600);
      const signature = signAsServer([key, 'text/csv', '10', expires]);
      const fields = { key, contentType: 'text/csv', maxBytes: '10', expires, signature };
      expect(refusal(fields)?.status).toBe(400);
    }
    expect(() => forms.signUpload({ key: createFinalKey(), contentType: 'text/csv', maxBytes: 10 })).toThrow(
      'Not an upload key',
    );
  });

  it('refuses a missing, repeated or unknown field', () => {
    const { fields } = forms.signUpload({ key: createUploadKey(), contentType: 'text/csv', maxBytes: 10 });
    const { signature: _signature, ...unsigned } = fields;
    expect(refusal(unsigned)?.status).toBe(400);
    expect(refusal([...formOf(fields), ['key', createUploadKey()]])?.status).toBe(400);
    expect(refusal({ ...fields, purpose: 'download' })?.status).toBe(400);
    expect(refusal([...formOf(fields).filter(([n]) => n !== 'key'), ['key', { key: 1 }]])?.status).toBe(400);
  });

  it('says why it refused a form: made or altered by hand, or only expired', () => {
    const key = createUploadKey();
    const { fields } = forms.signUpload({ key, contentType: 'text/csv', maxBytes: 10 });
    const reasonOf = (posted: Record<string, string>) => {
      try {
        forms.readUploadForm(formOf(posted));
      } catch (err) {
        expect(err).toBeInstanceOf(RefusedUploadForm);
        return { reason: (err as RefusedUploadForm).reason, posted: (err as RefusedUploadForm).posted };
      }
      return null;
    };
    expect(reasonOf({ ...fields, maxBytes: 'Z' })).toEqual({
      reason: 'malformed',
      posted: { ...fields, maxBytes: 'Z' },
    });
    expect(reasonOf({ ...fields, maxBytes: '11' })?.reason).toBe('signature');
    expect(reasonOf({ ...fields, contentType: 'text/html' })?.reason).toBe('signature');
    const expires = String(now() - 1);
    const signature = signAsServer([key, 'text/csv', '10', expires]);
    expect(reasonOf({ ...fields, expires, signature })?.reason).toBe('expired');
    expect(reasonOf(fields)).toBeNull();
  });

  it('keeps upload and download signatures apart', () => {
    const key = createFinalKey();
    const query = forms.signDownload({ key, fileName: 'statement.csv' });
    expect(forms.readDownloadLink(Object.fromEntries(query) as never)).toMatchObject({ key });
    const tampered = { ...Object.fromEntries(query), fileName: 'statement.html' };
    expect(() => forms.readDownloadLink(tampered as never)).toThrow('The download link is invalid');
    const unsafe = { ...Object.fromEntries(query), fileName: 'a\r\nb.csv' };
    expect(() => forms.readDownloadLink(unsafe as never)).toThrow('The download link is invalid');
  });
});
