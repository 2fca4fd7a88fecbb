// Replaying the outbox: the user's entries are sent one at a time, oldest first, each with its
// Idempotency-Key (a write whose answer was lost is sent again and still applied once).
// - answered: the feature updates what the pages show, THEN the entry leaves the outbox, so a page
//   never shows the list without the change in between;
// - no network: the replay stops, the entry stays first in line;
// - a server error, a rate limit, an expired session: the replay stops and is tried again later;
// - refused (another 4xx: the list was deleted or locked elsewhere, a change the server refuses):
//   the entry leaves the outbox and the feature tells the user. When the scope itself is gone
//   (404, 409, or the refused entry was the one creating it), the later entries of that scope go
//   with it, under the same message, instead of each failing in turn.
import { ApiError } from '../api';
import { outbox, type OutboxEntry } from './outbox';

export type FlushHandlers = {
  send: (entry: OutboxEntry) => Promise<unknown>;
  onSent: (entry: OutboxEntry, body: unknown) => void | Promise<void>;
  onRejected: (entries: OutboxEntry[], error: ApiError) => void | Promise<void>;
};

export type FlushReport = {
  sent: OutboxEntry[];
  rejected: OutboxEntry[];
  /** Why the replay stopped before the end, or null when the outbox is empty. */
  stopped: null | 'offline' | 'retry' | 'aborted';
  /** The entry that failed, with its failure counted (for the retry delay). */
  failed: OutboxEntry | null;
};

type Failure = 'offline' | 'retry' | 'rejected';

const RETRY_STATUSES = new Set([401, 408, 425, 429]);

export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 0) return 'offline';
  if (error.status >= 500 || RETRY_STATUSES.has(error.status)) return 'retry';
  return 'rejected';
}

const SCOPE_GONE_STATUSES = new Set([404, 409, 410]);

export async function flushOutbox(userId: string, handlers: FlushHandlers, signal?: AbortSignal): Promise<FlushReport> {
  const report: FlushReport = { sent: [], rejected: [], stopped: null, failed: null };
  const dropped = new Set<number>();
  const entries = await outbox.list(userId);
  for (const entry of entries) {
    if (dropped.has(entry.seq)) continue;
    if (signal?.aborted) return { ...report, stopped: 'aborted' };
    let body: unknown;
    try {
      body = await handlers.send(entry);
    } catch (error) {
      if (signal?.aborted) return { ...report, stopped: 'aborted' };
      const failure = classifyFailure(error);
      if (failure !== 'rejected') return { ...report, stopped: failure, failed: await outbox.countFailure(entry) };
      const scopeGone = entry.opensScope || SCOPE_GONE_STATUSES.has((error as ApiError).status);
      const group = scopeGone ? entries.filter((e) => e.scope === entry.scope && e.seq >= entry.seq && !dropped.has(e.seq)) : [entry];
      group.forEach((e) => dropped.add(e.seq));
      await outbox.remove(group.map((e) => e.seq));
      report.rejected.push(...group);
      await handlers.onRejected(group, error as ApiError);
      continue;
    }
    await handlers.onSent(entry, body);
    await outbox.remove([entry.seq]);
    report.sent.push(entry);
  }
  return report;
}

/** Seconds before trying again after `attempts` failures: 2, 4, 8… up to a minute. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(1, attempts));
}
