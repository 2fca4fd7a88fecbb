// What other processes on the same database tell this one: on PostgreSQL, ONE dedicated connection
// per process and database LISTENs to the channels asked for (cache invalidations, new jobs). When
// that connection is lost — an error, the server closing it, or a keep-alive query left unanswered
// (a silently dead network) — the listener says it is down, reconnects with an exponential back-off
// (250 ms doubling to 10 s, with jitter), listens again, and says it is live: whoever relies on the
// notifications must assume it missed some meanwhile (caches are bypassed, then cleared).
// On PGlite there is one process: nothing to hear from, and the listener is always live.
import pg from 'pg';
import type { Db } from '../db/client';

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

export type DatabaseEvents = {
  /** Whether notifications of other processes reach this one now. */
  live: () => boolean;
  /** Calls `handler` with each notification's payload on `channel`; answers the unsubscribe. */
  on: (channel: string, handler: (payload: string) => void) => () => void;
  /** Calls `handler` each time the listener goes down or comes back (after listening again). */
  onStateChange: (handler: (live: boolean) => void) => () => void;
  /** Resolves when live, or with false after `timeoutMs`. */
  whenLive: (timeoutMs: number) => Promise<boolean>;
  close: () => Promise<void>;
};

const KEEPALIVE_MS = 5000;
const KEEPALIVE_TIMEOUT_MS = 3000;
const BACKOFF = { firstMs: 250, maxMs: 10_000 };
/** How the listening connection shows in pg_stat_activity (and how tests find it to cut it). */
export const LISTENER_APPLICATION_NAME = 'monpanier-events';

/** The node-postgres pool behind a Drizzle database, or null on PGlite. */
export function postgresPoolOf(db: Db): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function createPgListener(pool: pg.Pool, log: Log): DatabaseEvents {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const stateHandlers = new Set<(live: boolean) => void>();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    for (const handler of stateHandlers) handler(next);
  };

  const lost = (lostClient: pg.Client, error?: unknown) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.removeAllListeners('notification');
    lostClient.end().catch(() => {});
    log.warn({ err: error }, 'écoute des notifications PostgreSQL perdue : caches contournés, reconnexion');
    setLive(false);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  };

  const connect = async () => {
    if (closed || client) return;
    const next = new pg.Client({ ...pool.options, application_name: LISTENER_APPLICATION_NAME });
    // Until `client` names it, a failure is the connect's own (caught below).
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      for (const handler of channels.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      next.end().catch(() => {});
      if (failures === 0) log.warn({ err: error }, 'écoute des notifications PostgreSQL impossible : nouvel essai');
      scheduleReconnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (failures > 0) log.info({}, 'écoute des notifications PostgreSQL rétablie');
    failures = 0;
    setLive(true);
  };

  // A connection can die without a word (a cut network): ask it something now and then.
  const keepalive = setInterval(() => {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('sans réponse')), KEEPALIVE_TIMEOUT_MS);
    });
    Promise.race([current.query('select 1'), timeout])
      .catch((error) => lost(current, error))
      .finally(() => clearTimeout(timer));
  }, KEEPALIVE_MS);
  keepalive.unref();

  void connect();

  const events: DatabaseEvents = {
    live: () => live,
    on(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) {
        channels.set(channel, (handlers = new Set()));
        const current = client;
        current?.query(`listen ${quoteIdent(channel)}`).catch((error) => lost(current, error));
      }
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onStateChange(handler) {
      stateHandlers.add(handler);
      return () => stateHandlers.delete(handler);
    },
    whenLive(timeoutMs) {
      if (live) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          unsubscribe();
          resolve(false);
        }, timeoutMs);
        const unsubscribe = events.onStateChange((now) => {
          if (!now) return;
          clearTimeout(timer);
          unsubscribe();
          resolve(true);
        });
      });
    },
    async close() {
      closed = true;
      clearInterval(keepalive);
      clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      setLive(false);
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
  return events;
}

const alwaysLive: DatabaseEvents = {
  live: () => true,
  on: () => () => {},
  onStateChange: () => () => {},
  whenLive: async () => true,
  close: async () => {},
};

const shared = new WeakMap<Db, { events: DatabaseEvents; users: number }>();

/**
 * The listener of this database in this process, shared by every app built on it; `release` closes
 * it when its last user is done.
 */
export function acquireDatabaseEvents(db: Db, log: Log): { events: DatabaseEvents; release: () => Promise<void> } {
  let entry = shared.get(db);
  if (!entry) {
    const pool = postgresPoolOf(db);
    entry = { events: pool ? createPgListener(pool, log) : alwaysLive, users: 0 };
    shared.set(db, entry);
  }
  entry.users += 1;
  const held = entry;
  let released = false;
  return {
    events: held.events,
    async release() {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      shared.delete(db);
      await held.events.close();
    },
  };
}

/** The listener of this database if an app holds one (tests look at its state). */
export function databaseEventsOf(db: Db): DatabaseEvents | undefined {
  return shared.get(db)?.events;
}
