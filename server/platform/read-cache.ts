// A small in-process cache for hot reads (catalogue pages, product details): entries live a few
// seconds, the least recently used go first, concurrent misses of one key share one load, and any
// write of the data clears it at once. Each database has its own caches, so test apps never share.
// Writes reach the caches of the other API instances through cache-invalidation.ts (a write calls
// invalidateCache, never clear() itself); while this process may miss those notices (its
// PostgreSQL listener is down), its caches are bypassed: every read goes to the database.
import type { Db } from '../db/client';

export type ReadCache = {
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Forgets everything: call after a write that changes what is cached. */
  clear: () => void;
  size: () => number;
};

type Entry = { value: Promise<unknown>; expiresAt: number };

type CacheOptions = {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  /** While this answers true, reads load from the source and nothing is kept. */
  bypassed?: () => boolean;
};

export function createReadCache({ ttlMs, maxEntries, now = Date.now, bypassed = () => false }: CacheOptions): ReadCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (bypassed()) return load();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) {
        // Map order is insertion order: re-inserting marks the entry as recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const started = generation;
      const value = load();
      const entry = { value, expiresAt: now() + ttlMs };
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failed load is not remembered, nor one that a write overtook while it ran.
      value.then(
        () => {
          if (generation !== started && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
  };
}

type CachesOfDb = { named: Map<string, ReadCache>; bypassed: boolean };
const caches = new WeakMap<Db, CachesOfDb>();

function cachesOf(db: Db): CachesOfDb {
  let held = caches.get(db);
  if (!held) caches.set(db, (held = { named: new Map(), bypassed: false }));
  return held;
}

/** A cache shared by the instances: cleared by invalidateCache (cache-invalidation.ts) only. */
export type SharedReadCache = Omit<ReadCache, 'clear'>;

/** The cache named `name` of this database (created on first use). */
export function readCacheOf(db: Db, name: string, options: { ttlMs: number; maxEntries: number }): SharedReadCache {
  const held = cachesOf(db);
  let cache = held.named.get(name);
  if (!cache) held.named.set(name, (cache = createReadCache({ ...options, bypassed: () => held.bypassed })));
  return cache;
}

/** Clears this process's cache `name` of the database, if it exists (cache-invalidation.ts calls it). */
export function clearReadCache(db: Db, name: string): void {
  caches.get(db)?.named.get(name)?.clear();
}

/**
 * Bypasses (or uses again) every cache of the database in this process, clearing them either way:
 * what they held may have been changed by a write they were not told of.
 */
export function setReadCachesBypassed(db: Db, bypassed: boolean): void {
  const held = cachesOf(db);
  held.bypassed = bypassed;
  for (const cache of held.named.values()) cache.clear();
}
