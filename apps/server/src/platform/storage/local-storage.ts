import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isSafeStorageKey, type Storage } from './storage';

export interface LocalSignature {
  key: string;
  expires: string;
  maxBytes?: string;
  contentType?: string;
  fileName?: string;
  signature: string;
}

/**
 * Embedded mode: files under DATA_DIR/files, uploads and downloads through the server's own endpoints
 * (/api/files/upload, /api/files/download) authorised by an HMAC over the same fields S3 would sign.
 */
export function createLocalStorage(options: { rootDir: string; publicUrl: string; secret: string }) {
  const sign = (parts: Record<string, string>) =>
    createHmac('sha256', options.secret)
      .update(
        Object.keys(parts)
          .sort()
          .map((k) => `${k}=${parts[k]}`)
          .join('\n'),
      )
      .digest('base64url');

  const fileOf = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(options.rootDir, key);
  };

  const metaOf = (key: string) => `${fileOf(key)}.meta.json`;

  function verifySignature(input: LocalSignature, purpose: 'upload' | 'download'): boolean {
    const { signature, ...rest } = input;
    const parts = Object.fromEntries(
      Object.entries({ ...rest, purpose }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    const expected = Buffer.from(sign(parts));
    const given = Buffer.from(signature ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return Number(input.expires) * 1000 > Date.now();
  }

  const storage: Storage & { verifySignature: typeof verifySignature } = {
    kind: 'local',
    verifySignature,
    async createSignedUpload({ key, contentType, maxBytes, expiresInSeconds = 900 }) {
      fileOf(key);
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      const fields = { key, expires, maxBytes: String(maxBytes), contentType };
      const signature = sign({ ...fields, purpose: 'upload' });
      return {
        url: `${options.publicUrl}/api/files/upload`,
        fields: { ...fields, signature },
        key,
        maxBytes,
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
      };
    },
    async createSignedDownload({ key, fileName, expiresInSeconds = 300 }) {
      fileOf(key);
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      const signature = sign({ key, expires, fileName, purpose: 'download' });
      const q = new URLSearchParams({ key, expires, fileName, signature });
      return `${options.publicUrl}/api/files/download?${q.toString()}`;
    },
    async putObject(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(metaOf(key), JSON.stringify({ contentType }));
    },
    async getObject(key): Promise<Readable> {
      await stat(fileOf(key));
      return createReadStream(fileOf(key));
    },
    async headObject(key) {
      try {
        const s = await stat(fileOf(key));
        const meta = JSON.parse(await readFile(metaOf(key), 'utf8').catch(() => '{}')) as {
          contentType?: string;
        };
        return { sizeBytes: s.size, contentType: meta.contentType };
      } catch {
        return null;
      }
    },
    async deleteObject(key) {
      await rm(fileOf(key), { force: true });
      await rm(metaOf(key), { force: true });
    },
  };
  return storage;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
