import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MIME_TYPE_PATTERN } from '@tideline/contracts';
import { formatAttachmentDisposition } from './attachment-disposition';
import { DOWNLOAD_TTL_SECONDS, isSafeStorageKey, UPLOAD_TTL_SECONDS, type Storage } from './storage';
import { isUploadKey } from './storage-keys';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** A file's CRC32 as S3 spells it (base64 of the big-endian value), read as a stream. */
async function computeFileCrc32(filePath: string): Promise<string> {
  let crc = 0;
  for await (const chunk of createReadStream(filePath)) crc = crc32(chunk as Buffer, crc);
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc >>> 0);
  return bytes.toString('base64');
}

/**
 * Server mode: an S3-compatible bucket; uploads are presigned POSTs with a size range condition. A
 * presigned POST can be posted again until it expires, so forms are signed only for upload keys and a
 * checked file is moved to a key no form names (security issue 14 point 3).
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const check = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  return {
    kind: 's3',
    async createSignedUpload({ key, contentType, maxBytes }) {
      if (!isUploadKey(check(key))) throw new Error(`Not an upload key: ${key}`);
      if (!MIME_TYPE_PATTERN.test(contentType)) throw new Error('Not a MIME type');
      const post = await createPresignedPost(client, {
        Bucket,
        Key: check(key),
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: UPLOAD_TTL_SECONDS,
      });
      return {
        url: post.url,
        fields: post.fields,
        key,
        maxBytes,
        expiresAt: new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString(),
      };
    },
    async createSignedDownload({ key, fileName }) {
      const get = new GetObjectCommand({
        Bucket,
        Key: check(key),
        ResponseContentDisposition: formatAttachmentDisposition(fileName),
        ResponseContentType: 'application/octet-stream',
      });
      return getSignedUrl(client, get, { expiresIn: DOWNLOAD_TTL_SECONDS });
    },
    async putObject(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: check(key), Body: body, ContentType: contentType }),
      );
    },
    async putObjectFromFile(key, filePath, contentType) {
      const { size } = await stat(filePath);
      // With its checksum given, the SDK sends the stream as it is, under its length; otherwise it
      // wraps it in aws-chunked with a trailing checksum, which not every S3-compatible store reads.
      const checksum = await computeFileCrc32(filePath);
      const body = createReadStream(filePath);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: check(key),
            Body: body,
            ContentLength: size,
            ContentType: contentType,
            ChecksumCRC32: checksum,
          }),
        );
      } finally {
        body.destroy();
      }
    },
    async moveObject(fromKey, toKey) {
      await client.send(
        new CopyObjectCommand({ Bucket, Key: check(toKey), CopySource: `${Bucket}/${check(fromKey)}` }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: fromKey }));
    },
    async getObject(key) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: check(key) }));
      return out.Body as Readable;
    },
    async headObject(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: check(key) }));
        return { sizeBytes: out.ContentLength ?? 0, contentType: out.ContentType };
      } catch {
        return null;
      }
    },
    async deleteObject(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: check(key) }));
    },
  };
}
