// This device's offline data, in one IndexedDB database: the outbox of writes waiting for the
// network, and the snapshot of the query cache that pages read while offline. Both belong to one
// signed-in user and are wiped at logout (clearOfflineData).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry } from './outbox';

export const OFFLINE_DB_NAME = 'monpanier-offline';

/** A saved query cache, tagged with its user: another user never gets it back. */
export type CacheSnapshot = { userId: string; savedAt: number; client: unknown };

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry; indexes: { 'by-user': string } };
  snapshots: { key: string; value: CacheSnapshot };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      // seq grows with every write queued: the outbox is replayed in that order.
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('by-user', 'userId');
      db.createObjectStore('snapshots');
    },
    // Another tab upgrading the database: let it, and reopen on the next call.
    blocking: () => void closeOfflineDb(),
    // Closed by the browser (storage cleared): reopen on the next call.
    terminated: () => {
      opening = null;
    },
  });
  return opening;
}

/** Closes the connection; the next call opens a new one (as a new page would). */
export async function closeOfflineDb(): Promise<void> {
  const current = opening;
  opening = null;
  (await current)?.close();
}

/** Everything this device kept for offline use: the outbox and the cached pages. */
export async function clearOfflineData(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'snapshots'], 'readwrite');
  await Promise.all([tx.objectStore('outbox').clear(), tx.objectStore('snapshots').clear(), tx.done]);
}
