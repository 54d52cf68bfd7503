import type { Readable } from 'node:stream';

/** The signed-upload answer of the spec's flow: post the file as multipart form data to url with fields. */
export interface SignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
  expiresAt: string;
}

export interface StoredObject {
  sizeBytes: number;
  contentType: string | undefined;
}

/**
 * Object storage behind one interface: a local folder in embedded mode, an S3 bucket in server mode.
 * Both hand out signed upload forms and signed download links, so the web does the same in either.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  createSignedUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds?: number;
  }): Promise<SignedUpload>;
  createSignedDownload(input: { key: string; fileName: string; expiresInSeconds?: number }): Promise<string>;
  putObject(key: string, body: Buffer, contentType: string): Promise<void>;
  getObject(key: string): Promise<Readable>;
  headObject(key: string): Promise<StoredObject | null>;
  deleteObject(key: string): Promise<void>;
}

/** Keys are ours (never a user's file name), so they cannot climb out of the bucket or folder. */
export function isSafeStorageKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,255}$/.test(key) && !key.includes('..') && !key.includes('//');
}
