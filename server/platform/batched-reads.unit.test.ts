import { describe, expect, it } from 'vitest';
import { batchedReader } from './batched-reads';

/** A source whose reads are recorded and end when the test says so. */
function controlledSource(values: Record<string, string>) {
  const reads: { keys: string[]; end: () => void; fail: (error: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      reads.push({
        keys,
        end: () => resolve(new Map(keys.filter((k) => k in values).map((k) => [k, values[k]]))),
        fail: reject,
      });
    });
  return { reads, readMany };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReader', () => {
  it('reads a key asked for alone at once, by itself', async () => {
    const source = controlledSource({ a: 'A' });
    const read = batchedReader(source.readMany, { maxInFlight: 1, maxBatch: 10 });
    const a = read('a');
    await turn();
    expect(source.reads.map((r) => r.keys)).toEqual([['a']]);
    source.reads[0].end();
    expect(await a).toBe('A');
  });

  it('sends the keys asked for in one turn together, and those asked for while a read runs in the next read', async () => {
    const source = controlledSource({ a: 'A', b: 'B', c: 'C', d: 'D' });
    const read = batchedReader(source.readMany, { maxInFlight: 1, maxBatch: 10 });
    const first = [read('a'), read('b')];
    await turn();
    const later = [read('c'), read('d')];
    await turn();
    expect(source.reads.map((r) => r.keys)).toEqual([['a', 'b']]);
    source.reads[0].end();
    expect(await Promise.all(first)).toEqual(['A', 'B']);
    await turn();
    expect(source.reads.map((r) => r.keys)).toEqual([['a', 'b'], ['c', 'd']]);
    source.reads[1].end();
    expect(await Promise.all(later)).toEqual(['C', 'D']);
  });

  it('gives each caller the value of its own key, once per key however many ask, and undefined for a key not found', async () => {
    const source = controlledSource({ a: 'A', b: 'B' });
    const read = batchedReader(source.readMany, { maxInFlight: 1, maxBatch: 10 });
    const answers = Promise.all([read('b'), read('a'), read('b'), read('inconnu')]);
    await turn();
    expect(source.reads.map((r) => r.keys)).toEqual([['b', 'a', 'inconnu']]);
    source.reads[0].end();
    expect(await answers).toEqual(['B', 'A', 'B', undefined]);
  });

  it('splits a batch at maxBatch keys and runs up to maxInFlight reads at once', async () => {
    const source = controlledSource({});
    const read = batchedReader(source.readMany, { maxInFlight: 2, maxBatch: 2 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map(read));
    await turn();
    expect(source.reads.map((r) => r.keys)).toEqual([['a', 'b'], ['c', 'd']]);
    source.reads[1].end();
    await turn();
    expect(source.reads.map((r) => r.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    source.reads[0].end();
    source.reads[2].end();
    expect(await answers).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('fails every caller of a failed read, and reads the next keys anyway', async () => {
    const source = controlledSource({ c: 'C' });
    const read = batchedReader(source.readMany, { maxInFlight: 1, maxBatch: 10 });
    const failed = [read('a'), read('b')].map((p) => p.catch((error: Error) => error.message));
    await turn();
    const next = read('c');
    source.reads[0].fail(new Error('base indisponible'));
    expect(await Promise.all(failed)).toEqual(['base indisponible', 'base indisponible']);
    await turn();
    source.reads[1].end();
    expect(await next).toBe('C');
  });

  it('turns a source that throws at once into failed reads', async () => {
    const read = batchedReader<string>(
      () => {
        throw new Error('requête invalide');
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    await expect(read('a')).rejects.toThrow('requête invalide');
    await expect(read('b')).rejects.toThrow('requête invalide');
  });
});
