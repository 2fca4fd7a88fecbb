// Uploaded files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Scaleway, OVH…),
// through the official AWS SDK, so that every instance reads and writes the same files.
//
// Browsers get the files through the API at /uploads/* by default (uploads-route.ts streams them with
// GetObject): the bucket stays private, and URLs stay `/uploads/…` whatever holds the files. With
// S3_PUBLIC_URL (a public bucket or a CDN in front of it), /uploads/* redirects there instead and the
// bytes no longer pass through the API. Either way each object carries its type and a one-year
// immutable Cache-Control, so a CDN or public bucket serves it as the API would.
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { AppError } from './errors';
import { assertStorageKey, type ByteRange, contentTypeOf, type FileStorage, IMMUTABLE_CACHE_CONTROL, type StoredRead, urlOfKey } from './storage';

export type S3Settings = NonNullable<Config['s3']>;

/** An unreachable store fails fast: one retry, 3 s to connect, 30 s for an answer (a 10 MB video on a slow link). */
const CLIENT_LIMITS = { maxAttempts: 2, connectionTimeout: 3_000, requestTimeout: 30_000 };

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: CLIENT_LIMITS.maxAttempts,
    requestHandler: { connectionTimeout: CLIENT_LIMITS.connectionTimeout, requestTimeout: CLIENT_LIMITS.requestTimeout },
  });
}

export function s3FileStorage(settings: S3Settings, client: S3Client = createS3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    description: `bucket ${Bucket} sur ${settings.endpoint}`,
    publicUrl: settings.publicUrl,
    async put(key, data) {
      assertStorageKey(key);
      try {
        // Overwriting a key with its own content is harmless: a put is idempotent.
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentTypeOf(key), CacheControl: IMMUTABLE_CACHE_CONTROL }),
        );
      } catch (error) {
        throw unavailable(error, 'PutObject', key);
      }
      return urlOfKey(key);
    },
    async sizeOf(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable(error, 'HeadObject', key);
      }
    },
    async read(key, conditions = {}) {
      assertStorageKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: conditions.ifNoneMatch, Range: conditions.range && rangeHeader(conditions.range) }),
        );
        const etag = object.ETag ?? '';
        const body = object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body!.transformToWebStream() as never);
        const range = object.ContentRange ? parseContentRange(object.ContentRange) : undefined;
        const size = range?.size ?? object.ContentLength ?? 0;
        return {
          status: 'found',
          body,
          size,
          etag,
          lastModified: object.LastModified,
          range: range && { start: range.start, end: range.end },
        } satisfies StoredRead;
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return { status: 'not-modified', etag: conditions.ifNoneMatch ?? '' };
        if (status === 404) return null;
        if (status === 416) return { status: 'range-not-satisfiable', size: actualSizeOf(error) };
        throw unavailable(error, 'GetObject', key);
      }
    },
  };
}

/**
 * The store could not be reached or refused us (credentials, policy): a French 503 for the client;
 * for the log, what failed and the HTTP status (a refused HEAD has no body, so no error name).
 */
function unavailable(error: unknown, operation: string, key: string): AppError {
  const status = statusOf(error);
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cause = new Error(`S3 ${operation} ${key} : ${status ? `HTTP ${status}, ` : ''}${what}`, { cause: error });
  return Object.assign(new AppError('STORAGE_UNAVAILABLE'), { cause });
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** S3 names the object's size in its InvalidRange answer. */
function actualSizeOf(error: unknown): number | undefined {
  const size = Number((error as { ActualObjectSize?: string }).ActualObjectSize);
  return Number.isFinite(size) ? size : undefined;
}

function rangeHeader(range: ByteRange): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}

function parseContentRange(value: string): { start: number; end: number; size: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value);
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}
