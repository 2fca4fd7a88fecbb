import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { Notification, NotificationList } from '#contract/notifications';
import { notifications, products, pushSubscriptions, shoppingListItems, shoppingLists, stores } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { deliverWithCode } from '../../test/handover-fixture';
import { insertOrder } from '../../test/orders-fixture';
import { transitionOrder } from '../orders/orders.service';
import { createNotifications, notifyPriceDrop, notifyPromotion } from './notifications.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.access_token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const listOf = async (who: SignedIn, query = '') => (await call(who, 'GET', `/notifications${query}`)).json() as NotificationList;
const titlesOf = async (who: SignedIn) => (await ctx.db.select().from(notifications).where(eq(notifications.userId, who.user.id))).map((n) => n.title);

async function seedNotifications(who: SignedIn, n: number) {
  const base = Date.now() - n * 60_000;
  for (let i = 0; i < n; i++) {
    await createNotifications(ctx.db, [{ userId: who.user.id, type: 'other', title: `Message ${i + 1}`, body: 'Corps' }], new Date(base + i * 60_000));
  }
}

describe('GET /api/notifications', () => {
  it('pages by 10, newest first, with pagination.pages and unread_count', async () => {
    const user = await registerUser(ctx.app);
    await seedNotifications(user, 23);
    const first = await listOf(user);
    expect(first.notifications).toHaveLength(10);
    expect(first.notifications[0]).toMatchObject({ title: 'Message 23', type: 'other', body: 'Corps', read: false });
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 23, pages: 3 });
    expect(first.unread_count).toBe(23);
    const third = await listOf(user, '?page=3&limit=10');
    expect(third.notifications.map((n) => n.title)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect((await listOf(user, '?page=4')).notifications).toEqual([]);
    const bad = await call(user, 'GET', '/notifications?page=0');
    expect(bad.statusCode).toBe(400);
    expect((await call(user, 'GET', '/notifications?limit=abc')).statusCode).toBe(400);
  });

  it('a user sees only their own notifications; signed out is 401', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    await seedNotifications(a, 2);
    expect((await listOf(b)).notifications).toEqual([]);
    expect((await listOf(b)).unread_count).toBe(0);
    expect((await call(null, 'GET', '/notifications')).statusCode).toBe(401);
  });

  it('agents have notifications too (new available orders: the area, not the address)', async () => {
    const agent = await loginDemo(ctx.app, 'agent');
    const consumer = await registerUser(ctx.app);
    await insertOrder(ctx.db, consumer.user.id, { address: 'Villa 9, Akanda' });
    const list = await listOf(agent);
    expect(list.notifications[0]).toMatchObject({ type: 'order_status', title: 'Nouvelle commande disponible' });
    expect(list.notifications[0].body).toContain('Libreville');
    expect(list.notifications[0].body).not.toContain('Villa 9');
  });
});

