// One list of categories (issue 28, item 7): a product is saved only in a category of the catalogue
// (the filter's), a name of the spec's add dialog is filed in the one it maps onto, anything else is
// a French 400; a product saved in a category from before (no longer listed) is still shown.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import type { Product, ProductDetail, ProductMutationResponse } from '#contract/products';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { products } from '../../db/schema';
import { bearer, createTestContext, detailOf, trustedUser, type SignedIn, type TestContext } from '../../test/harness';
import { catalogueChanged } from './catalogue-cache';

let ctx: TestContext;
let alice: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await trustedUser(ctx);
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) => ctx.app.inject({ method, url, payload, headers: bearer(alice.access_token) });
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

describe('a product’s category', () => {
  it('is one of the catalogue’s, as the form sends it', async () => {
    const res = await send('POST', '/api/products', { name: unique('Piment oiseau'), category: 'Fruits et légumes', unit: 'sachet' });
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json() as ProductMutationResponse;
    expect([product.category, product.unit]).toEqual(['Fruits et légumes', 'sachet']);
  });

  it('given as a name of the spec’s add dialog, is filed in the catalogue category it maps onto', async () => {
    const res = await send('POST', '/api/products', { name: unique('Farine de blé'), category: 'Alimentation', unit: 'paquet' });
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json() as ProductMutationResponse;
    expect([product.category, product.unit]).toEqual(['Épicerie', 'pack']);
    // The catalogue filter finds it there.
    const filtered = (await ctx.app.inject({ method: 'GET', url: `/api/products?category=${encodeURIComponent('Épicerie')}&search=${encodeURIComponent(product.name)}` })).json() as Product[];
    expect(filtered.map((p) => p.id)).toContain(product.id);
  });

  it('outside the list is refused with a French 400, on creation, edit and quick add; so is an unknown unit', async () => {
    const created = await send('POST', '/api/products', { name: unique('Fer à repasser'), category: 'Électroménager' });
    expect(created.statusCode).toBe(400);
    expect(detailOf(created)).toBe(fr.products.categoryInvalid);
    const quick = await send('POST', '/api/products/quick-add', { name: unique('Mixeur'), category: 'Électroménager' });
    expect(quick.statusCode).toBe(400);
    expect(detailOf(quick)).toBe(fr.products.categoryInvalid);
    const unit = await send('POST', '/api/products', { name: unique('Sable'), unit: 'tonne' });
    expect(unit.statusCode).toBe(400);
    expect(detailOf(unit)).toBe(fr.products.unitInvalid);
    const number = await send('POST', '/api/products', { name: unique('Sable'), category: 12 });
    expect(number.statusCode).toBe(400);
    expect(detailOf(number)).toBe(fr.products.categoryInvalid);

    const mine = (await send('POST', '/api/products', { name: unique('Tabouret'), category: 'Divers' })).json() as ProductMutationResponse;
    const edited = await send('PUT', `/api/products/${mine.product.id}`, { name: mine.product.name, category: 'Meubles' });
    expect(edited.statusCode).toBe(400);
    expect(detailOf(edited)).toBe(fr.products.categoryInvalid);
    const [row] = await ctx.db.select({ category: products.category }).from(products).where(eq(products.id, mine.product.id));
    expect(row.category).toBe('Divers');
  });
});

describe('a product saved in a category the catalogue no longer lists', () => {
  it('is still shown in the catalogue and on its page, and keeps its category through an edit that leaves it out', async () => {
    const name = unique('Ventilateur de table');
    const mine = (await send('POST', '/api/products', { name, category: 'Divers' })).json() as ProductMutationResponse;
    await ctx.db.update(products).set({ category: 'Électroménager' }).where(eq(products.id, mine.product.id));
    await catalogueChanged(ctx.db);

    const found = (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(name)}` })).json() as Product[];
    expect(found.map((p) => [p.id, p.category])).toEqual([[mine.product.id, 'Électroménager']]);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${mine.product.id}` });
    expect(page.statusCode).toBe(200);
    expect((page.json() as ProductDetail).category).toBe('Électroménager');

    // The edit form leaves an unchanged, unlisted category out (ProductFormDialog): the rest is saved.
    const edited = await send('PUT', `/api/products/${mine.product.id}`, { name, description: 'Trois vitesses' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as ProductMutationResponse).product).toMatchObject({ category: 'Électroménager', description: 'Trois vitesses' });
  });

  it('is filed in the catalogue’s category by migration 0017 when it was saved under a name of the add dialog', async () => {
    const name = unique('Biscuits secs');
    const mine = (await send('POST', '/api/products', { name, category: 'Épicerie', unit: 'pièce' })).json() as ProductMutationResponse;
    await ctx.db.update(products).set({ category: 'Alimentation', unit: 'litre' }).where(eq(products.id, mine.product.id));
    const migration = await readFile(path.join(MIGRATIONS_DIR, '0017_catalogue_categories.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await ctx.db.execute(sql.raw(statement));
    const [row] = await ctx.db.select({ category: products.category, unit: products.unit }).from(products).where(eq(products.id, mine.product.id));
    expect(row).toEqual({ category: 'Épicerie', unit: 'L' });
  });
});
