// Web push as a transactional outbox. Every notification row starts with push_status 'pending'; the
// dispatcher only ever sees rows whose transaction committed, so a push never announces something
// that was rolled back. It runs as the 'push-outbox' job (platform/outbox-loop.ts): kicked after
// each API write (an after-commit hook on the response) and each background pass, every minute as a
// safety net, and on demand in tests. Rows are claimed atomically ('sending'), so several API
// processes can share the work without sending twice.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PushPayload } from '#contract/notifications';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createOutboxLoop } from '../../platform/outbox-loop';
import { notifications, pushSubscriptions, users } from '../../db/schema';
import type { PushSender } from '../../platform/push/web-push-sender';
import { getSettings, unreadCount } from './notifications.service';
import { isQuietTime } from './quiet-hours';

type NotificationRow = typeof notifications.$inferSelect;
export type PushStatus = 'pending' | 'sending' | 'sent' | 'quiet' | 'muted' | 'no_subscription' | 'failed';

export type PushDispatcher = {
  publicKey: string;
  /** Whether a browser subscription's endpoint is on a push service we send to. */
  acceptsEndpoint: (endpoint: string) => boolean;
  /** Asks for a pass soon (on whichever instance); cheap to call after every write. */
  kick: () => void;
  /** Sends everything pending now and resolves with how many notifications were handled. */
  flush: () => Promise<number>;
  stop: () => Promise<void>;
};

export type DispatcherOptions = {
  jobs: JobQueue;
  batchSize?: number;
  /** A kick that could not be enqueued. */
  onError?: (error: unknown) => void;
};

const SWEEP_EVERY_MS = 60_000;

/** A claim older than this was left by a process that died while sending: offer it again. */
const STALE_CLAIM_MS = 10 * 60 * 1000;
/** Older news is not worth a push any more; it stays in the panel. */
const MAX_PUSH_AGE_MS = 24 * 60 * 60 * 1000;

export function createPushDispatcher(db: Db, sender: PushSender, now: () => Date, options: DispatcherOptions): PushDispatcher {
  const batchSize = options.batchSize ?? 100;
  const loop = createOutboxLoop({
    name: 'push-outbox',
    jobs: options.jobs,
    sweepEveryMs: SWEEP_EVERY_MS,
    onError: options.onError,
    beforeSweep: () => releaseStaleClaims(db, now()),
    runBatch: async () => {
      const claimed = await claimBatch(db, batchSize);
      if (claimed.length > 0) await deliverBatch(db, sender, claimed, now());
      return claimed.length;
    },
  });
  return { publicKey: sender.publicKey, acceptsEndpoint: sender.acceptsEndpoint, ...loop };
}

/** Takes up to `limit` committed pending rows for this process (SKIP LOCKED: other processes take others). */
async function claimBatch(db: Db, limit: number): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ pushStatus: 'sending' })
    .where(
      inArray(
        notifications.id,
        sql`(select id from ${notifications} where ${notifications.pushStatus} = 'pending' order by ${notifications.createdAt} limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
}

async function releaseStaleClaims(db: Db, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ pushStatus: 'pending' })
    .where(and(eq(notifications.pushStatus, 'sending'), lt(notifications.createdAt, new Date(now.getTime() - STALE_CLAIM_MS))));
}

async function deliverBatch(db: Db, sender: PushSender, rows: NotificationRow[], now: Date): Promise<void> {
  const byUser = new Map<string, NotificationRow[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  await Promise.all([...byUser].map(([userId, userRows]) => deliverToUser(db, sender, userId, userRows, now)));
}

async function deliverToUser(db: Db, sender: PushSender, userId: string, rows: NotificationRow[], now: Date): Promise<void> {
  const [subscriptions, settings, [user]] = await Promise.all([
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    getSettings(db, userId),
    db.select({ preferences: users.preferences, userType: users.userType }).from(users).where(eq(users.id, userId)),
  ]);
  const quiet = isQuietTime(settings.quiet_hours_start, settings.quiet_hours_end, now);
  const unread = await unreadCount(db, userId);
  const live = new Map(subscriptions.map((s) => [s.id, s]));

  for (const row of rows) {
    const isTest = row.data?.test === true;
    let status: PushStatus;
    if (live.size === 0) status = 'no_subscription';
    else if (user?.preferences.notifications === false && !isTest) status = 'muted';
    else if (quiet && !isTest) status = 'quiet';
    else if (now.getTime() - row.createdAt.getTime() > MAX_PUSH_AGE_MS) status = 'failed';
    else status = await pushToDevices(db, sender, [...live.values()], payloadOf(row, user?.userType, unread), live);
    await db.update(notifications).set({ pushStatus: status }).where(eq(notifications.id, row.id));
  }
}

async function pushToDevices(
  db: Db,
  sender: PushSender,
  targets: (typeof pushSubscriptions.$inferSelect)[],
  payload: PushPayload,
  live: Map<string, unknown>,
): Promise<PushStatus> {
  const outcomes = await Promise.all(targets.map(async (t) => ({ target: t, result: await sender.send(t, payload) })));
  const expired = outcomes.filter((o) => o.result.outcome === 'expired').map((o) => o.target.id);
  if (expired.length > 0) {
    // The push service forgot these subscriptions (404/410): so do we.
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, expired));
    for (const id of expired) live.delete(id);
  }
  return outcomes.some((o) => o.result.outcome === 'delivered') ? 'sent' : live.size === 0 ? 'no_subscription' : 'failed';
}

function payloadOf(row: NotificationRow, userType: string | undefined, unread: number): PushPayload {
  return { id: row.id, type: row.type as PushPayload['type'], title: row.title, body: row.body, url: urlOf(row, userType), unread_count: unread };
}

/** Where a click on the system notification leads. */
function urlOf(row: NotificationRow, userType: string | undefined): string {
  if (row.type === 'order_status' || row.type === 'delivery_update') return userType === 'delivery_agent' ? '/delivery-agent/orders' : '/deliveries';
  if (row.type === 'price_alert') return '/shopping-lists';
  return userType === 'delivery_agent' ? '/delivery-agent/dashboard' : '/dashboard';
}
