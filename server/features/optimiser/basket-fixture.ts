// Test data with known answers: three stores around a user and five products whose prices make
// the best-prices plan use two far stores while the nearest store is dearer and lacks one item.
//   product  near (A)  cheap (B)  far (C)
//   p1 ×2     1500       800        900
//   p2        2500      1000         -
//   p3         600        -         300
//   p4          -         -          -      (no price anywhere)
//   p5          -         -         700
// Best prices (≤ 3 stores): {B, C} = 1600 + 1000 + 300 + 700 + 2 × 2000 = 7600.
// Nearest store A (≈ 0.16 km): 3000 + 2500 + 600 + 2000 = 8100, p5 unavailable there.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { currentPrices, products, stores } from '../../db/schema';

export const USER_POSITION = { latitude: 0.4, longitude: 9.45 };

export type BasketFixture = {
  stores: { near: string; cheap: string; far: string };
  storeNames: { near: string; cheap: string; far: string };
  products: { p1: string; p2: string; p3: string; p4: string; p5: string };
  productNames: { p1: string; p2: string; p3: string; p4: string; p5: string };
};

export async function insertBasketFixture(db: Db): Promise<BasketFixture> {
  const tag = randomUUID().slice(0, 6);
  const storeNames = { near: `Épicerie Proche ${tag}`, cheap: `Hyper Moins Cher ${tag}`, far: `Marché Lointain ${tag}` };
  const [near, cheap, far] = await db
    .insert(stores)
    .values([
      { name: storeNames.near, address: 'Rue 1', latitude: 0.401, longitude: 9.451, source: 'user' },
      { name: storeNames.cheap, address: 'Rue 2', latitude: 0.445, longitude: 9.45, source: 'user' },
      { name: storeNames.far, address: 'Rue 3', latitude: 0.49, longitude: 9.45, source: 'user' },
    ])
    .returning({ id: stores.id });
  const productNames = { p1: `Riz test ${tag}`, p2: `Huile test ${tag}`, p3: `Tomate test ${tag}`, p4: `Safran test ${tag}`, p5: `Manioc test ${tag}` };
  const rows = await db
    .insert(products)
    .values(Object.values(productNames).map((name) => ({ name, category: 'Épicerie' })))
    .returning({ id: products.id });
  const [p1, p2, p3, p4, p5] = rows.map((r) => r.id);
  const observedAt = new Date();
  const price = (productId: string, storeId: string, priceXaf: number) => ({ productId, storeId, priceXaf, observedAt });
  await db.insert(currentPrices).values([
    price(p1, near.id, 1500),
    price(p1, cheap.id, 800),
    price(p1, far.id, 900),
    price(p2, near.id, 2500),
    price(p2, cheap.id, 1000),
    price(p3, near.id, 600),
    price(p3, far.id, 300),
    price(p5, far.id, 700),
  ]);
  return { stores: { near: near.id, cheap: cheap.id, far: far.id }, storeNames, products: { p1, p2, p3, p4, p5 }, productNames };
}

/** The optimise request for the whole fixture basket, p1 twice over. */
export function fixtureItems(f: BasketFixture) {
  return [
    { product_id: f.products.p1, product_name: f.productNames.p1, quantity: 2 },
    { product_id: f.products.p2, product_name: f.productNames.p2, quantity: 1 },
    { product_id: f.products.p3, product_name: f.productNames.p3, quantity: 1 },
    { product_id: f.products.p4, product_name: f.productNames.p4, quantity: 1 },
    { product_id: f.products.p5, product_name: f.productNames.p5, quantity: 1 },
  ];
}
