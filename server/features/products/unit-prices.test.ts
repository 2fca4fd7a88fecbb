// Issue 28, item 4: every price of a product whose size is known also says its price per kg, per
// litre or per item of a pack — in the cards and in each store's price of the product page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductDetail } from '#contract/products';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const card = async (name: string) => {
  const found = (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(name)}&limit=50` })).json() as Product[];
  const product = found.find((p) => p.name === name);
  expect(product, name).toBeDefined();
  return product!;
};

describe('unit prices', () => {
  it.each([
    ['Riz parfumé, sac 5 kg', 'kg', 5],
    ["Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", 'L', 0.9],
    ['Eau minérale Andza, pack 6 × 1,5 L', 'L', 9],
    ['Sardines à l\'huile, boîte 125 g', 'kg', 0.125],
  ])('%s: the price per %s, on its card and for each store', async (name, per, quantity) => {
    const product = await card(name);
    expect(product.price).not.toBeNull();
    expect(product.unit_price).toEqual({ amount_xaf: Math.round(product.price! / quantity), per });
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json() as ProductDetail;
    expect(detail.prices.length).toBeGreaterThan(0);
    for (const price of detail.prices) expect(price.unit_price).toEqual({ amount_xaf: Math.round(price.price / quantity), per });
  });

  it('a pack of items without a size is priced per item; a product of unknown size has none', async () => {
    const pack = await card('Crème dessert vanille, pack de 4');
    expect(pack.price).not.toBeNull();
    expect(pack.unit_price).toEqual({ amount_xaf: Math.round(pack.price! / 4), per: 'unité' });
    const loose = await card('Riz blanc ordinaire (au kg, vrac)');
    expect(loose.unit_price).toBeNull();
  });

  it.each(['huile', 'eau', 'lait', 'riz'])('« %s » sorted by unit price: cheapest per kg or L first, then per item, then the rest', async (search) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products?search=${search}&sort=unit_price&limit=50` });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json() as Product[];
    const rank = (p: Product) => (!p.unit_price ? 2 : p.unit_price.per === 'unité' ? 1 : 0);
    expect(found.map(rank)).toEqual([...found.map(rank)].sort());
    const measured = found.filter((p) => rank(p) === 0).map((p) => p.unit_price!.amount_xaf);
    expect(measured.length).toBeGreaterThan(1);
    // Rounded per kg or L: equal or rising.
    measured.forEach((amount, i) => i > 0 && expect(amount).toBeGreaterThanOrEqual(measured[i - 1] - 1));
    // The same products as by relevance, in another order.
    const relevance = ((await ctx.app.inject({ method: 'GET', url: `/api/products?search=${search}&limit=50` })).json() as Product[]).map((p) => p.id);
    expect([...found.map((p) => p.id)].sort()).toEqual([...relevance].sort());
  });

  it('browsing sorted by unit price; a sort that does not exist is refused', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products?sort=unit_price&limit=5' })).statusCode).toBe(200);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/products?sort=prix' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});
