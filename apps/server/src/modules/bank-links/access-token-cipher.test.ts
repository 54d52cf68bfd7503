import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokenCipher } from './access-token-cipher';

const TOKEN = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
const key = randomBytes(32);

describe('the access token cipher (AES-256-GCM)', () => {
  it('seals a token that only the same key and relationship open', () => {
    const cipher = createAccessTokenCipher(key);
    const sealed = cipher.seal(TOKEN, 7);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString('base64url').slice(0, 12));
    expect(cipher.open(sealed, 7)).toBe(TOKEN);
    expect(cipher.open(sealed, 8)).toBeNull();
    expect(createAccessTokenCipher(randomBytes(32)).open(sealed, 7)).toBeNull();
  });

  it('uses a fresh nonce each time, so one token never seals to the same text twice', () => {
    const cipher = createAccessTokenCipher(key);
    const sealings = new Set(Array.from({ length: 20 }, () => cipher.seal(TOKEN, 7)));
    expect(sealings.size).toBe(20);
  });

  it('refuses a tampered, shortened or foreign value instead of answering garbage', () => {
    const cipher = createAccessTokenCipher(key);
    const [version, nonce, tag, body] = cipher.seal(TOKEN, 7).split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(cipher.open([version, nonce, tag, flipped.toString('base64url')].join('.'), 7)).toBeNull();
    expect(cipher.open([version, nonce, tag.slice(0, 6), body].join('.'), 7)).toBeNull();
    expect(cipher.open(['v2', nonce, tag, body].join('.'), 7)).toBeNull();
    expect(cipher.open(TOKEN, 7)).toBeNull();
    expect(cipher.open('', 7)).toBeNull();
  });

  it('takes only a 32-byte key', () => {
    expect(() => createAccessTokenCipher(randomBytes(16))).toThrow('The access token key must be 32 bytes.');
  });
});
