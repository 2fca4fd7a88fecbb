// Issue 27, finding 8: one account made 100 products, 100 stores and 100 quick-adds, all 201, and
// everyone saw them. Now each person (a verified phone, whichever of its accounts asks) may add so
// many products and stores in 24 hours, fewer while on probation; past that a French 429, and
// nothing of the refused request is saved.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_LIMITS } from '#contract/constants';
import { fr } from '#contract/messages';
import { queryRows } from '../../platform/sql-rows';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext, trustedUser } from '../../test/harness';

let ctx: TestContext;
let made = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newProduct = (who: SignedIn) =>
  ctx.app.inject({ method: 'POST', url: '/api/products', headers: bearer(who.access_token), payload: { name: `Produit de quota ${++made}`, category: 'Épicerie' } });
const quickAdd = (who: SignedIn) =>
  ctx.app.inject({ method: 'POST', url: '/api/products/quick-add', headers: bearer(who.access_token), payload: { name: `Ajout rapide ${++made}`, category: 'Épicerie' } });
const newStore = (who: SignedIn) =>
  ctx.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(who.access_token), payload: { name: `Boutique de quota ${++made}`, latitude: 0.39 + made / 1000, longitude: 9.45 } });
const productsBy = async (userId: string) => (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from products where created_by = ${userId}`))[0].n;

describe('products', () => {
  it('a newcomer adds 10 in 24 hours, quick-adds included, then gets a French 429 and nothing more is saved', async () => {
    const newcomer = await registerUser(ctx.app);
    const max = CATALOGUE_LIMITS.products.perDayOnProbation;
    for (let i = 0; i < max; i++) expect((await (i % 2 ? quickAdd(newcomer) : newProduct(newcomer))).statusCode).toBe(201);
    for (const refused of [await newProduct(newcomer), await quickAdd(newcomer)]) {
      expect(refused.statusCode).toBe(429);
      expect(detailOf(refused)).toBe(fr.products.tooManyToday(max));
    }
    expect(await productsBy(newcomer.user.id)).toBe(max);
    // A quick-add of a product that exists creates nothing, so it is still answered.
    const existing = await ctx.app.inject({ method: 'POST', url: '/api/products/quick-add', headers: bearer(newcomer.access_token), payload: { name: 'Croissant', category: 'Boulangerie' } });
    expect(existing.statusCode).toBe(200);
  });

  it('counts the person, not the account: a second account on the same phone shares the quota', async () => {
    const first = await registerUser(ctx.app, { phone: '+241 66 77 88 01' });
    const second = await registerUser(ctx.app, { phone: '+241 66 77 88 01' });
    const max = CATALOGUE_LIMITS.products.perDayOnProbation;
    for (let i = 0; i < max; i++) expect((await newProduct(i % 2 ? first : second)).statusCode).toBe(201);
    expect((await newProduct(first)).statusCode).toBe(429);
    expect((await newProduct(second)).statusCode).toBe(429);
  });

  it('a burst in parallel cannot pass the limit', async () => {
    const newcomer = await registerUser(ctx.app);
    const answers = await Promise.all(Array.from({ length: 25 }, () => newProduct(newcomer)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(CATALOGUE_LIMITS.products.perDayOnProbation);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25 - CATALOGUE_LIMITS.products.perDayOnProbation);
  });

  it('an established contributor has more, and a moderator is not limited', async () => {
    const established = await trustedUser(ctx);
    for (let i = 0; i < CATALOGUE_LIMITS.products.perDayOnProbation + 1; i++) expect((await newProduct(established)).statusCode).toBe(201);
    const moderator = await loginDemo(ctx.app, 'moderator');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: bearer(moderator.access_token), payload: { name: `Produit du modérateur ${++made}`, category: 'Épicerie' } });
    expect(res.statusCode).not.toBe(429);
  });
});

describe('stores', () => {
  it('a newcomer adds 3 stores in 24 hours, then a French 429; finding an existing store is still answered', async () => {
    const newcomer = await registerUser(ctx.app);
    const max = CATALOGUE_LIMITS.stores.perDayOnProbation;
    const created = [];
    for (let i = 0; i < max; i++) {
      const res = await newStore(newcomer);
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json() as { name: string; latitude: number; longitude: number });
    }
    const refused = await newStore(newcomer);
    expect(refused.statusCode).toBe(429);
    expect(detailOf(refused)).toBe(fr.stores.tooManyToday(max));
    const again = await ctx.app.inject({ method: 'POST', url: '/api/stores', headers: bearer(newcomer.access_token), payload: { name: created[0].name, latitude: created[0].latitude, longitude: created[0].longitude } });
    expect(again.statusCode).toBe(200);
  });
});
