import { createHash, randomBytes } from 'node:crypto';

/** Random, URL-safe, 256 bits: invitation and reset codes and refresh tokens. */
export function createRandomCode(): string {
  return randomBytes(32).toString('base64url');
}

/** Codes are stored as SHA-256 only: they are long random values, so a slow hash adds nothing. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
