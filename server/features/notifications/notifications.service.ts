// In-app notifications: creating them (respecting each user's settings), the paginated list with the
// unread count, marking read, the settings, and the browser push subscriptions. Rows are also the
// web-push outbox: push-outbox.ts sends them once their transaction has committed.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Notification,
  type NotificationList,
  type NotificationSettings,
  type NotificationType,
  type PushSubscriptionJson,
} from '#contract/notifications';
import type { Db, DbOrTx } from '../../db/client';
import { notificationSettings, notifications, products, pushSubscriptions, shoppingListItems, shoppingLists, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { queueNotificationMails } from './mail-outbox';

export type { NotificationType };
export type NewNotification = { userId: string; type: NotificationType; title: string; body: string; data?: Record<string, unknown> };

type SettingsRow = typeof notificationSettings.$inferSelect;

/** Which setting lets a type through; 'other' (tests, account messages) always passes. */
const SETTING_OF_TYPE: Record<NotificationType, keyof NotificationSettings | null> = {
  order_status: 'order_status_notifications',
  delivery_update: 'delivery_updates',
  price_alert: 'price_alerts',
  promotional: 'promotional_notifications',
  other: null,
};

/**
 * Stores notifications, leaving out those whose type the recipient switched off. Call it inside the
 * transaction that made the event happen: the push is sent only once that transaction commits.
 */
export async function createNotifications(db: DbOrTx, rows: NewNotification[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const settings = await settingsOfUsers(db, [...new Set(rows.map((r) => r.userId))]);
  const allowed = rows.filter((r) => {
    const key = SETTING_OF_TYPE[r.type];
    return key === null || (settings.get(r.userId) ?? DEFAULT_NOTIFICATION_SETTINGS)[key] === true;
  });
  if (allowed.length === 0) return;
  await db.insert(notifications).values(allowed.map((r) => ({ ...r, data: r.data ?? null, createdAt: now })));
  // Order and delivery news also by e-mail (setting email_notifications), in the same transaction.
  await queueNotificationMails(db, allowed, (userId) => settings.get(userId) ?? DEFAULT_NOTIFICATION_SETTINGS, now);
}

async function settingsOfUsers(db: DbOrTx, userIds: string[]): Promise<Map<string, NotificationSettings>> {
  const rows = await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
  return new Map(rows.map((row) => [row.userId, toApiSettings(row)]));
}

// ---------------------------------------------------------------- list and read state

const toApiNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  type: row.type as NotificationType,
  title: row.title,
  body: row.body,
  read: row.read,
  created_at: row.createdAt.toISOString(),
  data: row.data ?? null,
});

