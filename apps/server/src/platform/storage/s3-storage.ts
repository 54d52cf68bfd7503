import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isSafeStorageKey, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** Server mode: an S3-compatible bucket; uploads are presigned POSTs with a size range condition. */
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
    async createSignedUpload({ key, contentType, maxBytes, expiresInSeconds = 900 }) {
      const post = await createPresignedPost(client, {
        Bucket,
        Key: check(key),
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresInSeconds,
      });
      return {
        url: post.url,
        fields: post.fields,
        key,
        maxBytes,
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
      };
    },
    async createSignedDownload({ key, fileName, expiresInSeconds = 300 }) {
      const disposition = `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`;
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: check(key), ResponseContentDisposition: disposition }),
        {
          expiresIn: expiresInSeconds,
        },
      );
    },
    async putObject(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: check(key), Body: body, ContentType: contentType }),
      );
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
