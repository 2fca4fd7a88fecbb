// The outbox and its replay, on an in-memory IndexedDB (fake-indexeddb): order, replay, retry,
// refusals, and whose entries are sent.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { clearOfflineData, closeOfflineDb } from './offline-db';
import { outbox, type NewOutboxEntry, type OutboxEntry } from './outbox';
import { classifyFailure, flushOutbox, retryDelayMs, type FlushHandlers } from './outbox-sync';

afterEach(() => clearOfflineData());

let keys = 0;
function entry(scope: string, label: string, patch: Partial<NewOutboxEntry> = {}): NewOutboxEntry {
  keys += 1;
  return { key: `key-${keys}`, userId: 'alice', scope, opensScope: false, method: 'POST', path: `/shopping-lists/${scope}/changes`, body: { label }, meta: { label }, ...patch };
}
const labelOf = (e: OutboxEntry) => (e.meta as { label: string }).label;

/** A fake server: answers each entry by its label, records what it was sent (label and key). */
function server(answers: Record<string, ApiError | 'ok'> = {}) {
  const sent: { label: string; key: string }[] = [];
  const applied: string[] = [];
  const rejected: string[][] = [];
  const handlers: FlushHandlers = {
    async send(e) {
      sent.push({ label: labelOf(e), key: e.key });
      const answer = answers[labelOf(e)] ?? 'ok';
      if (answer !== 'ok') throw answer;
      return { echo: labelOf(e) };
    },
    onSent: (e, body) => void applied.push(`${labelOf(e)}:${(body as { echo: string }).echo}`),
    onRejected: (es) => void rejected.push(es.map(labelOf)),
  };
  return { handlers, sent, applied, rejected };
}

const remaining = async (userId = 'alice') => (await outbox.list(userId)).map(labelOf);

