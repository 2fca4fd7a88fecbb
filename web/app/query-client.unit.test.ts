// The root cause of "Supprimer offline, Annuler, and the list is deleted on reconnection" and of
// "Dupliquer offline fires later and fails": TanStack Query pauses a mutation started offline and
// runs it when the connection returns. The app's client never does: offline, a mutation fails at
// once, and nothing runs on reconnection.
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** Mounted as QueryClientProvider mounts it: it then resumes paused mutations when the connection returns. */
function mountedClient() {
  const client = createQueryClient();
  client.mount();
  mounted.push(client);
  return client;
}
const mounted: ReturnType<typeof createQueryClient>[] = [];

afterEach(() => {
  onlineManager.setOnline(true);
  mounted.splice(0).forEach((c) => c.unmount());
});

describe('the app’s query client', () => {
  it('runs a mutation started offline at once (it fails) and never again on reconnection', async () => {
    const client = mountedClient();
    let calls = 0;
    const deleteList = new MutationObserver(client, {
      mutationFn: async () => {
        calls += 1;
        throw new TypeError('Failed to fetch');
      },
    });
    onlineManager.setOnline(false);
    await expect(deleteList.mutate()).rejects.toThrow('Failed to fetch');
    expect(calls).toBe(1);
    expect(deleteList.getCurrentResult()).toMatchObject({ status: 'error', isPaused: false });

    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    expect(calls).toBe(1);
    expect(client.getMutationCache().getAll().filter((m) => m.state.isPaused)).toEqual([]);
  });

  it('with TanStack’s default, the same mutation would wait offline and run on reconnection (the defect)', async () => {
    const client = mountedClient();
    client.setMutationDefaults(['default-mode'], { networkMode: 'online' });
    let calls = 0;
    const duplicate = new MutationObserver(client, { mutationKey: ['default-mode'], mutationFn: async () => void (calls += 1) });
    onlineManager.setOnline(false);
    const pending = duplicate.mutate();
    await Promise.resolve();
    expect(calls).toBe(0);
    expect(duplicate.getCurrentResult().isPaused).toBe(true);
    onlineManager.setOnline(true);
    await pending;
    expect(calls).toBe(1);
  });

  it('keeps the queries read offline in memory as long as they are saved', () => {
    const client = createQueryClient();
    expect(client.getQueryDefaults(['shopping-lists']).gcTime).toBe(7 * 24 * 3_600_000);
    expect(client.getQueryDefaults(['products', 'page', {}]).gcTime).toBe(7 * 24 * 3_600_000);
    expect(client.getQueryDefaults(['profile']).gcTime).toBeUndefined();
  });
});
