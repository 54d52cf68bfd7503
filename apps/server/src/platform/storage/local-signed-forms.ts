import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_MSG, MIME_TYPE_PATTERN } from '@tideline/contracts';
import { AppError, forbidden } from '../http/app-error';
import { isSafeFileName } from './attachment-disposition';
import { DOWNLOAD_TTL_SECONDS, isSafeStorageKey, UPLOAD_TTL_SECONDS } from './storage';
import { isUploadKey } from './storage-keys';

export interface UploadForm {
  key: string;
  contentType: string;
  maxBytes: number;
  expires: number;
}

export interface DownloadLink {
  key: string;
  fileName: string;
  expires: number;
}

const UPLOAD_FIELDS = ['key', 'contentType', 'maxBytes', 'expires', 'signature'] as const;
const INTEGER = /^\d{1,15}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/; // HMAC-SHA256 in base64url
// Bump when the signed layout changes, so no old signature verifies under the new reading.
const SIGNATURE_VERSION = 'tideline-storage/v1';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Why a posted upload form was refused: malformed (400) or signed by no one we know (403) means it was
 * made or altered by hand; expired (403) is an honest form posted late. `posted` holds the field
 * values as they came, for the audit row of a forgery.
 */
export class RefusedUploadForm extends AppError {
  constructor(
    readonly reason: 'malformed' | 'signature' | 'expired',
    readonly posted: Readonly<Partial<Record<(typeof UPLOAD_FIELDS)[number], string>>>,
  ) {
    super(
      reason === 'malformed' ? 400 : 403,
      reason === 'malformed' ? FILE_MSG.formInvalid : FILE_MSG.uploadLinkInvalid,
    );
  }
}

/**
 * The signature of one upload form or download link (security issue 14 point 2). The HMAC input is
 * the JSON array [version, purpose, ...values in a fixed order]: JSON escapes quotes and line breaks,
 * so no value can move a boundary, and an upload signature never verifies as a download's. The key is
 * derived from the instance secret, so these signatures and the session tokens never share one.
 */
export function signStorageValues(
  secret: string,
  purpose: 'upload' | 'download',
  values: readonly string[],
): string {
  const key = createHmac('sha256', secret).update('tideline storage signatures').digest();
  return createHmac('sha256', key)
    .update(JSON.stringify([SIGNATURE_VERSION, purpose, ...values]))
    .digest('base64url');
}

/**
 * Embedded mode's signed upload forms and download links. Each value's characters are checked before
 * the signature, and nothing reaches storage unchecked.
 */
export function createLocalSignedForms(secret: string) {
  const sign = (purpose: 'upload' | 'download', values: readonly string[]) =>
    signStorageValues(secret, purpose, values);

  const isSignedBy = (signature: string, purpose: 'upload' | 'download', values: readonly string[]) => {
    const expected = Buffer.from(sign(purpose, values));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const isLive = (expires: number, ttlSeconds: number) => {
    const now = nowSeconds();
    return expires > now && expires <= now + ttlSeconds;
  };

  const uploadValues = (f: UploadForm) => [f.key, f.contentType, String(f.maxBytes), String(f.expires)];
  const downloadValues = (l: DownloadLink) => [l.key, l.fileName, String(l.expires)];

  return {
    /** The form fields for a fresh upload key; the caller has checked nothing, so this checks it all. */
    signUpload(input: Omit<UploadForm, 'expires'>): { fields: Record<string, string>; expires: number } {
      const { key, contentType, maxBytes } = input;
      if (!isUploadKey(key)) throw new Error(`Not an upload key: ${key}`);
      if (!MIME_TYPE_PATTERN.test(contentType)) throw new Error('Not a MIME type');
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new Error('Not a size limit');
      const form = { key, contentType, maxBytes, expires: nowSeconds() + UPLOAD_TTL_SECONDS };
      const signature = sign('upload', uploadValues(form));
      const fields = { key, contentType, maxBytes: String(maxBytes), expires: String(form.expires) };
      return { fields: { ...fields, signature }, expires: form.expires };
    },

    signDownload(input: Omit<DownloadLink, 'expires'>): URLSearchParams {
      if (!isSafeStorageKey(input.key)) throw new Error(`Unsafe storage key: ${input.key}`);
      if (!isSafeFileName(input.fileName)) throw new Error('Unsafe file name');
      const link = { ...input, expires: nowSeconds() + DOWNLOAD_TTL_SECONDS };
      const signature = sign('download', downloadValues(link));
      return new URLSearchParams({ ...input, expires: String(link.expires), signature });
    },

    /**
     * The posted form's fields, exactly once each and nothing else: 400 when one is missing, repeated,
     * unknown or malformed; 403 when the signature does not match or the form has expired (each a
     * RefusedUploadForm saying which).
     */
    readUploadForm(entries: ReadonlyArray<readonly [string, unknown]>): UploadForm {
      const fields = new Map<string, string>();
      const posted = () => Object.fromEntries(fields) as RefusedUploadForm['posted'];
      for (const [name, value] of entries) {
        const known = (UPLOAD_FIELDS as readonly string[]).includes(name);
        if (!known || fields.has(name) || typeof value !== 'string')
          throw new RefusedUploadForm('malformed', posted());
        fields.set(name, value);
      }
      const [key, contentType, maxBytes, expires, signature] = UPLOAD_FIELDS.map((n) => fields.get(n) ?? '');
      const isWellFormed =
        isUploadKey(key!) &&
        MIME_TYPE_PATTERN.test(contentType!) &&
        INTEGER.test(maxBytes!) &&
        Number(maxBytes) > 0 &&
        INTEGER.test(expires!) &&
        SIGNATURE.test(signature!);
      if (!isWellFormed) throw new RefusedUploadForm('malformed', posted());
      const form = {
        key: key!,
        contentType: contentType!,
        maxBytes: Number(maxBytes),
        expires: Number(expires),
      };
      if (!isSignedBy(signature!, 'upload', uploadValues(form)))
        throw new RefusedUploadForm('signature', posted());
      if (!isLive(form.expires, UPLOAD_TTL_SECONDS)) throw new RefusedUploadForm('expired', posted());
      return form;
    },

    /** The download link's values, or 403 for anything malformed, unsigned or expired. */
    readDownloadLink(query: { key: string; fileName: string; expires: string; signature: string }) {
      const { key, fileName, expires, signature } = query;
      const isWellFormed =
        isSafeStorageKey(key) &&
        isSafeFileName(fileName) &&
        INTEGER.test(expires) &&
        SIGNATURE.test(signature);
      const link: DownloadLink = { key, fileName, expires: Number(expires) };
      const isValid =
        isWellFormed &&
        isSignedBy(signature, 'download', downloadValues(link)) &&
        isLive(link.expires, DOWNLOAD_TTL_SECONDS);
      if (!isValid) throw forbidden(FILE_MSG.downloadLinkInvalid);
      return link;
    },
  };
}

export type LocalSignedForms = ReturnType<typeof createLocalSignedForms>;
