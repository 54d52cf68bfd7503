import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// A provider access token opens a client's bank data: it is stored only sealed with AES-256-GCM under
// the configured key. The relationship id is authenticated with it, so a sealed token copied onto
// another relationship's row does not open there. Stored form: v1.<nonce>.<tag>.<ciphertext>, base64url.

const VERSION = 'v1';
const NONCE_BYTES = 12;
// Fixed, so a shortened tag is refused rather than checked on fewer bytes.
const TAG = { authTagLength: 16 } as const;

export interface AccessTokenCipher {
  seal(accessToken: string, bankClientRelId: number): string;
  /** The token, or null when the stored value does not open (another key, another row, tampered). */
  open(sealed: string, bankClientRelId: number): string | null;
}

const associatedData = (bankClientRelId: number) => Buffer.from(`bank_client_rel:${bankClientRelId}`);

export function createAccessTokenCipher(key: Buffer): AccessTokenCipher {
  if (key.length !== 32) throw new Error('The access token key must be 32 bytes.');
  return {
    seal(accessToken, bankClientRelId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, TAG);
      cipher.setAAD(associatedData(bankClientRelId));
      const sealed = Buffer.concat([cipher.update(accessToken, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, bankClientRelId) {
      const [version, nonce, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined || rest.length) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), TAG);
        decipher.setAAD(associatedData(bankClientRelId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
