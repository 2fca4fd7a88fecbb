// Issue 27, item 7 (finding 8: one account's spam products and stores were in everyone's search and
// nearby stores, and no moderator route removed them). A newcomer's additions are seen by their author
// and moderators only until confirmed; moderators publish, hide, delete and merge products and stores,
// each audited and undone by a restore within 30 days; then deleted and merged entries are erased.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { currentPrices, moderationActions, priceObservations, products, stores } from '../../db/schema';
import { queryRows } from '../../platform/sql-rows';
import { releaseProbation } from '../prices/probation';
import { purgeRemovedEntries } from './catalogue-removal.service';
import { bearer, createTestContext, detailOf, realModerator, registerUser, type SignedIn, type TestContext, trustedUser, trustPersonOf } from '../../test/harness';

let ctx: TestContext;
let moderator: SignedIn;
let established: SignedIn;
let made = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  [moderator, established] = [await realModerator(ctx), await trustedUser(ctx)];
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
const unique = (prefix: string) => `${prefix} ${String.fromCharCode(97 + (made % 26))}${++made}x`;

async function newProduct(who: SignedIn, name = unique('Savon Zébulon')) {
  const res = await call(who, 'POST', '/api/products', { name, category: 'Épicerie' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; name: string; listing: string };
}
async function newStore(who: SignedIn, name = unique('Boutique Zébulon')) {
  const res = await call(who, 'POST', '/api/stores', { name, latitude: 0.41 + made / 10_000, longitude: 9.44 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; latitude: number; longitude: number };
}
const searchIds = async (who: SignedIn | null, text: string) => ((await call(who, 'GET', `/api/products?search=${encodeURIComponent(text)}`)).json() as { id: string }[]).map((p) => p.id);
const listBuilderIds = async (who: SignedIn, text: string) => (await call(who, 'GET', `/api/shopping-lists/product-search?search=${encodeURIComponent(text)}`)).json() as unknown;
const storeIds = async (who: SignedIn) => ((await call(who, 'GET', '/api/stores')).json() as { id: string }[]).map((s) => s.id);
const nearbyIds = async (who: SignedIn, at: { latitude: number; longitude: number }) =>
  ((await call(who, 'GET', `/api/places/nearby-stores?latitude=${at.latitude}&longitude=${at.longitude}&radius=1000`)).json().stores as { id: string }[]).map((s) => s.id);
const contribute = (who: SignedIn, productId: string, store: { id: string; latitude: number; longitude: number }, price: number) =>
  call(who, 'POST', '/api/prices/contribute', { product_id: productId, store_id: store.id, price, latitude: store.latitude, longitude: store.longitude });
const moderate = (who: SignedIn | null, path: string, payload?: object) => call(who, 'POST', `/api/admin/catalogue/${path}`, payload);
const auditOf = (id: string) => ctx.db.select().from(moderationActions).where(eq(moderationActions.targetId, id));

/** A seeded product priced in a seeded store (the shown price comes from the seed). */
async function pricedPair() {
  const [row] = await queryRows<{ product_id: string; store_id: string; latitude: number; longitude: number; price_xaf: number }>(
    ctx.db,
    sql`select cp.product_id, cp.store_id, s.latitude, s.longitude, cp.price_xaf from current_prices cp join stores s on s.id = cp.store_id
        where not exists (select 1 from price_observations o where o.product_id = cp.product_id and o.user_id is not null) order by cp.product_id offset ${made++} limit 1`,
  );
  return { productId: row.product_id, store: { id: row.store_id, latitude: row.latitude, longitude: row.longitude }, price: row.price_xaf };
}

describe('a newcomer’s additions wait for confirmation', () => {
  it('a newcomer’s product is seen by its author and moderators only: not in search, the list builder or the comparator', async () => {
    const newcomer = await registerUser(ctx.app);
    const stranger = await trustedUser(ctx);
    const spam = await newProduct(newcomer, 'Zébulon miracle promo');
    expect(spam.listing).toBe('pending');
    const quick = await call(newcomer, 'POST', '/api/products/quick-add', { name: 'Zébulon miracle bis', category: 'Divers' });
    expect(quick.statusCode).toBe(201);

    for (const viewer of [null, stranger, moderator]) expect(await searchIds(viewer, 'zébulon miracle')).toEqual([]);
    expect(JSON.stringify(await listBuilderIds(stranger, 'zébulon miracle'))).not.toContain(spam.id);
    // Its author finds it, in the catalogue and in the list builder.
    expect(await searchIds(newcomer, 'zébulon miracle')).toHaveLength(2);
    expect(await searchIds(newcomer, 'zébulon miracle promo')).toEqual([spam.id]);
    expect(JSON.stringify(await listBuilderIds(newcomer, 'zébulon miracle promo'))).toContain(spam.id);
    expect((await call(null, 'GET', `/api/products/${spam.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/products/${spam.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/products/${spam.id}/price-history`)).statusCode).toBe(404);
    const own = await call(newcomer, 'GET', `/api/products/${spam.id}`);
    expect([own.statusCode, own.json().listing]).toEqual([200, 'pending']);
    expect((await call(moderator, 'GET', `/api/products/${spam.id}`)).json().listing).toBe('pending');

    // A stranger cannot price it; its author can (their price is on probation anyway).
    const { store } = await pricedPair();
    expect((await contribute(stranger, spam.id, store, 500)).statusCode).toBe(404);
    expect((await contribute(newcomer, spam.id, store, 500)).statusCode).toBe(201);
  });

  it('a newcomer’s store is not in the stores, nearby or search answers of others, and others cannot price in it', async () => {
    const newcomer = await registerUser(ctx.app);
    const stranger = await trustedUser(ctx);
    const shop = await newStore(newcomer, 'Zébulon Market');
    expect(await storeIds(stranger)).not.toContain(shop.id);
    expect(await nearbyIds(stranger, shop)).not.toContain(shop.id);
    const searched = await call(stranger, 'GET', '/api/places/search-stores?query=zebulon%20market');
    expect(JSON.stringify(searched.json())).not.toContain(shop.id);
    const { productId } = await pricedPair();
    expect((await contribute(stranger, productId, shop, 900)).statusCode).toBe(404);
    expect((await contribute(newcomer, productId, shop, 900)).statusCode).toBe(201);
  });

  it('an established person’s additions are everyone’s at once', async () => {
    const product = await newProduct(established, 'Zébulon huile établie');
    expect(product.listing).toBe('listed');
    expect(await searchIds(null, 'zébulon huile établie')).toEqual([product.id]);
    const shop = await newStore(established);
    expect(await storeIds(moderator)).toContain(shop.id);
  });

  it('is confirmed when an established person adds the same product or store; another newcomer gets none of it', async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    const name = unique('Zébulon confiture');
    const pending = (await call(first, 'POST', '/api/products/quick-add', { name, category: 'Épicerie' })).json().product as { id: string };
    const other = await call(second, 'POST', '/api/products/quick-add', { name, category: 'Épicerie' });
    expect([other.statusCode, other.json().product.id === pending.id]).toEqual([201, false]);
    const vouched = await call(established, 'POST', '/api/products/quick-add', { name, category: 'Épicerie' });
    expect([vouched.statusCode, vouched.json().product.id]).toEqual([200, pending.id]);
    expect(await searchIds(null, name)).toContain(pending.id);

    const shop = await newStore(first, 'Zébulon Alimentation');
    const again = await call(established, 'POST', '/api/stores', { name: 'Zebulon alimentation', latitude: shop.latitude + 0.0001, longitude: shop.longitude });
    expect([again.statusCode, again.json().id]).toEqual([200, shop.id]);
    expect(await storeIds(second)).toContain(shop.id);
  });

  it('is published when its author earns trust', async () => {
    const newcomer = await registerUser(ctx.app);
    const product = await newProduct(newcomer);
    const shop = await newStore(newcomer);
    await trustPersonOf(ctx.db, newcomer.user.id);
    const [{ person_id }] = await queryRows<{ person_id: string }>(ctx.db, sql`select person_id from users where id = ${newcomer.user.id}`);
    await releaseProbation(ctx.deps, person_id);
    expect(await searchIds(null, product.name)).toEqual([product.id]);
    expect(await storeIds(moderator)).toContain(shop.id);
  });

  it('a moderator sees the pending entries and publishes one (audited)', async () => {
    const newcomer = await registerUser(ctx.app);
    const product = await newProduct(newcomer);
    const queue = await call(moderator, 'GET', '/api/admin/catalogue?kind=products&view=pending&limit=100');
    expect(queue.statusCode).toBe(200);
    const entry = (queue.json().items as { id: string; author: { id: string } | null; listing: string }[]).find((e) => e.id === product.id);
    expect(entry).toMatchObject({ listing: 'pending', author: { id: newcomer.user.id } });
    const published = await moderate(moderator, `products/${product.id}/publish`);
    expect([published.statusCode, published.json().message]).toEqual([200, fr.catalogueHygiene.published]);
    expect(await searchIds(null, product.name)).toEqual([product.id]);
    const again = await moderate(moderator, `products/${product.id}/publish`);
    expect([again.statusCode, detailOf(again)]).toEqual([409, fr.catalogueHygiene.alreadyListed]);
    expect((await auditOf(product.id)).map((a) => a.action)).toEqual(['product.publish']);
  });
});

describe('moderators remove and restore', () => {
  it('only moderators: 401 signed out, 403 for a consumer, French 400 for a wrong kind or reason', async () => {
    const product = await newProduct(established);
    expect((await moderate(null, `products/${product.id}/hide`, { reason: 'spam' })).statusCode).toBe(401);
    expect((await moderate(established, `products/${product.id}/hide`, { reason: 'spam' })).statusCode).toBe(403);
    expect((await call(established, 'GET', '/api/admin/catalogue')).statusCode).toBe(403);
    const kind = await moderate(moderator, `gadgets/${product.id}/hide`, { reason: 'spam' });
    expect([kind.statusCode, detailOf(kind)]).toEqual([400, fr.catalogueHygiene.kindInvalid]);
    const reason = await moderate(moderator, `products/${product.id}/hide`, { reason: ' ' });
    expect([reason.statusCode, detailOf(reason)]).toEqual([400, fr.moderation.reasonRequired]);
    const unknown = await moderate(moderator, 'products/00000000-0000-4000-8000-000000000000/hide', { reason: 'spam' });
    expect([unknown.statusCode, detailOf(unknown)]).toEqual([404, fr.products.notFound]);
    expect(await searchIds(null, product.name)).toEqual([product.id]);
  });

  it('hides a priced product: gone from search, its page and its shown prices, no new price; restored with its prices and barcode', async () => {
    const { productId, store, price } = await pricedPair();
    const [before] = await ctx.db.select().from(products).where(eq(products.id, productId));
    await ctx.db.update(products).set({ barcode: '4006381333931' }).where(eq(products.id, productId));
    const hidden = await moderate(moderator, `products/${productId}/hide`, { reason: 'Produit fantaisiste' });
    expect([hidden.statusCode, hidden.json().message]).toEqual([200, fr.catalogueHygiene.hidden]);
    expect(await searchIds(null, before.name)).not.toContain(productId);
    expect((await call(established, 'GET', `/api/products/${productId}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(currentPrices).where(eq(currentPrices.productId, productId))).toEqual([]);
    expect((await contribute(established, productId, store, price)).statusCode).toBe(404);
    // Its barcode is free for the right product.
    expect((await call(null, 'GET', '/api/products/by-barcode/4006381333931')).statusCode).toBe(404);
    const twice = await moderate(moderator, `products/${productId}/delete`, { reason: 'encore' });
    expect([twice.statusCode, detailOf(twice)]).toEqual([409, fr.catalogueHygiene.alreadyRemoved]);

    const removed = await call(moderator, 'GET', '/api/admin/catalogue?kind=products&view=removed&limit=100');
    expect((removed.json().items as { id: string; removal: { action: string; reason: string } }[]).find((e) => e.id === productId)?.removal).toMatchObject({
      action: 'hide',
      reason: 'Produit fantaisiste',
    });

    const restored = await moderate(moderator, `products/${productId}/restore`);
    expect([restored.statusCode, restored.json().message]).toEqual([200, fr.catalogueHygiene.restored]);
    const page = (await call(null, 'GET', `/api/products/${productId}`)).json();
    expect([page.listing, page.barcode, page.prices.find((p: { store_id: string }) => p.store_id === store.id)?.price]).toEqual(['listed', '4006381333931', price]);
    const notRemoved = await moderate(moderator, `products/${productId}/restore`);
    expect([notRemoved.statusCode, detailOf(notRemoved)]).toEqual([409, fr.catalogueHygiene.notRemoved]);
    expect((await auditOf(productId)).map((a) => a.action)).toEqual(['product.hide', 'product.restore']);
  });

  it('a deleted entry can be restored for 30 days, then it is erased', async () => {
    const product = await newProduct(established);
    const shop = await newStore(established);
    expect((await moderate(moderator, `products/${product.id}/delete`, { reason: 'doublon vide' })).json().message).toBe(fr.catalogueHygiene.deleted);
    expect((await moderate(moderator, `stores/${shop.id}/delete`, { reason: 'magasin fictif' })).statusCode).toBe(200);
    expect(await storeIds(established)).not.toContain(shop.id);
    expect(await purgeRemovedEntries(ctx.deps)).toBe(0);

    // Thirty days later (the session would have expired: the time is moved on the entries instead).
    for (const table of [products, stores]) await ctx.db.update(table).set({ purgeAfter: new Date(ctx.clock.now().getTime() - 60_000) }).where(sql`${table.id} in (${product.id}, ${shop.id})`);
    const late = await moderate(moderator, `products/${product.id}/restore`);
    expect([late.statusCode, detailOf(late)]).toEqual([410, fr.catalogueHygiene.restoreTooLate]);
    expect(await purgeRemovedEntries(ctx.deps)).toBeGreaterThanOrEqual(2);
    expect(await ctx.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await ctx.db.select().from(stores).where(eq(stores.id, shop.id))).toEqual([]);
  });

  it('merges a duplicate product: its prices, list items and barcode move to the one that stays; a restore moves them back', async () => {
    const { productId: keptId, store } = await pricedPair();
    const duplicate = await newProduct(established, unique('Doublon Zébulon'));
    await ctx.db.update(products).set({ barcode: '5000112637922' }).where(eq(products.id, duplicate.id));
    await ctx.db.update(products).set({ barcode: null }).where(eq(products.id, keptId));
    const other = (await pricedPair()).store;
    const contributed = await contribute(established, duplicate.id, other, 1234);
    expect(contributed.statusCode).toBe(201);
    const observationId = contributed.json().observation.id as string;
    const productOf = async (id: string) => (await ctx.db.select({ productId: priceObservations.productId }).from(priceObservations).where(eq(priceObservations.id, id)))[0].productId;
    const list = await call(established, 'POST', '/api/shopping-lists', { name: 'Courses Zébulon', items: [{ product_id: duplicate.id, name: duplicate.name, quantity: 2 }] });
    expect(list.statusCode, list.body).toBe(201);

    expect(detailOf(await moderate(moderator, `products/${duplicate.id}/merge`, { into_id: duplicate.id, reason: 'x' }))).toBe(fr.catalogueHygiene.mergeIntoSelf);
    const merged = await moderate(moderator, `products/${duplicate.id}/merge`, { into_id: keptId, reason: 'Même produit' });
    expect(merged.statusCode, merged.body).toBe(200);
    const kept = (await call(null, 'GET', `/api/products/${keptId}`)).json();
    expect(merged.json().message).toBe(fr.catalogueHygiene.merged(kept.name));
    expect(kept.barcode).toBe('5000112637922');
    expect(await productOf(observationId)).toBe(keptId);
    const items = (await call(established, 'GET', `/api/shopping-lists/${list.json().id}`)).json().items as { product_id: string }[];
    expect(items.map((i) => i.product_id)).toEqual([keptId]);
    expect((await call(established, 'GET', `/api/products/${duplicate.id}`)).statusCode).toBe(404);
    // Nothing can be merged into a removed entry.
    const third = await newProduct(established);
    const intoRemoved = await moderate(moderator, `products/${third.id}/merge`, { into_id: duplicate.id, reason: 'x' });
    expect([intoRemoved.statusCode, detailOf(intoRemoved)]).toEqual([409, fr.catalogueHygiene.mergeTargetNotListed]);

    expect((await moderate(moderator, `products/${duplicate.id}/restore`)).statusCode).toBe(200);
    const back = (await call(null, 'GET', `/api/products/${duplicate.id}`)).json();
    expect([back.barcode, back.prices.map((p: { store_id: string }) => p.store_id)]).toEqual(['5000112637922', [other.id]]);
    const keptAgain = (await call(null, 'GET', `/api/products/${keptId}`)).json();
    expect([keptAgain.barcode, await productOf(observationId)]).toEqual([null, duplicate.id]);
    expect(keptAgain.prices.some((p: { store_id: string }) => p.store_id === store.id)).toBe(true);
    const itemsBack = (await call(established, 'GET', `/api/shopping-lists/${list.json().id}`)).json().items as { product_id: string }[];
    expect(itemsBack.map((i) => i.product_id)).toEqual([duplicate.id]);
    expect((await auditOf(duplicate.id)).map((a) => a.action)).toEqual(['product.merge', 'product.restore']);
  });

  it('merges a duplicate store: its prices move to the store that stays', async () => {
    const kept = await newStore(established);
    const duplicate = await newStore(established);
    const { productId } = await pricedPair();
    expect((await contribute(established, productId, duplicate, 777)).statusCode).toBe(201);
    const merged = await moderate(moderator, `stores/${duplicate.id}/merge`, { into_id: kept.id, reason: 'Même magasin' });
    expect(merged.statusCode, merged.body).toBe(200);
    const moved = await ctx.db.select().from(priceObservations).where(and(eq(priceObservations.productId, productId), eq(priceObservations.storeId, kept.id)));
    expect(moved.map((o) => o.priceXaf)).toEqual([777]);
    const [shown] = await ctx.db.select().from(currentPrices).where(and(eq(currentPrices.productId, productId), eq(currentPrices.storeId, kept.id)));
    expect(shown?.priceXaf).toBe(777);
    expect(await storeIds(established)).not.toContain(duplicate.id);
    expect((await auditOf(duplicate.id)).map((a) => a.action)).toEqual(['store.merge']);
  });
});
