// A small in-process cache for hot reads (catalogue pages, product details): entries live a few
// seconds, the least recently used go first, concurrent misses of one key share one load, and any
// write of the data clears it at once. Each database has its own cache, so test apps never share.
// Other API instances see a write after at most the TTL, which catalogue reads tolerate.
import type { Db } from '../db/client';

export type ReadCache = {
  get: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Forgets everything: call after a write that changes what is cached. */
  clear: () => void;
  size: () => number;
};

type Entry = { value: Promise<unknown>; expiresAt: number };

export function createReadCache({ ttlMs, maxEntries, now = Date.now }: { ttlMs: number; maxEntries: number; now?: () => number }): ReadCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
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

const caches = new WeakMap<Db, Map<string, ReadCache>>();

/** The cache named `name` of this database (created on first use). */
export function readCacheOf(db: Db, name: string, options: { ttlMs: number; maxEntries: number }): ReadCache {
  let named = caches.get(db);
  if (!named) caches.set(db, (named = new Map()));
  let cache = named.get(name);
  if (!cache) named.set(name, (cache = createReadCache(options)));
  return cache;
}
