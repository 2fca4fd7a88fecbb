// Where uploaded files live. Callers name files by content hash, so a URL never changes meaning
// and can be cached forever. Local disk under DATA_DIR/uploads by default; the interface is what an
// S3-compatible store would implement.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const UPLOADS_URL_PREFIX = '/uploads/';

export type FileStorage = {
  /** Stores the bytes under `key` ("avatars/ab12….webp") and returns the public URL. */
  put: (key: string, data: Buffer) => Promise<string>;
  /** The directory served at /uploads (local storage only). */
  root: string;
};

export function contentHash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 32);
}

export async function localFileStorage(root: string): Promise<FileStorage> {
  await mkdir(root, { recursive: true });
  return {
    root,
    async put(key, data) {
      if (key.includes('..') || path.isAbsolute(key)) throw new Error(`invalid storage key ${key}`);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
  };
}
