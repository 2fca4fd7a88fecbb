// The outbox as pages see it: the signed-in user's pending entries (kept in step with IndexedDB and
// with the other tabs), the replay's state for the offline indicator, and when the replay runs —
// on start, when a write is queued, when the connection returns, and after a failure with growing
// delays. One tab replays at a time (Web Locks); a second replay of the same entry would be
// harmless anyway (Idempotency-Key) but wasteful.
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api';
import { isOnline } from '../use-online';
import { joinSession } from './offline-session';
import { outbox, type NewOutboxEntry, type OutboxEntry } from './outbox';
import { flushOutbox, retryDelayMs, type FlushHandlers } from './outbox-sync';

export type SyncPhase = 'idle' | 'sending' | 'waiting';
export type OutboxState = {
  entries: OutboxEntry[];
  phase: SyncPhase;
  /** The last replay that sent something after writes had waited: how many, and when. */
  lastSent: { count: number; at: number } | null;
  /** True once the entries of this user were read from IndexedDB. */
  loaded: boolean;
};

/** What became of a queued write, for the screen that queued it. */
export type WriteOutcome = { status: 'sent'; body: unknown } | { status: 'queued' } | { status: 'rejected'; error: ApiError };

type Feature = Omit<FlushHandlers, 'onRejected'> & {
  /** Called for refused entries that no screen is waiting for (the screen tells the user itself). */
  onRejected: FlushHandlers['onRejected'];
  /** After a replay that sent or dropped entries: refresh what the pages read. */
  onSettled: () => void;
};

const EMPTY: OutboxState = { entries: [], phase: 'idle', lastSent: null, loaded: false };
let state: OutboxState = EMPTY;
let userId: string | null = null;
let loading: Promise<void> = Promise.resolve();
/** The session is confirmed: sending before that could end it (a request without its token). */
let canSend = false;
let feature: Feature | null = null;
let running: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let abort: AbortController | null = null;
/** Writes had to wait (no network, or a failed send): the indicator says when they are sent. */
let backlog = false;
const listeners = new Set<() => void>();
const waiters = new Map<string, (outcome: WriteOutcome) => void>();
/** Entries queued but not yet stored by IndexedDB: shown already (a ticked box stays ticked). */
const unstored = new Map<string, OutboxEntry>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('monpanier-outbox');

function setState(patch: Partial<OutboxState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

async function reload(): Promise<void> {
  const current = userId;
  const entries = current ? await outbox.list(current) : [];
  if (current === userId) setState({ entries: [...entries, ...unstored.values()], loaded: true });
}

function changed() {
  channel?.postMessage('changed');
  return reload();
}
channel?.addEventListener('message', () => void reload());

function settle(key: string, outcome: WriteOutcome) {
  waiters.get(key)?.(outcome);
  waiters.delete(key);
}

/** The replay, one tab at a time where the browser can tell (Web Locks). */
function withLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('monpanier-outbox', run).then(() => undefined) : run();
}

/** The screens waiting for their writes are told these will be sent later. */
function settleAllQueued() {
  for (const key of [...waiters.keys()]) settle(key, { status: 'queued' });
}

