import { randomUUID } from 'node:crypto';

// Two key spaces (security issue 14 point 3): upload forms are signed only for keys under uploads/;
// a checked file moves to a key under files/ that no form is ever signed for, so it is never
// writable again, in local mode and in S3 alike.
const UPLOAD_KEY = /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function createKey(prefix: 'uploads' | 'files', now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** Where a signed upload form may write: fresh and random, so it names no existing object. */
export function createUploadKey(now = new Date()): string {
  return createKey('uploads', now);
}

/** Where a checked file lives for good. */
export function createFinalKey(now = new Date()): string {
  return createKey('files', now);
}

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key);
}