export async function listNotifications(db: Db, principal: Principal, page: number, limit: number): Promise<NotificationList> {
  const mine = eq(notifications.userId, principal.userId);
  const [rows, [{ total, unread }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    // Both counts in one pass over the user's rows.
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where not ${notifications.read})`.mapWith(Number) })
      .from(notifications)
      .where(mine),
  ]);
  return {
    notifications: rows.map(toApiNotification),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    unread_count: unread,
  };
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return n;
}

/** Marks one of the user's notifications read; another user's answers 404. */
export async function markRead(db: Db, principal: Principal, id: string): Promise<{ unread_count: number }> {
  if (!isUuid(id)) throw new AppError('NOTIFICATION_NOT_FOUND');
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, principal.userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
  return { unread_count: await unreadCount(db, principal.userId) };
}

export async function markAllRead(db: Db, principal: Principal): Promise<{ updated: number; unread_count: number }> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, principal.userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length, unread_count: 0 };
}

// ---------------------------------------------------------------- settings

function toApiSettings(row: SettingsRow): NotificationSettings {
  return {
    order_status_notifications: row.orderStatusNotifications,
    delivery_updates: row.deliveryUpdates,
    price_alerts: row.priceAlerts,
    promotional_notifications: row.promotionalNotifications,
    email_notifications: row.emailNotifications,
    sms_notifications: row.smsNotifications,
    quiet_hours_start: row.quietHoursStart,
    quiet_hours_end: row.quietHoursEnd,
  };
}

const COLUMN_OF_SETTING = {
  order_status_notifications: 'orderStatusNotifications',
  delivery_updates: 'deliveryUpdates',
  price_alerts: 'priceAlerts',
  promotional_notifications: 'promotionalNotifications',
  email_notifications: 'emailNotifications',
  sms_notifications: 'smsNotifications',
  quiet_hours_start: 'quietHoursStart',
  quiet_hours_end: 'quietHoursEnd',
} as const satisfies Record<keyof NotificationSettings, keyof SettingsRow>;

export async function getSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ? toApiSettings(row) : { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** Changes only the given fields; the first change creates the row from the defaults. */
export async function updateSettings(db: Db, principal: Principal, changes: Partial<NotificationSettings>, now: Date): Promise<NotificationSettings> {
  const set: Partial<SettingsRow> = { updatedAt: now };
  for (const [key, value] of Object.entries(changes) as [keyof NotificationSettings, never][]) set[COLUMN_OF_SETTING[key]] = value;
  const defaults = Object.fromEntries(
    Object.entries(DEFAULT_NOTIFICATION_SETTINGS).map(([key, value]) => [COLUMN_OF_SETTING[key as keyof NotificationSettings], value]),
  ) as Omit<SettingsRow, 'userId' | 'updatedAt'>;
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...defaults, ...set, userId: principal.userId })
    .onConflictDoUpdate({ target: notificationSettings.userId, set })
    .returning();
  return toApiSettings(row);
}

// ---------------------------------------------------------------- push subscriptions

/** One browser, one subscription: re-registering the same endpoint moves it to the current user. */
export async function registerSubscription(db: Db, principal: Principal, subscription: PushSubscriptionJson, userAgent: string | undefined, now: Date): Promise<void> {
  const values = {
    userId: principal.userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  // The same user re-registering refreshes the keys; an endpoint another account registered is not
  // moved to this one (whoever learns an endpoint could otherwise take over someone's notifications).
  const saved = await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values, setWhere: eq(pushSubscriptions.userId, principal.userId) })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) throw new AppError('PUSH_ENDPOINT_TAKEN');
}

export async function countSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return n;
}

/** The "send a test" button: an in-app notification that is also pushed to the user's devices. */
export async function createTestNotification(db: Db, principal: Principal, now: Date): Promise<void> {
  await createNotifications(db, [{ userId: principal.userId, type: 'other', title: fr.notifications.testTitle, body: fr.notifications.testBody, data: { test: true } }], now);
}

// ---------------------------------------------------------------- events from other features

export type PriceDrop = { productId: string; storeId: string; previousXaf: number; newXaf: number };

/**
 * A product got cheaper in a store: every user who has it in a list still in use (not archived) and
 * follows prices (preference track_prices; setting price_alerts is applied by createNotifications)
 * gets a price_alert. Call it from the code that changes a current price, in the same transaction.
 */
export async function notifyPriceDrop(db: DbOrTx, drop: PriceDrop, now: Date): Promise<number> {
  if (drop.newXaf >= drop.previousXaf) return 0;
  const [subject] = await db
    .select({ product: products.name, store: stores.name })
    .from(products)
    .innerJoin(stores, eq(stores.id, drop.storeId))
    .where(eq(products.id, drop.productId));
  if (!subject) return 0;
  const followers = await db
    .selectDistinct({ userId: shoppingLists.userId })
    .from(shoppingListItems)
    .innerJoin(shoppingLists, eq(shoppingLists.id, shoppingListItems.listId))
    .innerJoin(users, eq(users.id, shoppingLists.userId))
    .where(
      and(
        eq(shoppingListItems.productId, drop.productId),
        sql`${shoppingLists.status} <> 'archived'`,
        sql`coalesce((${users.preferences}->>'track_prices')::boolean, true)`,
      ),
    );
  const texts = fr.notifications.priceDrop;
  const body = texts.body(subject.product, subject.store, formatXaf(drop.newXaf), formatXaf(drop.previousXaf));
  const data = { product_id: drop.productId, store_id: drop.storeId, price: drop.newXaf, previous_price: drop.previousXaf };
  await createNotifications(
    db,
    followers.map((f) => ({ userId: f.userId, type: 'price_alert' as const, title: texts.title, body, data })),
    now,
  );
  return followers.length;
}

/** A promotion: stored only for consumers who allow promotional notifications (off by default). */
export async function notifyPromotion(db: DbOrTx, promo: { title: string; body: string; data?: Record<string, unknown> }, now: Date): Promise<number> {
  const recipients = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(and(eq(notificationSettings.promotionalNotifications, true), eq(users.userType, 'consumer')));
  await createNotifications(
    db,
    recipients.map((r) => ({ userId: r.userId, type: 'promotional' as const, title: promo.title, body: promo.body, data: promo.data })),
    now,
  );
  return recipients.length;
}
