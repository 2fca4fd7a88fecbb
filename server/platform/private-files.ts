// Proofs kept for a few people only (a till receipt's masked image, a delivery's door photo): stored
// under private/ with a key nobody can guess (never served by /uploads), read back for the people
// allowed to see them, and sent uncached.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AppError, type ErrorCode } from './errors';
import type { FileStorage, StoredRead } from './storage';

type Found = Extract<StoredRead, { status: 'found' }>;

/** Stores a WebP image as `<folder>/<id>-<random>.webp` (folder under private/) and returns its key. */
export async function keepPrivateImage(storage: FileStorage, folder: `private/${string}`, id: string, image: Buffer): Promise<string> {
  const key = `${folder}/${id}-${randomBytes(12).toString('hex')}.webp`;
  await storage.put(key, image);
  return key;
}

/** The stored file at `key`, or a 404 with `missing` when there is none. */
export async function readPrivateFile(storage: FileStorage, key: string | null, missing: ErrorCode): Promise<Found> {
  const file = key ? await storage.read(key) : null;
  if (!file || file.status !== 'found') throw new AppError(missing);
  return file;
}

/** Sends a private WebP image: never kept by a browser or a proxy cache. */
export const sendPrivateImage = (reply: FastifyReply, file: Found) =>
  reply.header('Content-Length', file.size).header('cache-control', 'private, no-store').type('image/webp').send(file.body as never);