async function replay(): Promise<void> {
  const current = userId;
  // Nothing can send yet (the lists' sync loads just after the first screen): the writes wait for
  // it, as sent or refused rather than "kept on this device"; configure() replays them.
  if (!feature) return;
  if (!current || !canSend || !isOnline()) return settleAllQueued();
  const handlers = feature;
  const controller = new AbortController();
  abort = controller;
  clearTimeout(retryTimer);
  setState({ phase: 'sending' });
  const report = await flushOutbox(
    current,
    {
      send: handlers.send,
      onSent: async (entry, body) => {
        await handlers.onSent(entry, body);
        settle(entry.key, { status: 'sent', body });
      },
      onRejected: async (entries, error) => {
        const unattended = entries.filter((e) => !waiters.has(e.key));
        entries.forEach((e) => settle(e.key, { status: 'rejected', error }));
        if (unattended.length) await handlers.onRejected(unattended, error);
      },
    },
    controller.signal,
  ).catch(() => null);
  abort = null;
  if (controller.signal.aborted || current !== userId) return;
  await changed();
  // Stopped before the end: what is left waits. (Entries queued during a complete replay are sent by the next one.)
  if (!report || report.stopped) settleAllQueued();
  if (report && (report.sent.length || report.rejected.length)) handlers.onSettled();
  const sentAfterWaiting = Boolean(report?.sent.length) && backlog;
  if (sentAfterWaiting && !state.entries.length) backlog = false;
  setState({ phase: state.entries.length ? 'waiting' : 'idle', lastSent: sentAfterWaiting ? { count: report!.sent.length, at: Date.now() } : state.lastSent });
  if (!report || report.stopped === 'retry' || report.stopped === 'offline') {
    backlog = true;
    // 'offline' too: the browser may believe it is online on a network that answers nothing.
    retryTimer = setTimeout(() => void flush(), retryDelayMs(report?.failed?.attempts ?? 1));
  }
}

/** Sends what waits, now (or right after the replay in progress, which then goes round once more). */
export function flush(): Promise<void> {
  again = true;
  if (running) return running;
  running = (async () => {
    try {
      while (again) {
        again = false;
        await withLock(replay);
      }
    } finally {
      // In the same step as the loop's last check: a flush() asked after it starts a new replay.
      running = null;
    }
  })();
  return running;
}

export const outboxStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** The feature that sends entries and shows their answers (the lists), set once at start. */
  configure(handlers: Feature) {
    feature = handlers;
    void flush();
  },

  /**
   * The user whose entries are shown (null when signed out), and whether they may be sent yet (the
   * session is confirmed). Resolves once their entries are read.
   */
  setUser(id: string | null, ready: boolean): Promise<void> {
    const wasReady = canSend;
    canSend = ready && id !== null;
    if (id === userId) {
      if (canSend && !wasReady) void loading.then(flush);
      return loading;
    }
    abort?.abort();
    userId = id;
    setState({ ...EMPTY, loaded: id === null });
    if (!id) return (loading = Promise.resolve());
    loading = (async () => {
      await outbox.removeOtherUsers(id);
      await reload();
      // Entries left from an earlier visit waited for the network too.
      if (state.entries.length) backlog = true;
    })();
    void loading.then(flush);
    return loading;
  },

  /**
   * Queues a write and tries to send it at once. Resolves when it is answered (sent or refused),
   * or 'queued' when it must wait for the network.
   */
  async enqueue<Meta>(entry: Omit<NewOutboxEntry<Meta>, 'userId'>): Promise<WriteOutcome> {
    if (!userId) throw new ApiError(401, '');
    // Shown at once, before IndexedDB has stored it and given its seq (which orders it after all others).
    const shown: OutboxEntry = { ...entry, userId, seq: Number.MAX_SAFE_INTEGER - unstored.size, createdAt: new Date().toISOString(), attempts: 0 };
    unstored.set(shown.key, shown);
    setState({ entries: [...state.entries, shown] });
    const stored = await outbox.add({ ...entry, userId, createdAt: shown.createdAt }).finally(() => unstored.delete(shown.key));
    const outcome = new Promise<WriteOutcome>((resolve) => waiters.set(stored.key, resolve));
    await changed();
    if (isOnline()) void flush();
    else {
      backlog = true;
      settle(stored.key, { status: 'queued' });
    }
    return outcome;
  },

  /** Logout: forget the entries (the caller wipes the database) and stop any replay. */
  reset() {
    abort?.abort();
    clearTimeout(retryTimer);
    settleAllQueued();
    unstored.clear();
    userId = null;
    canSend = false;
    setState({ ...EMPTY, loaded: true });
    channel?.postMessage('changed');
  },
};

if (typeof window !== 'undefined') window.addEventListener('online', () => void flush());
// This module loads after the app has started (offline-session.ts): it takes the session's user now.
joinSession(outboxStore);

export function useOutbox(): OutboxState {
  return useSyncExternalStore(outboxStore.subscribe, outboxStore.get, outboxStore.get);
}