describe('read state', () => {
  it('mark one read, refuse a foreign one (404), mark all read; the count never goes below 0', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    await seedNotifications(owner, 3);
    await seedNotifications(stranger, 1);
    const [newest] = (await listOf(owner)).notifications;

    const read = await call(owner, 'PUT', `/notifications/${newest.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread_count: 2 });
    // Again: still 2, not 1.
    expect((await call(owner, 'PUT', `/notifications/${newest.id}/read`)).json()).toEqual({ unread_count: 2 });
    expect((await listOf(owner)).notifications.find((n) => n.id === newest.id)?.read).toBe(true);

    const foreign = await call(stranger, 'PUT', `/notifications/${newest.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(detailOf(foreign)).toBe('Notification introuvable');
    expect((await listOf(stranger)).unread_count).toBe(1);
    expect((await call(owner, 'PUT', '/notifications/pas-un-id/read')).statusCode).toBe(404);
    expect((await call(owner, 'PUT', '/notifications/00000000-0000-4000-8000-000000000000/read')).statusCode).toBe(404);

    const all = await call(owner, 'PUT', '/notifications/mark-all-read');
    expect(all.json()).toEqual({ updated: 2, unread_count: 0 });
    expect((await call(owner, 'PUT', '/notifications/mark-all-read')).json()).toEqual({ updated: 0, unread_count: 0 });
    expect((await listOf(owner)).unread_count).toBe(0);
    expect((await call(owner, 'GET', '/notifications/unread-count')).json()).toEqual({ unread_count: 0 });
    // The stranger's stay unread.
    expect((await call(stranger, 'GET', '/notifications/unread-count')).json()).toEqual({ unread_count: 1 });
  });
});

describe('settings', () => {
  it('start with the spec defaults and a PUT changes only the given field', async () => {
    const user = await registerUser(ctx.app);
    const defaults = await call(user, 'GET', '/notifications/settings');
    expect(defaults.json()).toEqual({
      order_status_notifications: true,
      delivery_updates: true,
      price_alerts: true,
      promotional_notifications: false,
      email_notifications: true,
      sms_notifications: false,
      quiet_hours_start: null,
      quiet_hours_end: null,
    });
    const put = await call(user, 'PUT', '/notifications/settings', { promotional_notifications: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...defaults.json(), promotional_notifications: true });
    await call(user, 'PUT', '/notifications/settings', { quiet_hours_start: '22:00' });
    await call(user, 'PUT', '/notifications/settings', { quiet_hours_end: '06:30' });
    expect((await call(user, 'GET', '/notifications/settings')).json()).toMatchObject({ promotional_notifications: true, quiet_hours_start: '22:00', quiet_hours_end: '06:30' });
    // An empty value clears a bound.
    expect((await call(user, 'PUT', '/notifications/settings', { quiet_hours_start: '' })).json().quiet_hours_start).toBeNull();
  });

  it('refuses bad input in French and keeps what was saved', async () => {
    const user = await registerUser(ctx.app);
    await call(user, 'PUT', '/notifications/settings', { sms_notifications: true });
    for (const [payload, message] of [
      [{}, 'Aucun paramètre à modifier'],
      [{ quiet_hours_start: '25:00' }, 'Heure invalide (format HH:MM)'],
      [{ quiet_hours_end: '7h' }, 'Heure invalide (format HH:MM)'],
    ] as const) {
      const res = await call(user, 'PUT', '/notifications/settings', payload);
      expect(res.statusCode).toBe(400);
      expect(detailOf(res)).toBe(message);
    }
    expect((await call(user, 'PUT', '/notifications/settings', { price_alerts: 'oui' })).statusCode).toBe(400);
    expect((await call(user, 'PUT', '/notifications/settings', { unknown_field: true })).statusCode).toBe(400);
    expect((await call(user, 'GET', '/notifications/settings')).json()).toMatchObject({ sms_notifications: true, quiet_hours_start: null });
  });

  it('a switched-off type is not created: order status off, delivery updates off', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await registerApprovedAgent(ctx);
    await call(consumer, 'PUT', '/notifications/settings', { order_status_notifications: false });
    const order = await insertOrder(ctx.db, consumer.user.id);
    expect(await titlesOf(consumer)).toEqual([]);
    await call(consumer, 'PUT', '/notifications/settings', { order_status_notifications: true, delivery_updates: false });
    await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: agent.user.id }, new Date());
    expect(await titlesOf(consumer)).toEqual([]);
    await transitionOrder(ctx.db, order.id, 'picked_up', { kind: 'agent', userId: agent.user.id }, new Date());
    await transitionOrder(ctx.db, order.id, 'en_route', { kind: 'agent', userId: agent.user.id }, new Date());
    await call(consumer, 'PUT', '/notifications/settings', { delivery_updates: true });
    await transitionOrder(ctx.db, order.id, 'delivered', { kind: 'agent', userId: agent.user.id, handover: { kind: 'code' } }, new Date());
    expect(await titlesOf(consumer)).toEqual(['Commande livrée']);
  });
});

