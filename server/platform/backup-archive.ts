// The backup archive of an embedded deployment: one tar file holding
//   database.tar.gz   the PGlite data directory (pglite.dumpDataDir)
//   uploads/<key>     the uploaded files, when they are on the local disk
//   vapid-keys.json   the web-push keys (browser subscriptions are bound to them)
//   manifest.json     last: the format, the date, and the size and SHA-256 of every entry above.
// It is written as a stream and read back entry by entry: an archive is used only when every entry
// the manifest lists is there, whole, and nothing else is — a truncated or damaged file is refused.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { VAPID_FILE } from './push/vapid-keys';
import { isStorageKey } from './storage';

export const BACKUP_FORMAT = 'monpanier-backup';
export const DATABASE_ENTRY = 'database.tar.gz';
/** Kept under the same name as in DATA_DIR (platform/push/vapid-keys.ts). */
export const VAPID_ENTRY = VAPID_FILE;
const MANIFEST_ENTRY = 'manifest.json';
const UPLOADS_FOLDER = 'uploads/';

export type ManifestEntry = { name: string; size: number; sha256: string };

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  /** 'object-store': the uploaded files were in the S3 bucket, not in this archive. */
  uploads: 'included' | 'object-store';
  entries: ManifestEntry[];
};

/** A refused archive: the French reason is the message. */
export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupArchiveError';
  }
}

export type ArchiveWriter = {
  add: (name: string, data: Buffer) => Promise<void>;
  /** Writes the manifest and waits until the archive is fully written to `out`. */
  finish: (uploads: BackupManifest['uploads'], createdAt: Date) => Promise<BackupManifest>;
  /** Stops writing: `out` sees an error, never a complete-looking archive. */
  abort: (error: Error) => Promise<void>;
};

export function createArchiveWriter(out: Writable): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, out);
  written.catch(() => {}); // awaited by finish() or abort()
  const entries: ManifestEntry[] = [];
  // The callback comes once the entry is taken by `out` (the pack waits when `out` is slow).
  const entry = (name: string, data: Buffer, mtime: Date) =>
    new Promise<void>((resolve, reject) => pack.entry({ name, size: data.length, mtime, mode: 0o600 }, data, (error) => (error ? reject(error) : resolve())));

  return {
    async add(name, data) {
      entries.push({ name, size: data.length, sha256: sha256(data) });
      await entry(name, data, new Date());
    },
    async finish(uploads, createdAt) {
      const manifest: BackupManifest = { format: BACKUP_FORMAT, version: 1, created_at: createdAt.toISOString(), uploads, entries };
      await entry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)), createdAt);
      pack.finalize();
      await written;
      return manifest;
    },
    async abort(error) {
      pack.destroy(error);
      await written.catch(() => {});
    },
  };
}

export const uploadEntryName = (key: string) => `${UPLOADS_FOLDER}${key}`;

/**
 * Reads an archive through, checking every entry against the manifest. With `extractTo`, the
 * entries are written under that directory (same names); a refused archive leaves there only what
 * the caller then removes.
 */
export async function readBackupArchive(file: string, extractTo?: string): Promise<BackupManifest> {
  const seen = new Map<string, ManifestEntry>();
  let manifest: BackupManifest | undefined;
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifest) throw new BackupArchiveError(`Archive refusée : « ${name} » suit le manifeste.`);
      if (entry.header.type !== 'file') throw new BackupArchiveError(`Archive refusée : « ${name} » n'est pas un fichier.`);
      if (name === MANIFEST_ENTRY) {
        manifest = parseManifest(await collect(entry));
        continue;
      }
      if (!isKnownEntry(name)) throw new BackupArchiveError(`Archive refusée : « ${name} » n'appartient pas à une sauvegarde MonPanier.`);
      if (seen.has(name)) throw new BackupArchiveError(`Archive refusée : « ${name} » y figure deux fois.`);
      seen.set(name, await consume(entry, extractTo && path.join(extractTo, name)));
    }
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    throw new BackupArchiveError(`Archive illisible ou tronquée (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    source.destroy();
  }
  if (!manifest) throw new BackupArchiveError('Archive incomplète : son manifeste (écrit en dernier) manque, la sauvegarde a sans doute été interrompue.');
  for (const expected of manifest.entries) {
    const found = seen.get(expected.name);
    if (!found) throw new BackupArchiveError(`Archive incomplète : « ${expected.name} » manque.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) throw new BackupArchiveError(`Archive endommagée : le contenu de « ${expected.name} » ne correspond plus à son empreinte.`);
    seen.delete(expected.name);
  }
  const extra = [...seen.keys()];
  if (extra.length > 0) throw new BackupArchiveError(`Archive refusée : « ${extra[0]} » n'est pas dans son manifeste.`);
  if (!manifest.entries.some((e) => e.name === DATABASE_ENTRY)) throw new BackupArchiveError('Archive refusée : elle ne contient pas de base de données.');
  return manifest;
}

function isKnownEntry(name: string): boolean {
  return name === DATABASE_ENTRY || name === VAPID_ENTRY || (name.startsWith(UPLOADS_FOLDER) && isStorageKey(name.slice(UPLOADS_FOLDER.length)));
}

function parseManifest(bytes: Buffer): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupArchiveError('Archive refusée : son manifeste est illisible.');
  }
  if (value.format !== BACKUP_FORMAT || value.version !== 1 || !Array.isArray(value.entries) || typeof value.created_at !== 'string') {
    throw new BackupArchiveError("Archive refusée : ce n'est pas une sauvegarde MonPanier (ou d'une version que celle-ci ne lit pas).");
  }
  return value as BackupManifest;
}

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reads an entry through (to `target` if given), measuring and hashing it. */
async function consume(entry: AsyncIterable<unknown> & { header: { name: string } }, target: string | undefined): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = async function* (source: AsyncIterable<unknown>) {
    for await (const item of source) {
      const chunk = item as Buffer;
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  };
  if (target) {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(measure(entry), createWriteStream(target, { mode: 0o600 }));
  } else {
    for await (const _chunk of measure(entry)) {
      // only measured
    }
  }
  return { name: entry.header.name, size, sha256: hash.digest('hex') };
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
