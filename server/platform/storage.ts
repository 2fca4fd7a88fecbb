// Where uploaded files live: local disk under DATA_DIR/uploads by default (storage-local.ts), an
// S3-compatible object store when S3_* is set (storage-s3.ts). Callers name files by content hash
// ("avatars/<hash>.webp"), so a key never changes meaning and a file can be cached forever.
//
// Rows keep `/uploads/<key>` in every mode: the URL names the file, not the machine or the bucket
// that holds it, so N instances, a move to the object store (`npm run storage -- copy-to-s3`) or a
// change of CDN never rewrites a row. /uploads/* (uploads-route.ts) answers from whichever store.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Files are never rewritten under the same key: browsers, proxies and CDNs may keep them a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A byte range asked by a `Range: bytes=…` header: `start-end`, `start-` or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type ReadConditions = { ifNoneMatch?: string; range?: ByteRange };

export type StoredRead =
  | { status: 'not-modified'; etag: string }
  | { status: 'range-not-satisfiable'; size?: number }
  | {
      status: 'found';
      body: Readable;
      /** The whole file's size; the body is `range` of it when a range was served. */
      size: number;
      etag: string;
      lastModified?: Date;
      range?: { start: number; end: number };
    };

export type FileStorage = {
  kind: 'local' | 's3';
  /** Where the files are, for the start-up log (never a secret). */
  description: string;
  /**
   * Stores the bytes under `key` and returns the URL kept in rows (`/uploads/<key>`). Idempotent: a
   * key names its content, so putting it again changes nothing. Throws AppError('STORAGE_UNAVAILABLE')
   * when the store cannot take it.
   */
  put: (key: string, data: Buffer) => Promise<string>;
  /** A stored file for /uploads/*, or null when no file has that key. */
  read: (key: string, conditions?: ReadConditions) => Promise<StoredRead | null>;
  /** The size of a stored file, or null when there is none. */
  sizeOf: (key: string) => Promise<number | null>;
  /** Set when browsers fetch the files from a public bucket or CDN (S3_PUBLIC_URL) rather than through the API. */
  publicUrl?: string;
};

export function contentHash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 32);
}

// A key is a folder and a file name made of letters, digits, '_' and '-', with dots only between
// them: no '..', no empty or hidden segment, no absolute path, nothing to escape from the store.
const KEY = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\/)+[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
const KEY_MAX_LENGTH = 256;

export function isStorageKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY.test(key);
}

/** Refuses a key that could leave the store (a programming error: keys are built by the server). */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`clé de stockage invalide : ${JSON.stringify(key)}`);
}

export const urlOfKey = (key: string) => `${UPLOADS_URL_PREFIX}${key}`;

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
};

/** The type a file is served with, from its key's extension (its content was checked at upload). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** The store the configuration names: the S3 bucket when S3_* is set, else DATA_DIR/uploads. */
export async function openFileStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (config.s3) {
    // Loaded only when used: the AWS SDK takes a while to import.
    const { s3FileStorage } = await import('./storage-s3');
    return s3FileStorage(config.s3);
  }
  const { localFileStorage } = await import('./storage-local');
  return localFileStorage(localUploadsDir(config.dataDir));
}

export const localUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
