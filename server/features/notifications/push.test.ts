// Web push end to end: real VAPID-signed, aes128gcm-encrypted requests over real HTTP to a local
// stand-in for the browser's push service, sent from the notifications outbox.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { buildApp } from '../../app';
import { notifications, pushSubscriptions } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { insertOrder } from '../../test/orders-fixture';
import { type BrowserSubscription, startStandInPushService, type StandInPushService, verifyVapid } from '../../test/push-service';
import { loadOrCreateVapidKeys, VAPID_FILE } from '../../platform/push/vapid-keys';
import { createNotifications } from './notifications.service';
import { librevilleMinutes } from './quiet-hours';

let ctx: TestContext;
let pushService: StandInPushService;
beforeAll(async () => {
  pushService = await startStandInPushService();
  // The app accepts the local stand-in's origin besides the real push services (a test-only option).
  // The only app on the database: any app on it may take the push job, and send with its settings.
  ctx = await createTestContext({}, { pushServiceOrigins: [pushService.origin] });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

async function subscribe(user: SignedIn, subscription: BrowserSubscription) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/register-token',
    headers: bearer(user.access_token),
    payload: { fcm_token: JSON.stringify(subscription.json) },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const pushStatusOf = async (userId: string) =>
  (await ctx.db.select({ title: notifications.title, status: notifications.pushStatus }).from(notifications).where(eq(notifications.userId, userId))).map((r) => r.status);

const subscriptionsOf = (userId: string) => ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('VAPID keys', () => {
  it('are generated on first start, kept in the data dir and published for the browser', async () => {
    const stored = JSON.parse(await readFile(path.join(ctx.dataDir, VAPID_FILE), 'utf8')) as { publicKey: string; privateKey: string };
    const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(res.json()).toEqual({ public_key: stored.publicKey });
    // A second start reads the same pair instead of making a new one (subscriptions depend on it).
    expect(await loadOrCreateVapidKeys(ctx.dataDir, ctx.db)).toMatchObject(stored);
  });

  it('are the same for every instance on the database, whatever their data dirs (issue 16)', async () => {
    const otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'monpanier-other-instance-'));
    try {
      // Another instance, with a pair of its own from an earlier version: the shared pair wins.
      await writeFile(path.join(otherDataDir, VAPID_FILE), JSON.stringify({ publicKey: 'autre-clé-publique', privateKey: 'autre-clé-privée' }));
      const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
      const keys = await loadOrCreateVapidKeys(otherDataDir, ctx.db);
      expect(keys.publicKey).toBe(res.json().public_key);
      expect(JSON.parse(await readFile(path.join(otherDataDir, VAPID_FILE), 'utf8'))).toMatchObject({ publicKey: keys.publicKey, privateKey: keys.privateKey });
    } finally {
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });
});

describe('sending', () => {
  it('an order event reaches the browser as an encrypted, signed push once the transaction has committed', async () => {
    const consumer = await registerUser(ctx.app);
    const browser = pushService.subscribe();
    await subscribe(consumer, browser);
    const before = pushService.received.length;

    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();

    const [push] = (await pushService.waitFor(before + 1)).slice(before);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = await verifyVapid(push, ctx.app.pushDispatcher.publicKey, pushService.origin);
    expect(claims.sub).toMatch(/^mailto:/);
    // Only the holder of the subscription's private key can read it.
    expect(push.body.toString('utf8')).not.toContain('Commande');
    expect(browser.decrypt(push.body)).toMatchObject({ title: 'Commande confirmée', type: 'order_status', url: '/deliveries', unread_count: 1 });
    expect(await pushStatusOf(consumer.user.id)).toEqual(['sent']);
  });

  it('an agent accepting through the API pushes to the consumer right after the response (no timer)', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await registerApprovedAgent(ctx);
    const order = await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    const browser = pushService.subscribe();
    await subscribe(consumer, browser);
    const before = pushService.received.length;

    const res = await ctx.app.inject({ method: 'POST', url: `/api/delivery-agent/accept-order/${order.id}`, headers: bearer(agent.access_token) });
    expect(res.statusCode).toBe(200);
    const pushes = (await pushService.waitFor(before + 1)).slice(before);
    const mine = pushes.filter((p) => p.path === new URL(browser.json.endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(browser.decrypt(mine[0].body)).toMatchObject({ title: 'Livraison en cours', type: 'delivery_update' });
  });

  it('a rolled-back transaction pushes nothing', async () => {
    const consumer = await registerUser(ctx.app);
    await subscribe(consumer, pushService.subscribe());
    const before = pushService.received.length;
    await expect(
      ctx.db.transaction(async (tx) => {
        await createNotifications(tx, [{ userId: consumer.user.id, type: 'other', title: 'Jamais', body: 'annulé' }], new Date());
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await ctx.app.pushDispatcher.flush();
    expect(pushService.received.length).toBe(before);
    expect(await pushStatusOf(consumer.user.id)).toEqual([]);
  });

  it('sends to every device of the user', async () => {
    const consumer = await registerUser(ctx.app);
    const phone = pushService.subscribe();
    const laptop = pushService.subscribe();
    await subscribe(consumer, phone);
    await subscribe(consumer, laptop);
    const before = pushService.received.length;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/notifications/test', headers: bearer(consumer.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Notification de test envoyée!', devices: 2 });
    const pushes = (await pushService.waitFor(before + 2)).slice(before);
    expect(pushes.map((p) => p.path).sort()).toEqual([new URL(phone.json.endpoint).pathname, new URL(laptop.json.endpoint).pathname].sort());
    expect(phone.decrypt(pushes.find((p) => p.path === new URL(phone.json.endpoint).pathname)!.body)).toMatchObject({ title: 'Notification de test' });
  });
});

describe('quiet hours and switched-off push', () => {
  it('inside quiet hours nothing is pushed but the in-app notification is stored', async () => {
    const consumer = await registerUser(ctx.app);
    await subscribe(consumer, pushService.subscribe());
    // A window around the current Libreville time.
    const t = librevilleMinutes(ctx.clock.now());
    const hhmm = (m: number) => `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(consumer.access_token),
      payload: { quiet_hours_start: hhmm(t - 60), quiet_hours_end: hhmm(t + 60) },
    });
    expect(put.statusCode).toBe(200);
    const before = pushService.received.length;

    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    expect(pushService.received.length).toBe(before);
    expect(await pushStatusOf(consumer.user.id)).toEqual(['quiet']);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(consumer.access_token) });
    expect(list.json().notifications.map((n: { title: string }) => n.title)).toEqual(['Commande confirmée']);
    expect(list.json().unread_count).toBe(1);
  });

  it('the global "notifications" preference off means no push, but the panel still has it', async () => {
    const consumer = await registerUser(ctx.app);
    await subscribe(consumer, pushService.subscribe());
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: bearer(consumer.access_token),
      payload: { notifications: false },
    });
    const before = pushService.received.length;
    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    expect(pushService.received.length).toBe(before);
    expect(await pushStatusOf(consumer.user.id)).toEqual(['muted']);
  });
});

describe('subscriptions the push service no longer knows', () => {
  it.each([410, 404])('are removed when the push service answers %i', async (status) => {
    const consumer = await registerUser(ctx.app);
    const gone = pushService.subscribe(status);
    const alive = pushService.subscribe();
    await subscribe(consumer, gone);
    await subscribe(consumer, alive);
    expect(await subscriptionsOf(consumer.user.id)).toHaveLength(2);

    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    const left = await subscriptionsOf(consumer.user.id);
    expect(left.map((s) => s.endpoint)).toEqual([alive.json.endpoint]);
    expect(await pushStatusOf(consumer.user.id)).toEqual(['sent']);
  });

  it('a broken push service (500) keeps the subscription and marks the push failed', async () => {
    const consumer = await registerUser(ctx.app);
    await subscribe(consumer, pushService.subscribe(500));
    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    expect(await subscriptionsOf(consumer.user.id)).toHaveLength(1);
    expect(await pushStatusOf(consumer.user.id)).toEqual(['failed']);
  });

  it('without any device the row is closed as no_subscription', async () => {
    const agent = await loginDemo(ctx.app, 'agent');
    const consumer = await registerUser(ctx.app);
    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    expect(await pushStatusOf(consumer.user.id)).toEqual(['no_subscription']);
    const agentRows = await ctx.db.select().from(notifications).where(eq(notifications.userId, agent.user.id));
    expect(agentRows.every((r) => r.pushStatus !== 'pending' && r.pushStatus !== 'sending')).toBe(true);
  });
});

describe('which endpoints may be registered', () => {
  const keysOf = (subscription: BrowserSubscription) => subscription.json.keys;
  const register = (user: SignedIn, endpoint: string, keys = keysOf(pushService.subscribe())) =>
    ctx.app.inject({ method: 'POST', url: '/api/notifications/register-token', headers: bearer(user.access_token), payload: { fcm_token: { endpoint, keys } } });

  it('the known push services, over HTTPS on their exact hosts', async () => {
    const consumer = await registerUser(ctx.app);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMhhh',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      const res = await register(consumer, endpoint);
      expect(res.statusCode, `${endpoint} ${res.body}`).toBe(201);
    }
    expect(await subscriptionsOf(consumer.user.id)).toHaveLength(4);
  });

  it('anything else is refused with a French 422, plain HTTP included (the test stand-in is a test-only option)', async () => {
    const consumer = await registerUser(ctx.app);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://evil-fcm.googleapis.com/fcm/send/abc',
      'https://notify.windows.com/w/abc',
      'https://a.b.notify.windows.com/w/abc',
      'https://push.example.net/send/abc123',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'http://127.0.0.1:1/push/201/x',
    ]) {
      const res = await register(consumer, endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(detailOf(res)).toBe(fr.notifications.endpointRefused);
    }
    expect(await subscriptionsOf(consumer.user.id)).toHaveLength(0);
    // Without the test-only option, the app refuses the local stand-in too.
    const plain = await buildApp(ctx.deps);
    try {
      const res = await plain.inject({ method: 'POST', url: '/api/notifications/register-token', headers: bearer(consumer.access_token), payload: { fcm_token: pushService.subscribe().json } });
      expect(res.statusCode).toBe(422);
    } finally {
      await plain.close();
    }
  });

  it('an endpoint registered by another account is not moved: a French 409, the owner keeps it', async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const browser = pushService.subscribe();
    await subscribe(owner, browser);
    const stolen = await register(other, browser.json.endpoint, keysOf(pushService.subscribe()));
    expect(stolen.statusCode).toBe(409);
    expect(detailOf(stolen)).toBe(fr.hardening.pushEndpointTaken);
    const [row] = await subscriptionsOf(owner.user.id);
    expect(row).toMatchObject({ endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh });
    expect(await subscriptionsOf(other.user.id)).toHaveLength(0);
    // The owner re-registering (new keys after a browser refresh) is fine.
    const refreshed = keysOf(pushService.subscribe());
    expect((await register(owner, browser.json.endpoint, refreshed)).statusCode).toBe(201);
    expect((await subscriptionsOf(owner.user.id))[0].p256dh).toBe(refreshed.p256dh);
  });

  it('a stored subscription on a service no longer accepted is never posted to, and is forgotten', async () => {
    const consumer = await registerUser(ctx.app);
    await ctx.db.insert(pushSubscriptions).values({ userId: consumer.user.id, endpoint: 'http://10.0.0.1/interne', ...keysOf(pushService.subscribe()) });
    const before = pushService.received.length;
    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.pushDispatcher.flush();
    expect(pushService.received.length).toBe(before);
    expect(await subscriptionsOf(consumer.user.id)).toHaveLength(0);
  });
});
