// The outbox loads after the first screen (offline-session.ts), and the lists' sync that sends its
// entries a moment later (AppLayout): a write queued in between waits for the sync and is then sent,
// rather than being reported as "kept on this device" while the network is up.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { outbox, type OutboxEntry } from './outbox';
import { flush, outboxStore } from './outbox-store';

const write = (key: string) => ({ key, scope: 'list-1', opensScope: false, method: 'POST' as const, path: '/shopping-lists/list-1/changes', body: {}, meta: {} });

describe('outbox before the lists sync has started', () => {
  it('a write waits for the sync, then is sent once and its screen gets the answer', async () => {
    await outboxStore.setUser('user-early', true);
    let outcome: unknown = 'pending';
    const writing = outboxStore.enqueue(write('early')).then((o) => (outcome = o));
    // Stored, shown, and a replay has run without anything to send it with: its screen still waits.
    await vi.waitFor(async () => expect(await outbox.list('user-early')).toHaveLength(1));
    await flush();
    expect(outboxStore.get().entries.map((e) => e.key)).toEqual(['early']);
    expect(outcome).toBe('pending');

    const sent: string[] = [];
    outboxStore.configure({
      send: async (entry: OutboxEntry) => (sent.push(entry.key), { ok: entry.key }),
      onSent: () => undefined,
      onRejected: () => undefined,
      onSettled: () => undefined,
    });
    await writing;
    expect(outcome).toEqual({ status: 'sent', body: { ok: 'early' } });
    expect(sent).toEqual(['early']);
  });
});
