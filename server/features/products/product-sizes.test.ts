// A product's size and pack as the API shows them (issue 28, item 6: the part of a name that tells
// two products apart, shown as its own badge) and as moderators correct them (item 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSuggestion } from '#contract/lists';
import type { Product, ProductDetail } from '#contract/products';
import { bearer, createTestContext, registerUser, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const search = async (q: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(q)}&limit=50` })).json() as Product[];

describe('the size a product shows', () => {
  it('the three Cuisin’Or oils carry their own size, in the catalogue, the product page and the list builder', async () => {
    const oils = (await search("huile cuisin'or")).filter((p) => p.name.startsWith("Huile de palme raffinée Cuisin'Or"));
    expect(oils.map((p) => p.size).sort((a, b) => a!.value - b!.value)).toEqual([
      { value: 900, unit: 'mL' },
      { value: 2000, unit: 'mL' },
      { value: 5000, unit: 'mL' },
    ]);
    for (const oil of oils) expect(oil.pack_count).toBeNull();
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/products/${oils[0].id}` })).json() as ProductDetail;
    expect(detail.size).toEqual(oils[0].size);

    const alice = await registerUser(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/product-search?search=${encodeURIComponent('huile cuisin')}`, headers: bearer(alice.access_token) });
    expect(res.statusCode).toBe(200);
    const suggested = (res.json() as { products: ProductSuggestion[] }).products.filter((p) => p.name.startsWith("Huile de palme raffinée Cuisin'Or"));
    expect(new Set(suggested.map((p) => p.size?.value))).toEqual(new Set([900, 2000, 5000]));
  });

  it('a pack says how many it holds; a product of unknown size has none', async () => {
    const [water] = (await search('Eau minérale Andza, pack 6 × 1,5 L')).filter((p) => p.name === 'Eau minérale Andza, pack 6 × 1,5 L');
    expect(water.size).toEqual({ value: 1500, unit: 'mL' });
    expect(water.pack_count).toBe(6);
    const [loose] = (await search('Riz blanc ordinaire')).filter((p) => p.name === 'Riz blanc ordinaire (au kg, vrac)');
    expect(loose.size).toBeNull();
  });
});
