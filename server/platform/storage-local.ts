// Uploaded files on the local disk, under DATA_DIR/uploads (the default; one machine only). A file is
// written beside its final name and renamed into place, so a reader never sees half a file and a
// failed write never damages a file already saved under the same key.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors';
import { assertStorageKey, type ByteRange, type FileStorage, type StoredRead, urlOfKey } from './storage';

export async function localFileStorage(root: string): Promise<FileStorage> {
  await mkdir(root, { recursive: true });
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const sizeOf = async (key: string) => (await statFile(fileOf(key)))?.size ?? null;

  return {
    kind: 'local',
    description: root,
    sizeOf,
    async put(key, data) {
      const file = fileOf(key);
      // Same key, same size: the same content is already there (keys are content hashes).
      if ((await sizeOf(key)) === data.length) return urlOfKey(key);
      // A hidden name: never a valid key, so never served nor copied to the object store.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, data);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw Object.assign(new AppError('STORAGE_UNAVAILABLE'), { cause: error });
      }
      return urlOfKey(key);
    },
    async read(key, conditions = {}) {
      const file = fileOf(key);
      const info = await statFile(file);
      if (!info) return null;
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      if (conditions.ifNoneMatch && etagMatches(conditions.ifNoneMatch, etag)) return { status: 'not-modified', etag };
      const lastModified = info.mtime;
      if (!conditions.range) return { status: 'found', body: createReadStream(file), size: info.size, etag, lastModified };
      const range = resolveRange(conditions.range, info.size);
      if (!range) return { status: 'range-not-satisfiable', size: info.size } satisfies StoredRead;
      return { status: 'found', body: createReadStream(file, range), size: info.size, etag, lastModified, range };
    },
  };
}

async function statFile(file: string) {
  try {
    const info = await stat(file);
    return info.isFile() ? info : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/** The inclusive byte positions a range covers in a file of `size` bytes, or null when it covers none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Every file under `root`, as a path relative to it with '/' separators (a key, if valid); none when it does not exist. */
export async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
