// Caches that agree across API instances. A write that changes what a read cache holds calls
// invalidateCache(db, name) once its transaction has committed: this process's cache is cleared at
// once, and on PostgreSQL a NOTIFY on the 'mp_cache' channel (payload: the cache's name) reaches
// every other instance's listener (pg-listener.ts), which clears its own — within milliseconds.
// While a process's listener is down it could miss such notices, so its caches are bypassed (reads
// go to the database) until the listener is back, and then cleared. On PGlite there is one process
// and the local clear is all there is. The caches' TTLs stay as a last bound (a lost NOTIFY).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { acquireDatabaseEvents, postgresPoolOf } from './pg-listener';
import { clearReadCache, setReadCachesBypassed } from './read-cache';

export const CACHE_CHANNEL = 'mp_cache';

/**
 * Whom a bearer token names (user, session, role), kept a few seconds by the routes read on every
 * page (the promo banner). Invalidated whenever a session is revoked, a user suspended or a role
 * changed, so that a logout on any instance ends the session on all of them.
 */
export const SESSIONS_CACHE = 'sessions';

/**
 * After a committed write: clears the cache `name` here and tells the other instances. Never throws:
 * when the notice cannot be sent, the other instances see the change after the cache's TTL.
 */
export async function invalidateCache(db: Db, name: string): Promise<void> {
  clearReadCache(db, name);
  if (!postgresPoolOf(db)) return;
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${noticeOf(db, name)})`).catch(() => {});
}

// A notice names its sender, so that a process ignores the echo of its own: that echo arrives a few
// milliseconds late and would throw away what was read (and cached) since the local clear.
const senders = new WeakMap<Db, string>();
const senderOf = (db: Db) => {
  let id = senders.get(db);
  if (!id) senders.set(db, (id = randomUUID()));
  return id;
};
const noticeOf = (db: Db, name: string) => `${name}@${senderOf(db)}`;
/** The cache a notice names, or null for the echo of this process's own. */
function cacheNamedBy(db: Db, notice: string): string | null {
  const at = notice.lastIndexOf('@');
  if (at < 0) return notice; // a sender that does not name itself
  return notice.slice(at + 1) === senderOf(db) ? null : notice.slice(0, at);
}

/** A session was revoked, a user suspended or a role changed: no cache may still vouch for it. */
export const sessionsChanged = (db: Db) => invalidateCache(db, SESSIONS_CACHE);

type Log = Parameters<typeof acquireDatabaseEvents>[1];

/**
 * Listens for the other instances' invalidations of this database's caches (one listener per
 * process, shared with the job queue), bypassing the caches while it cannot. Returns the listener.
 */
export function registerCacheInvalidation(app: FastifyInstance, db: Db, log: Log = app.log) {
  const { events, release } = acquireDatabaseEvents(db, log);
  setReadCachesBypassed(db, !events.live());
  const unsubscribe = [
    events.on(CACHE_CHANNEL, (notice) => {
      const name = cacheNamedBy(db, notice);
      if (name) clearReadCache(db, name);
    }),
    events.onStateChange((live) => setReadCachesBypassed(db, !live)),
  ];
  // Serve with shared caches from the start when the database answers (it did: migrations ran).
  app.addHook('onReady', async () => {
    await events.whenLive(5000);
  });
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
    await release();
  });
  return events;
}