describe('every status change notifies the consumer', () => {
  it('confirmed, in progress, picked up, en route, delivered; and cancelled', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await registerApprovedAgent(ctx, { full_name: 'Serge Obiang' });
    const order = await insertOrder(ctx.db, consumer.user.id);
    await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`);
    await deliverWithCode(ctx, agent, order.id);
    const list = await listOf(consumer);
    expect(list.notifications.map((n: Notification) => [n.type, n.title])).toEqual([
      ['delivery_update', 'Commande livrée'],
      ['delivery_update', 'Livreur en route'],
      ['delivery_update', 'Courses récupérées'],
      ['delivery_update', 'Livraison en cours'],
      ['order_status', 'Commande confirmée'],
    ]);
    expect(list.notifications[3].body).toBe('Serge Obiang a pris en charge votre commande.');
    expect(list.notifications[0].data).toMatchObject({ order_id: order.id, status: 'delivered' });

    const other = await insertOrder(ctx.db, consumer.user.id);
    await call(consumer, 'POST', `/deliveries/${other.id}/cancel`);
    expect((await listOf(consumer)).notifications[0]).toMatchObject({ type: 'order_status', title: 'Commande annulée' });
  });
});

describe('price alerts', () => {
  async function userWithProductInList(overrides: Parameters<typeof registerUser>[1] = {}, listStatus = 'active') {
    const user = await registerUser(ctx.app, overrides);
    const [product] = await ctx.db.select().from(products).limit(1);
    const [list] = await ctx.db.insert(shoppingLists).values({ userId: user.user.id, name: 'Courses', status: listStatus }).returning();
    await ctx.db.insert(shoppingListItems).values({ listId: list.id, position: 0, productId: product.id, name: product.name, quantity: 1 });
    return { user, product };
  }

  it('a drop at a store alerts users who have the product in a list and follow prices', async () => {
    const follower = await userWithProductInList();
    const [store] = await ctx.db.select().from(stores).limit(1);
    const notFollowing = await userWithProductInList({ preferences: { track_prices: false, contribute_in_store: false } });
    const alertsOff = await userWithProductInList();
    await call(alertsOff.user, 'PUT', '/notifications/settings', { price_alerts: false });
    const archived = await userWithProductInList({}, 'archived');

    await notifyPriceDrop(ctx.db, { productId: follower.product.id, storeId: store.id, previousXaf: 2500, newXaf: 1900 }, new Date());
    const [alert] = (await listOf(follower.user)).notifications;
    expect(alert).toMatchObject({ type: 'price_alert', title: 'Baisse de prix' });
    expect(alert.body).toBe(`${follower.product.name} passe à ${formatXaf(1900)} chez ${store.name} (au lieu de ${formatXaf(2500)}).`);
    expect(formatXaf(1900)).toMatch(/^1\s900\sFCFA$/);
    for (const other of [notFollowing, alertsOff, archived]) expect(await titlesOf(other.user)).toEqual([]);
  });

  it('a rise or an unchanged price alerts nobody', async () => {
    const follower = await userWithProductInList();
    const [store] = await ctx.db.select().from(stores).limit(1);
    await notifyPriceDrop(ctx.db, { productId: follower.product.id, storeId: store.id, previousXaf: 1900, newXaf: 2100 }, new Date());
    await notifyPriceDrop(ctx.db, { productId: follower.product.id, storeId: store.id, previousXaf: 1900, newXaf: 1900 }, new Date());
    expect(await titlesOf(follower.user)).toEqual([]);
  });
});

describe('promotional notifications', () => {
  it('reach only consumers who allowed them', async () => {
    const allowing = await registerUser(ctx.app);
    const defaulted = await registerUser(ctx.app);
    await call(allowing, 'PUT', '/notifications/settings', { promotional_notifications: true });
    await notifyPromotion(ctx.db, { title: 'Promo Mbolo', body: '-20 % sur le riz' }, new Date());
    expect(await titlesOf(allowing)).toEqual(['Promo Mbolo']);
    expect(await titlesOf(defaulted)).toEqual([]);
    // Even a direct creation respects the setting.
    await createNotifications(ctx.db, [{ userId: defaulted.user.id, type: 'promotional', title: 'Promo', body: 'x' }], new Date());
    expect(await titlesOf(defaulted)).toEqual([]);
  });
});

describe('push subscription and test', () => {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };

  it('register-token stores the browser subscription carried in fcm_token, once per browser, and never hands it to another account', async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    const res = await call(first, 'POST', '/notifications/register-token', { fcm_token: JSON.stringify(subscription) });
    expect(res.statusCode).toBe(201);
    expect((await call(first, 'POST', '/notifications/register-token', { fcm_token: subscription })).statusCode).toBeLessThan(300);
    // Someone else presenting the same endpoint does not take it over (the browser subscribes anew).
    const taken = await call(second, 'POST', '/notifications/register-token', { fcm_token: subscription });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(fr.hardening.pushEndpointTaken);
    const rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: first.user.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
  });

  it('refuses what is not a push subscription', async () => {
    const user = await registerUser(ctx.app);
    for (const payload of [{}, { fcm_token: 'un-jeton-fcm' }, { fcm_token: { endpoint: 'pas une url', keys: subscription.keys } }, { fcm_token: { ...subscription, keys: { p256dh: 'court', auth: 'x' } } }]) {
      const res = await call(user, 'POST', '/notifications/register-token', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await call(user, 'POST', '/notifications/register-token', { fcm_token: 'un-jeton-fcm' });
    expect(detailOf(res)).toBe("L'abonnement aux notifications push est invalide");
    expect((await call(null, 'POST', '/notifications/register-token', { fcm_token: subscription })).statusCode).toBe(401);
  });

  it('the test sends an in-app notification even without a device', async () => {
    const user = await registerUser(ctx.app);
    const res = await call(user, 'POST', '/notifications/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Notification de test envoyée!', devices: 0 });
    const [row] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.user.id), eq(notifications.type, 'other')));
    expect(row).toMatchObject({ title: 'Notification de test', pushStatus: 'no_subscription' });
  });
});
