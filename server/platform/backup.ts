// Backup and restore of the embedded deployment (PGlite under DATA_DIR/db, files under
// DATA_DIR/uploads). The archive format is in backup-archive.ts.
//
// A backup is taken by the process that has the database open: PGlite is one process's memory, so a
// running server makes it itself when asked (backup-channel.ts), and `npm run backup` opens the
// database only when no server runs. The database is dumped first, between two transactions, then
// the files: a row never names a file the archive lacks, because files are stored before the rows
// that name them and are never rewritten.
//
// A restore runs with the server stopped (it takes the database's lock), checks the whole archive
// and opens the restored database before touching anything, then moves the current data aside
// (DATA_DIR/replaced-<date>/) and the restored data into place: the data it replaces is never lost.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';
import { BackupArchiveError, type BackupManifest, createArchiveWriter, DATABASE_ENTRY, readBackupArchive, uploadEntryName, VAPID_ENTRY } from './backup-archive';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { isStorageKey, localUploadsDir } from './storage';
import { listFiles } from './storage-local';

export type EmbeddedSource = {
  pglite: PGlite;
  dataDir: string;
  /** Where uploaded files are: only local files go into the archive. */
  storage: 'local' | 's3';
};

const DB_FOLDER = 'db';
const UPLOADS_FOLDER = 'uploads';

export const databaseDir = (dataDir: string) => path.join(dataDir, DB_FOLDER);
/** The lock file openDatabase takes for DATA_DIR/db (db/client.ts). */
const databaseLock = (dataDir: string) => path.join(dataDir, `${DB_FOLDER}.lock`);

/** Writes a whole archive to `out`. */
export async function writeEmbeddedBackup(source: EmbeddedSource, out: Writable, now = new Date()): Promise<BackupManifest> {
  const writer = createArchiveWriter(out);
  try {
    await writer.add(DATABASE_ENTRY, await dumpDatabase(source.pglite));
    if (source.storage === 'local') {
      const uploads = localUploadsDir(source.dataDir);
      for (const key of (await listFiles(uploads)).filter(isStorageKey)) {
        const bytes = await readIfPresent(path.join(uploads, key));
        if (bytes) await writer.add(uploadEntryName(key), bytes);
      }
    }
    const vapid = await readIfPresent(path.join(source.dataDir, VAPID_ENTRY));
    if (vapid) await writer.add(VAPID_ENTRY, vapid);
    return await writer.finish(source.storage === 'local' ? 'included' : 'object-store', now);
  } catch (error) {
    await writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/**
 * The data directory at a transaction boundary. Every PGlite query and transaction holds its
 * transaction lock, so inside it no transaction is half done; the checkpoint before only makes the
 * restored database start without replaying the log.
 */
async function dumpDatabase(pglite: PGlite): Promise<Buffer> {
  await pglite.exec('CHECKPOINT');
  const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
  return Buffer.from(await dump.arrayBuffer());
}

/** Writes a backup to `file` through a partial file renamed once the archive reads back whole. */
export async function writeBackupFile(file: string, write: (out: Writable) => Promise<unknown>): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  try {
    await write(createWriteStream(partial, { mode: 0o600 }));
    const manifest = await readBackupArchive(partial);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
  }
}

export type RestoreReport = {
  manifest: BackupManifest;
  /** Where the data the restore replaced is kept (null when DATA_DIR held none). */
  keptIn: string | null;
  uploads: number;
};

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export async function restoreEmbeddedBackup(archive: string, dataDir: string, now = new Date()): Promise<RestoreReport> {
  let lock;
  try {
    lock = acquireDataDirLock(databaseLock(dataDir), databaseDir(dataDir));
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new RestoreRefusedError(`Restauration refusée : la base est ouverte par un autre processus. Arrêtez le serveur (ou la commande en cours) puis recommencez.\n${error.message}`);
    throw error;
  }
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const staging = path.join(dataDir, `.restore-${stamp}-${randomBytes(3).toString('hex')}`);
  try {
    const manifest = await readBackupArchive(archive, staging);
    await checkDatabase(staging);
    const restored = [DB_FOLDER, ...(manifest.uploads === 'included' ? [UPLOADS_FOLDER] : []), ...(manifest.entries.some((e) => e.name === VAPID_ENTRY) ? [VAPID_ENTRY] : [])];
    const keptIn = await swapIn(dataDir, staging, restored, path.join(dataDir, `replaced-${stamp}`));
    return { manifest, keptIn, uploads: manifest.entries.filter((e) => e.name.startsWith(`${UPLOADS_FOLDER}/`)).length };
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** Opens the restored database before anything is replaced: a dump that does not start is refused. */
async function checkDatabase(staging: string): Promise<void> {
  const dump = await readFile(path.join(staging, DATABASE_ENTRY));
  let database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(staging, DB_FOLDER), loadDataDir: new Blob([dump]) });
    await database.pglite!.query('select count(*) from users');
  } catch (error) {
    throw new BackupArchiveError(`Archive refusée : sa base de données ne s'ouvre pas (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    await database?.close();
  }
  await rm(path.join(staging, DATABASE_ENTRY));
}

/**
 * Moves each of `names` from DATA_DIR to `aside` (when present), then from `staging` to DATA_DIR. A
 * failure half-way puts back what was moved. Renames within one directory tree: no copy, no loss.
 */
async function swapIn(dataDir: string, staging: string, names: string[], aside: string): Promise<string | null> {
  const movedAside: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const name of names) {
      if (!(await exists(path.join(dataDir, name)))) continue;
      await mkdir(aside, { recursive: true });
      await rename(path.join(dataDir, name), path.join(aside, name));
      movedAside.push(name);
    }
    for (const name of names) {
      const from = path.join(staging, name);
      if (!(await exists(from))) continue;
      await rename(from, path.join(dataDir, name));
      movedIn.push(name);
    }
  } catch (error) {
    for (const name of movedIn) await rename(path.join(dataDir, name), path.join(staging, name)).catch(() => {});
    for (const name of movedAside) await rename(path.join(aside, name), path.join(dataDir, name)).catch(() => {});
    throw error;
  }
  return movedAside.length > 0 ? aside : null;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
