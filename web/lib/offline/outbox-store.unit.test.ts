// The outbox as the screens use it (fake-indexeddb): a write is shown at once, sent when possible,
// and its screen learns whether it was sent, must wait, or was refused; the indicator learns when
// changes that waited have been sent.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { clearOfflineData } from './offline-db';
import type { OutboxEntry } from './outbox';
import { flush, outboxStore } from './outbox-store';

type Answer = ApiError | { ok: string };
let answers: Answer[] = [];
let networkUp = true;
const sent: string[] = [];
const refusedUnattended: string[] = [];
let settled = 0;

outboxStore.configure({
  async send(entry: OutboxEntry) {
    if (!networkUp) throw new ApiError(0, 'Pas de connexion');
    sent.push(entry.key);
    const answer = answers.shift() ?? { ok: entry.key };
    if (answer instanceof ApiError) throw answer;
    return answer;
  },
  onSent: () => undefined,
  onRejected: (entries) => void refusedUnattended.push(...entries.map((e) => e.key)),
  onSettled: () => void (settled += 1),
});

let users = 0;
async function signedIn() {
  users += 1;
  await outboxStore.setUser(`user-${users}`, true);
}
const write = (key: string) => ({ key, scope: 'list-1', opensScope: false, method: 'POST' as const, path: '/shopping-lists/list-1/changes', body: {}, meta: {} });

afterEach(async () => {
  outboxStore.reset();
  answers = [];
  networkUp = true;
  sent.length = 0;
  refusedUnattended.length = 0;
  await clearOfflineData();
});

describe('outbox store', () => {
  it('online: the write is sent at once, its screen gets the answer, nothing waits', async () => {
    await signedIn();
    const outcome = await outboxStore.enqueue(write('a'));
    expect(outcome).toEqual({ status: 'sent', body: { ok: 'a' } });
    expect(sent).toEqual(['a']);
    await flush();
    expect(outboxStore.get()).toMatchObject({ entries: [], phase: 'idle', lastSent: null });
  });

  it('writes queued one after the other while a replay runs are all sent, in order; no screen waits forever', async () => {
    await signedIn();
    const outcomes = await Promise.all(['a', 'b', 'c'].map((key) => outboxStore.enqueue(write(key))));
    expect(outcomes.map((o) => o.status)).toEqual(['sent', 'sent', 'sent']);
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('shows a write before IndexedDB has stored it', async () => {
    await signedIn();
    networkUp = false;
    const outcome = outboxStore.enqueue(write('tick'));
    expect(outboxStore.get().entries.map((e) => e.key)).toEqual(['tick']);
    expect(await outcome).toEqual({ status: 'queued' });
  });

  it('without network the write waits; sent later, the indicator is told how many went', async () => {
    await signedIn();
    networkUp = false;
    expect(await outboxStore.enqueue(write('a'))).toEqual({ status: 'queued' });
    expect(await outboxStore.enqueue(write('b'))).toEqual({ status: 'queued' });
    expect(outboxStore.get().entries.map((e) => e.key)).toEqual(['a', 'b']);
    expect(outboxStore.get().lastSent).toBeNull();

    // The network returns as the last replay ends: the next flush must send, not join the one ending.
    networkUp = true;
    await flush();
    expect(sent).toEqual(['a', 'b']);
    expect(outboxStore.get().phase).toBe('idle');
    expect(outboxStore.get().entries).toEqual([]);
    expect(outboxStore.get().lastSent?.count).toBe(2);
    expect(settled).toBeGreaterThan(0);
  });

  it('a refusal goes to the screen that waits for it, else to the feature (which tells the user)', async () => {
    await signedIn();
    answers = [new ApiError(404, 'Liste introuvable')];
    const outcome = await outboxStore.enqueue(write('watched'));
    expect(outcome).toMatchObject({ status: 'rejected', error: { status: 404 } });
    expect(refusedUnattended).toEqual([]);
  });

  it('nothing is sent before the session is confirmed, and the screen is told the write waits', async () => {
    users += 1;
    await outboxStore.setUser(`user-${users}`, false);
    expect(await outboxStore.enqueue(write('early'))).toEqual({ status: 'queued' });
    expect(sent).toEqual([]);
    await outboxStore.setUser(`user-${users}`, true);
    await flush();
    expect(sent).toEqual(['early']);
  });
});
