// A database created before the trust work: seeded without a moderator, its shown prices the latest
// observation. The next start (in demo mode) adds the demo moderator and recomputes the shown prices once.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { appSettings, currentPrices, priceObservations, products, stores, users } from '../schema';
import { createTestContext, registerUser, type TestContext } from '../../test/harness';
import { adoptConsensusRule } from '../../features/prices/current-price';
import { applyDemoMode } from './demo-accounts';
import { seedIfEmpty } from './seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('starting on a database from before moderators and the consensus rule', () => {
  it('adds the demo moderator once, in demo mode, without seeding the catalogue again', async () => {
    await ctx.db.delete(users).where(eq(users.email, DEMO_ACCOUNTS.moderator.email));
    await ctx.db.update(appSettings).set({ value: '1' }).where(eq(appSettings.key, 'seed_version'));
    const productsBefore = (await ctx.db.select({ n: count() }).from(products))[0].n;
    expect(await seedIfEmpty(ctx.db)).toBe(false);
    expect(await ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.moderator.email))).toEqual([]);
    expect((await applyDemoMode(ctx.db, true)).created).toEqual([DEMO_ACCOUNTS.moderator.email]);
    const [moderator] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.moderator.email));
    expect(moderator.userType).toBe('admin');
    expect((await ctx.db.select({ n: count() }).from(products))[0].n).toBe(productsBefore);
    expect((await applyDemoMode(ctx.db, true)).created).toEqual([]);
    expect((await ctx.db.select({ n: count() }).from(users).where(eq(users.email, DEMO_ACCOUNTS.moderator.email)))[0].n).toBe(1);
  });

  it('recomputes, once, the shown prices that one contributor had set by being the latest', async () => {
    const [store] = await ctx.db.select().from(stores).where(eq(stores.name, 'Géant CKdo'));
    const [price] = await ctx.db.select().from(currentPrices).where(eq(currentPrices.storeId, store.id)).limit(1);
    const mallory = await registerUser(ctx.app);
    const now = ctx.clock.now();
    // As the old rule left it: Mallory's observation, the latest, shown.
    const [observation] = await ctx.db
      .insert(priceObservations)
      .values({ productId: price.productId, storeId: store.id, userId: mallory.user.id, voiceId: mallory.user.id, priceXaf: price.priceXaf * 3, source: 'contribution', observedAt: now, createdAt: now })
      .returning();
    await ctx.db
      .update(currentPrices)
      .set({ priceXaf: price.priceXaf * 3, observationId: observation.id, observedAt: now })
      .where(and(eq(currentPrices.productId, price.productId), eq(currentPrices.storeId, store.id)));

    expect(await adoptConsensusRule(ctx.db, now)).toBeGreaterThanOrEqual(1);
    const [shown] = await ctx.db.select().from(currentPrices).where(and(eq(currentPrices.productId, price.productId), eq(currentPrices.storeId, store.id)));
    expect(shown.priceXaf).toBe(price.priceXaf);
    expect(await adoptConsensusRule(ctx.db, now)).toBeNull();
  });

  it('takes the sources’ remarks out of the seed stores’ addresses once, leaving other stores alone', async () => {
    const raw = 'Centre-ville de Libreville (adresse exacte non publiée dans la source)';
    const [seedStore] = await ctx.db.select().from(stores).where(eq(stores.address, 'Centre-ville de Libreville'));
    expect(seedStore).toBeTruthy();
    await ctx.db.update(stores).set({ address: raw }).where(eq(stores.id, seedStore.id));
    const [imported] = await ctx.db.insert(stores).values({ name: seedStore.name, address: raw, source: 'osm', latitude: 0.4, longitude: 9.45 }).returning();
    await ctx.db.update(appSettings).set({ value: '2' }).where(eq(appSettings.key, 'seed_version'));

    expect(await seedIfEmpty(ctx.db)).toBe(false);
    expect((await ctx.db.select().from(stores).where(eq(stores.id, seedStore.id)))[0].address).toBe('Centre-ville de Libreville');
    expect((await ctx.db.select().from(stores).where(eq(stores.id, imported.id)))[0].address).toBe(raw);
    const [unknown] = await ctx.db.select().from(stores).where(and(eq(stores.source, 'seed'), eq(stores.city, 'Port-Gentil'), eq(stores.address, 'Port-Gentil')));
    expect(unknown?.district).toBeNull();
  });
});
