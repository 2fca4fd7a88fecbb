import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { clearReadCache, createReadCache, readCacheOf, setReadCachesBypassed } from './read-cache';

describe('createReadCache', () => {
  it('loads once per key while fresh, and again after the TTL', async () => {
    let time = 0;
    let loads = 0;
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10, now: () => time });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    time = 999;
    expect(await cache.get('a', load)).toBe(1);
    time = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0;
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 10 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1, 1]);
  });

  it('forgets everything on clear, and a load that a write overtook', async () => {
    let value = 'ancien';
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10 });
    expect(await cache.get('k', async () => value)).toBe('ancien');
    value = 'nouveau';
    cache.clear();
    expect(await cache.get('k', async () => value)).toBe('nouveau');

    let release!: () => void;
    const pending = cache.get('slow', () => new Promise<string>((resolve) => (release = () => resolve('avant écriture'))));
    cache.clear();
    release();
    expect(await pending).toBe('avant écriture');
    expect(await cache.get('slow', async () => 'après écriture')).toBe('après écriture');
  });

  it('does not keep failures and drops the least recently used entry when full', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('x', async () => Promise.reject(new Error('panne')))).rejects.toThrow('panne');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('x', async () => 'x2');
    await cache.get('z', async () => 'z');
    expect(cache.size()).toBe(2);
    expect(await cache.get('y', async () => 'y rechargé')).toBe('y rechargé');
  });
});

describe('the caches of a database', () => {
  const options = { ttlMs: 60_000, maxEntries: 10 };
  /** Only the identity of a database matters here: the caches are kept per database object. */
  const newDb = () => ({}) as Db;

  it('gives each key its own value: a user never gets what was loaded for another', async () => {
    const sessions = readCacheOf(newDb(), 'sessions', options);
    expect(await sessions.get('jeton-de-awa', async () => 'Awa')).toBe('Awa');
    expect(await sessions.get('jeton-de-jean', async () => 'Jean')).toBe('Jean');
    expect(await sessions.get('jeton-de-awa', async () => 'rechargé')).toBe('Awa');
  });

  it('clears one named cache of one database: the next read loads the change', async () => {
    const db = newDb();
    const other = newDb();
    let price = 1000;
    const read = (of: Db, name: string) => readCacheOf(of, name, options).get('riz', async () => price);
    expect([await read(db, 'catalogue'), await read(db, 'bannière'), await read(other, 'catalogue')]).toEqual([1000, 1000, 1000]);
    price = 1450;
    clearReadCache(db, 'catalogue');
    expect([await read(db, 'catalogue'), await read(db, 'bannière'), await read(other, 'catalogue')]).toEqual([1450, 1000, 1000]);
    clearReadCache(db, 'jamais-créé'); // nothing to clear: no error
  });

  it('while bypassed, every read loads and nothing is kept; after, reads are cached again from scratch', async () => {
    const db = newDb();
    let loads = 0;
    const read = () => readCacheOf(db, 'catalogue', options).get('page-1', async () => ++loads);
    expect(await read()).toBe(1);
    setReadCachesBypassed(db, true);
    expect([await read(), await read()]).toEqual([2, 3]);
    expect(readCacheOf(db, 'catalogue', options).size()).toBe(0);
    setReadCachesBypassed(db, false);
    expect([await read(), await read()]).toEqual([4, 4]);
  });
});
