import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_MSG } from '@tideline/contracts';
import { AppError, conflict } from '../http/app-error';
import { toSafeFileName } from './attachment-disposition';
import { createLocalSignedForms } from './local-signed-forms';
import { isSafeStorageKey, type Storage } from './storage';

/** Bytes received into a temporary file, not yet visible under any key. */
export interface StagedUpload {
  sizeBytes: number;
  /** Publishes the bytes under key; refuses (409) when the key holds an object already. */
  commit(key: string, contentType: string): Promise<void>;
  discard(): Promise<void>;
}

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Publishes src under dest without ever replacing dest: a hard link fails when dest exists (and does
 * not follow a link there). Where the file system has no hard links, an exclusive copy does the same.
 */
async function linkWithoutReplacing(src: string, dest: string): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  try {
    await link(src, dest);
  } catch (err) {
    if (errorCode(err) === 'EEXIST') throw conflict(FILE_MSG.uploadFormUsed);
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV'].includes(errorCode(err) ?? '')) throw err;
    await copyFile(src, dest, constants.COPYFILE_EXCL).catch((copyErr: unknown) => {
      throw errorCode(copyErr) === 'EEXIST' ? conflict(FILE_MSG.uploadFormUsed) : copyErr;
    });
  }
}

/**
 * Embedded mode: files under DATA_DIR/files, uploads and downloads through the server's own endpoints
 * (/api/files/upload, /api/files/download) authorised by the signed forms of local-signed-forms.ts.
 * Every write goes to DATA_DIR/files/.incoming first (no key can name it) and appears whole or not at all.
 */
export function createLocalStorage(options: { rootDir: string; secret: string }) {
  const forms = createLocalSignedForms(options.secret);
  const incomingDir = path.join(options.rootDir, '.incoming');

  const fileOf = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(options.rootDir, key);
  };
  const metaOf = (key: string) => `${fileOf(key)}.meta.json`;
  const createTempPath = async () => {
    await mkdir(incomingDir, { recursive: true });
    return path.join(incomingDir, randomUUID());
  };

  async function writeMeta(key: string, contentType: string | undefined) {
    const temp = await createTempPath();
    await writeFile(temp, JSON.stringify({ contentType }), { flag: 'wx' });
    await rename(temp, metaOf(key));
  }

  async function readMeta(key: string): Promise<{ contentType?: string }> {
    return JSON.parse(await readFile(metaOf(key), 'utf8').catch(() => '{}')) as { contentType?: string };
  }

  /** Publishes a temporary file under key (never replacing an object), then its metadata. */
  async function publish(temp: string, key: string, contentType: string | undefined) {
    const file = fileOf(key);
    await linkWithoutReplacing(temp, file);
    try {
      await writeMeta(key, contentType);
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
  }

  /** Puts a temporary file under key as S3's PUT does: whatever the key held is replaced. */
  async function replaceWith(temp: string, key: string, contentType: string) {
    await mkdir(path.dirname(fileOf(key)), { recursive: true });
    // rename replaces the directory entry itself (as S3's PUT replaces), never a file a link points to
    await rename(temp, fileOf(key));
    await writeMeta(key, contentType);
  }

  /** Receives a posted file into a temporary file; more than maxBytes is refused (413) and removed. */
  async function stageUpload(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedUpload> {
    const temp = await createTempPath();
    const handle = await open(temp, 'wx');
    let sizeBytes = 0;
    try {
      for await (const chunk of source) {
        sizeBytes += chunk.length;
        if (sizeBytes > maxBytes) throw new AppError(413, FILE_MSG.tooLarge);
        await handle.write(chunk);
      }
    } catch (err) {
      await handle.close();
      await rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    return {
      sizeBytes,
      commit: (key, contentType) => publish(temp, key, contentType),
      discard: () => rm(temp, { force: true }),
    };
  }

  /**
   * Removes what a process that stopped mid-upload left in .incoming. Forms live 15 minutes, so a
   * temporary file older than `olderThanMs` belongs to no upload in flight. Answers how many went.
   */
  async function sweepIncoming(olderThanMs = 60 * 60_000): Promise<number> {
    const names = await readdir(incomingDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const temp = path.join(incomingDir, name);
      const info = await stat(temp).catch(() => null);
      if (!info || Date.now() - info.mtimeMs < olderThanMs) continue;
      await rm(temp, { force: true });
      removed += 1;
    }
    return removed;
  }

  const storage: Storage & {
    sweepIncoming: typeof sweepIncoming;
    stageUpload: typeof stageUpload;
    readUploadForm: typeof forms.readUploadForm;
    readDownloadLink: typeof forms.readDownloadLink;
  } = {
    kind: 'local',
    sweepIncoming,
    stageUpload,
    readUploadForm: forms.readUploadForm,
    readDownloadLink: forms.readDownloadLink,
    async createSignedUpload({ key, contentType, maxBytes }) {
      const { fields, expires } = forms.signUpload({ key, contentType, maxBytes });
      // Relative, so the browser posts to the host it opened the portal on (127.0.0.1 as well as
      // PUBLIC_URL's): another origin is refused by the CSP's connect-src 'self' (issue 42 point 7).
      return {
        url: '/api/files/upload',
        fields,
        key,
        maxBytes,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    async createSignedDownload({ key, fileName }) {
      const query = forms.signDownload({ key, fileName: toSafeFileName(fileName) });
      return `/api/files/download?${query.toString()}`;
    },
    async putObject(key, body, contentType) {
      const temp = await createTempPath();
      await writeFile(temp, body, { flag: 'wx' });
      await replaceWith(temp, key, contentType);
    },
    async putObjectFromFile(key, filePath, contentType) {
      const temp = await createTempPath();
      try {
        // A copy, not a link: the caller removes its file, and the two may be on different disks.
        await copyFile(filePath, temp, constants.COPYFILE_EXCL);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      await replaceWith(temp, key, contentType);
    },
    async moveObject(fromKey, toKey) {
      const { contentType } = await readMeta(fromKey);
      await publish(fileOf(fromKey), toKey, contentType);
      await rm(fileOf(fromKey), { force: true });
      await rm(metaOf(fromKey), { force: true });
    },
    async getObject(key): Promise<Readable> {
      await stat(fileOf(key));
      return createReadStream(fileOf(key));
    },
    async headObject(key) {
      try {
        const s = await stat(fileOf(key));
        return { sizeBytes: s.size, contentType: (await readMeta(key)).contentType };
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