describe('outbox', () => {
  it('keeps entries in the order they were made, with their idempotency keys, across a reopening of the database', async () => {
    for (const label of ['create', 'rename', 'tick', 'quantity']) await outbox.add(entry('list-1', label));
    await closeOfflineDb();
    const entries = await outbox.list('alice');
    expect(entries.map(labelOf)).toEqual(['create', 'rename', 'tick', 'quantity']);
    expect(new Set(entries.map((e) => e.key)).size).toBe(4);
    expect(entries.every((e) => e.attempts === 0 && e.createdAt)).toBe(true);
  });

  it('replays in order, hands each answer to the feature before removing the entry, and empties the outbox', async () => {
    for (const label of ['create', 'add', 'tick']) await outbox.add(entry('list-1', label));
    const fake = server();
    const order: string[] = [];
    const report = await flushOutbox('alice', {
      ...fake.handlers,
      onSent: async (e, body) => {
        // The entry is still in the outbox while the feature stores the answer: a page never shows the list without it.
        order.push(`${labelOf(e)} in outbox: ${(await remaining()).includes(labelOf(e))}`);
        await fake.handlers.onSent(e, body);
      },
    });
    expect(fake.sent.map((s) => s.label)).toEqual(['create', 'add', 'tick']);
    expect(order).toEqual(['create in outbox: true', 'add in outbox: true', 'tick in outbox: true']);
    expect(report).toMatchObject({ stopped: null, failed: null });
    expect(report.sent.map(labelOf)).toEqual(['create', 'add', 'tick']);
    expect(await remaining()).toEqual([]);
  });

  it('without network, stops at the first entry and keeps everything for later; the retry sends the same keys', async () => {
    for (const label of ['add', 'tick']) await outbox.add(entry('list-1', label));
    const offline = server({ add: new ApiError(0, 'Pas de connexion', 'OFFLINE') });
    const first = await flushOutbox('alice', offline.handlers);
    expect(first.stopped).toBe('offline');
    expect(offline.sent.map((s) => s.label)).toEqual(['add']);
    expect(await remaining()).toEqual(['add', 'tick']);

    const online = server();
    await flushOutbox('alice', online.handlers);
    expect(online.sent.map((s) => s.label)).toEqual(['add', 'tick']);
    expect(online.sent[0].key).toBe(offline.sent[0].key);
    expect(await remaining()).toEqual([]);
  });

  it('a server error stops the replay and counts the failure; the delay grows to a minute at most', async () => {
    await outbox.add(entry('list-1', 'tick'));
    await outbox.add(entry('list-2', 'rename'));
    const failing = server({ tick: new ApiError(503, 'Indisponible') });
    const report = await flushOutbox('alice', failing.handlers);
    expect(report.stopped).toBe('retry');
    expect(report.failed?.attempts).toBe(1);
    // Order is kept even across lists: the second list's change waits behind the first.
    expect(failing.sent.map((s) => s.label)).toEqual(['tick']);
    expect((await outbox.list('alice'))[0].attempts).toBe(1);
    expect(retryDelayMs(1)).toBe(2000);
    expect(retryDelayMs(3)).toBe(8000);
    expect(retryDelayMs(20)).toBe(60_000);
  });

  it('a refused change is dropped and reported; the next entries go on', async () => {
    for (const label of ['bad', 'good']) await outbox.add(entry('list-1', label));
    const fake = server({ bad: new ApiError(400, 'Quantité invalide') });
    const report = await flushOutbox('alice', fake.handlers);
    expect(fake.rejected).toEqual([['bad']]);
    expect(fake.applied).toEqual(['good:good']);
    expect(report.stopped).toBeNull();
    expect(await remaining()).toEqual([]);
  });

  it('a list deleted elsewhere (404) takes its later changes with it, under one report; other lists go on', async () => {
    await outbox.add(entry('list-1', 'tick'));
    await outbox.add(entry('list-2', 'other list'));
    await outbox.add(entry('list-1', 'quantity'));
    const fake = server({ tick: new ApiError(404, 'Liste introuvable') });
    await flushOutbox('alice', fake.handlers);
    expect(fake.sent.map((s) => s.label)).toEqual(['tick', 'other list']);
    expect(fake.rejected).toEqual([['tick', 'quantity']]);
    expect(await remaining()).toEqual([]);
  });

  it('a refused creation takes the changes queued after it on that list', async () => {
    await outbox.add(entry('list-new', 'create', { opensScope: true, path: '/shopping-lists' }));
    await outbox.add(entry('list-new', 'rename'));
    const fake = server({ create: new ApiError(400, "Un article de la liste n'existe plus dans le catalogue") });
    await flushOutbox('alice', fake.handlers);
    expect(fake.sent.map((s) => s.label)).toEqual(['create']);
    expect(fake.rejected).toEqual([['create', 'rename']]);
  });

  it('sends only the signed-in user’s entries, and drops another account’s when a user signs in', async () => {
    await outbox.add(entry('list-1', 'alice tick'));
    await outbox.add(entry('list-9', 'bob tick', { userId: 'bob' }));
    const fake = server();
    await flushOutbox('alice', fake.handlers);
    expect(fake.sent.map((s) => s.label)).toEqual(['alice tick']);
    expect(await remaining('bob')).toEqual(['bob tick']);
    await outbox.removeOtherUsers('alice');
    expect(await remaining('bob')).toEqual([]);
  });

  it('stops at once when the replay is aborted (logout)', async () => {
    for (const label of ['a', 'b']) await outbox.add(entry('list-1', label));
    const controller = new AbortController();
    const fake = server();
    const report = await flushOutbox('alice', { ...fake.handlers, onSent: () => controller.abort() }, controller.signal);
    expect(report.stopped).toBe('aborted');
    expect(fake.sent.map((s) => s.label)).toEqual(['a']);
  });

  it('classifies failures: no network, try again later, or refused', () => {
    expect(classifyFailure(new ApiError(0, ''))).toBe('offline');
    for (const status of [401, 408, 429, 500, 503]) expect(classifyFailure(new ApiError(status, ''))).toBe('retry');
    for (const status of [400, 404, 409, 422]) expect(classifyFailure(new ApiError(status, ''))).toBe('rejected');
    expect(classifyFailure(new TypeError('boom'))).toBe('retry');
  });
});
