// Read caches that never show what a write changed (issue 16, point 2), on PGlite and PostgreSQL:
// the next read after a write sees it; a logout ends a session at once, even for the banner that
// keeps sessions a few seconds; the per-user caches answer each user with their own data. On
// PostgreSQL: while the process's listener is down the caches are bypassed, and they are used again
// (cleared) once it is back. The other instances' side is server/multi-instance.test.ts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerSlide } from '#contract/ads-banner';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { adImpressions, stores, users } from '../db/schema';
import { insertAd } from '../test/banner-ads-fixture';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext, trustedUser } from '../test/harness';
import { testDbKind, withAdminClient } from '../test/template-db';
import { invalidateCache } from './cache-invalidation';
import { databaseEventsOf } from './pg-listener';

let ctx: TestContext;
let owner: SignedIn;
let productId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // On PostgreSQL the caches are used once the listener is connected (a loaded machine may take a while).
  expect(await databaseEventsOf(ctx.db)!.whenLive(30_000)).toBe(true);
  // An established contributor: a newcomer's product would be seen by its author only (catalogue-listing.ts).
  owner = await trustedUser(ctx);
  const [geant] = await ctx.db.select().from(stores).where(eq(stores.name, 'Géant CKdo'));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: bearer(owner.access_token), payload: { name: 'Savon de Marseille', shop_id: geant.id, price: 900 } });
  expect(res.statusCode, res.body).toBe(201);
  productId = res.json().product.id;
});
afterAll(() => ctx.close());

const nameShown = async () => (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().name as string;
/** A change made behind the app's back: no invalidation, only a cache that is not used sees it. */
const renameBehindTheAppsBack = (name: string) => ctx.db.execute(sql`update products set name = ${name} where id = ${productId}`);

describe('one instance', () => {
  it('shows a write on the next read, though the page was cached', async () => {
    expect(await nameShown()).toBe('Savon de Marseille');
    // The detail is cached: a change nobody announces is not seen (that is what a cache does)…
    await renameBehindTheAppsBack('Savon caché');
    expect(await nameShown()).toBe('Savon de Marseille');
    // …and a write through the app is, at once.
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/products/${productId}`, headers: bearer(owner.access_token), payload: { name: 'Savon noir' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await nameShown()).toBe('Savon noir');
  });

  it('a logout ends the session at once, the banner (which keeps sessions a few seconds) included', async () => {
    const user = await registerUser(ctx.app);
    const other = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } });
    const banner = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/ads/banner', headers: bearer(token) });
    expect((await banner(user.access_token)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.access_token) })).statusCode).toBeLessThan(300);
    expect((await banner(user.access_token)).statusCode).toBe(401);
    expect((await banner(other.json().access_token)).statusCode).toBe(200);
  });

  it('a password change and a suspension end the other sessions at once, the banner included', async () => {
    const banner = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/ads/banner', headers: bearer(token) });
    const signIn = async (user: SignedIn) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } })).json().access_token as string;

    const user = await registerUser(ctx.app);
    const phone = await signIn(user);
    expect((await banner(phone)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(user.access_token),
      payload: { current_password: user.password, new_password: 'Nouveau-mot-2026' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await banner(phone)).statusCode).toBe(401);
    expect((await banner(user.access_token)).statusCode).toBe(200); // the device that changed it stays signed in

    const suspended = await registerUser(ctx.app);
    expect((await banner(suspended.access_token)).statusCode).toBe(200);
    const moderator = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_ACCOUNTS.moderator.email, password: DEMO_ACCOUNTS.moderator.password } });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${suspended.user.id}/suspend`,
      headers: bearer(moderator.json().access_token),
      payload: { reason: 'Faux prix à répétition' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await banner(suspended.access_token)).statusCode).toBe(401);
  });

  it("never answers one user with another's session or audience", async () => {
    const seasoned = await registerUser(ctx.app);
    const newcomer = await registerUser(ctx.app);
    await ctx.db.update(users).set({ createdAt: new Date(ctx.clock.now().getTime() - 90 * 24 * 3600_000) }).where(eq(users.id, seasoned.user.id));
    const forNewcomers = await insertAd(ctx.db, owner.user.id, ctx.clock.now(), { targetAudience: 'new_users', title: 'Bienvenue chez Mbolo' });
    await invalidateCache(ctx.db, 'banner-active-ads');
    const adsShown = async (user: SignedIn) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ads/banner', headers: bearer(user.access_token) });
      return (res.json() as BannerSlide[]).filter((s) => s.kind === 'ad').map((s) => s.id);
    };
    // Each read right after the other's: the caches hold the first user when the second comes.
    expect(await adsShown(seasoned)).not.toContain(forNewcomers.id);
    expect(await adsShown(newcomer)).toContain(forNewcomers.id);
    expect(await adsShown(seasoned)).not.toContain(forNewcomers.id);
    const seen = await ctx.app.inject({ method: 'POST', url: `/api/ads/${forNewcomers.id}/impression`, headers: bearer(newcomer.access_token) });
    expect(seen.statusCode, seen.body).toBe(204);
    const counted = await ctx.db.select({ userId: adImpressions.userId }).from(adImpressions).where(eq(adImpressions.adId, forNewcomers.id));
    expect(counted.map((c) => c.userId)).toEqual([newcomer.user.id]);
  });
});

describe.runIf(testDbKind() === 'postgres')('while the PostgreSQL listener is down (PostgreSQL only: PGlite has no other process to hear)', () => {
  const allowConnections = (allow: boolean) =>
    withAdminClient((admin) => admin.query(`alter database ${new URL(ctx.database.url!).pathname.slice(1)} allow_connections ${allow}`));

  it('bypasses the caches, then clears and uses them again once the listener is back', async () => {
    const events = databaseEventsOf(ctx.db)!;
    expect(events.live()).toBe(true);
    await nameShown(); // a pool connection is open for the reads below

    // The listener loses its connection and cannot get another one for now.
    await allowConnections(false);
    const down = new Promise<void>((resolve) => {
      const stop = events.onStateChange((live) => {
        if (live) return;
        stop();
        resolve();
      });
    });
    try {
      await ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'monpanier-events'`);
      await down;
      expect(events.live()).toBe(false);
      // Notices of other instances may be lost now: every read goes to the database.
      const before = await nameShown();
      await renameBehindTheAppsBack(`${before} (modifié ailleurs)`);
      expect(await nameShown()).toBe(`${before} (modifié ailleurs)`);
    } finally {
      await allowConnections(true);
    }

    expect(await events.whenLive(20_000)).toBe(true);
    // Back: cached again (a change nobody announces is not seen), and an invalidation reaches it.
    const cached = await nameShown();
    await renameBehindTheAppsBack('Savon du listener');
    expect(await nameShown()).toBe(cached);
    await invalidateCache(ctx.db, 'catalogue');
    expect(await nameShown()).toBe('Savon du listener');
  });
});
