// The outbox: writes made while offline (or not yet confirmed), kept in IndexedDB in the order they
// were made, each with the Idempotency-Key it is sent with, until the server has answered them.
import { offlineDb } from './offline-db';

export type OutboxEntry<Meta = unknown> = {
  /** Order of the writes (given by IndexedDB when the entry is added). */
  seq: number;
  /** The Idempotency-Key: sent again, the write is still applied once. */
  key: string;
  userId: string;
  /** Entries of one scope (a list) depend on the earlier ones of that scope. */
  scope: string;
  /** The entry creates its scope (a list made offline): refused, the later entries of the scope go too. */
  opensScope: boolean;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  /** What the feature needs to show the write before it is sent (a list name, the kind of write). */
  meta: Meta;
  createdAt: string;
  /** Failed sends (server errors): spaces the next tries. */
  attempts: number;
};

export type NewOutboxEntry<Meta = unknown> = Omit<OutboxEntry<Meta>, 'seq' | 'attempts' | 'createdAt'> & { createdAt?: string };

export const outbox = {
  async add<Meta>(entry: NewOutboxEntry<Meta>): Promise<OutboxEntry<Meta>> {
    const db = await offlineDb();
    const stored = { ...entry, createdAt: entry.createdAt ?? new Date().toISOString(), attempts: 0 } as Omit<OutboxEntry, 'seq'>;
    // seq is left out: IndexedDB's key generator gives the next one.
    const seq = await db.add('outbox', stored as OutboxEntry);
    return { ...stored, seq } as OutboxEntry<Meta>;
  },

  /** The user's entries, oldest first. */
  async list(userId: string): Promise<OutboxEntry[]> {
    const db = await offlineDb();
    const entries = await db.getAllFromIndex('outbox', 'by-user', userId);
    return entries.sort((a, b) => a.seq - b.seq);
  },

  async remove(seqs: number[]): Promise<void> {
    const db = await offlineDb();
    const tx = db.transaction('outbox', 'readwrite');
    await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
  },

  async countFailure(entry: OutboxEntry): Promise<OutboxEntry> {
    const db = await offlineDb();
    const updated = { ...entry, attempts: entry.attempts + 1 };
    await db.put('outbox', updated);
    return updated;
  },

  /** Entries left by another account on this device are never sent as this one. */
  async removeOtherUsers(userId: string): Promise<void> {
    const db = await offlineDb();
    const all = await db.getAll('outbox');
    await outbox.remove(all.filter((e) => e.userId !== userId).map((e) => e.seq));
  },
};
