import type { Readable } from 'node:stream';

/** The signed-upload answer of the spec's flow: post the file as multipart form data to url with fields. */
export interface SignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
  expiresAt: string;
}

/** A finished file on this machine's disk, stored by streaming it rather than holding its bytes. */
export interface FileOnDisk {
  path: string;
  sizeBytes: number;
}

export interface StoredObject {
  sizeBytes: number;
  contentType: string | undefined;
}

// Fixed lifetimes: a signed form or link never lives longer, whoever asks (security issue 14 point 2).
export const UPLOAD_TTL_SECONDS = 900;
export const DOWNLOAD_TTL_SECONDS = 300;

/**
 * Object storage behind one interface: a local folder in embedded mode, an S3 bucket in server mode.
 * Both hand out signed upload forms and signed download links, so the web does the same in either.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Only for a key from createUploadKey: checked files live where no form can write. */
  createSignedUpload(input: { key: string; contentType: string; maxBytes: number }): Promise<SignedUpload>;
  /** An octet-stream attachment under formatAttachmentDisposition's name, whatever the object's type. */
  createSignedDownload(input: { key: string; fileName: string }): Promise<string>;
  putObject(key: string, body: Buffer, contentType: string): Promise<void>;
  /** putObject for a file on disk, streamed (never read whole); the file itself is left in place. */
  putObjectFromFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Moves an object to a new key; the old key no longer exists afterwards. */
  moveObject(fromKey: string, toKey: string): Promise<void>;
  getObject(key: string): Promise<Readable>;
  headObject(key: string): Promise<StoredObject | null>;
  deleteObject(key: string): Promise<void>;
}

/** Keys are ours (never a user's file name), so they cannot climb out of the bucket or folder. */
export function isSafeStorageKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,255}$/.test(key) && !key.includes('..') && !key.includes('//');
}
