// Issue 28, item 3: popularity breaks ties between equally good matches — counted in people
// (verified phones), so one account's many lists, or accounts without a phone, do not bend it.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { refreshPopularity } from './product-popularity';

let ctx: TestContext;
let first: string;
let second: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db
    .insert(products)
    .values([
      { name: 'Zébulon noir, paquet', category: 'Épicerie', unit: 'pièce' },
      { name: 'Zébulon blanc, paquet', category: 'Épicerie', unit: 'pièce' },
    ])
    .returning({ id: products.id, name: products.name });
  first = rows.find((r) => r.name.includes('blanc'))!.id;
  second = rows.find((r) => r.name.includes('noir'))!.id;
});
afterAll(() => ctx.close());

const search = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/products?search=zebulon' })).json() as { id: string }[]).map((p) => p.id);
const listWith = async (who: SignedIn, productId: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: bearer(who.access_token), payload: { name: 'Courses', items: [{ product_id: productId, quantity: 1 }] } });
  expect(res.statusCode, res.body).toBe(201);
};

describe('popularity', () => {
  it('puts the product more people list first among equal matches, counted once per person', async () => {
    // Equal matches: the name order decides (« blanc » before « noir »).
    expect(await search()).toEqual([first, second]);
    const keen = await registerUser(ctx.app);
    for (let i = 0; i < 4; i++) await listWith(keen, first);
    const others = [await registerUser(ctx.app), await registerUser(ctx.app)];
    for (const who of others) await listWith(who, second);
    expect(await refreshPopularity(ctx.db)).toBeGreaterThan(0);
    const counted = await ctx.db.select({ id: products.id, popularity: products.popularity }).from(products).where(inArray(products.id, [first, second]));
    expect(Object.fromEntries(counted.map((r) => [r.id, r.popularity]))).toEqual({ [first]: 1, [second]: 2 });
    expect(await search()).toEqual([second, first]);
    // Nothing changed: nothing written, the caches kept.
    expect(await refreshPopularity(ctx.db)).toBe(0);
  });

  it('does not count accounts without a verified phone', async () => {
    const burst = [await registerUser(ctx.app), await registerUser(ctx.app), await registerUser(ctx.app)];
    for (const who of burst) await listWith(who, first);
    await ctx.db.update(users).set({ personId: null }).where(inArray(users.id, burst.map((b) => b.user.id)));
    await refreshPopularity(ctx.db);
    const [row] = await ctx.db.select({ popularity: products.popularity }).from(products).where(eq(products.id, first));
    expect(row.popularity).toBe(1);
    expect(await search()).toEqual([second, first]);
  });
});
