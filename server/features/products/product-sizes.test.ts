// A product's size and pack as the API shows them (issue 28, item 6: the part of a name that tells
// two products apart, shown as its own badge) and as moderators correct them (item 2).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSuggestion } from '#contract/lists';
import { fr } from '#contract/messages';
import type { ProductRevision } from '#contract/moderation';
import type { Product, ProductDetail, ProductMutationResponse } from '#contract/products';
import { appSettings, products } from '../../db/schema';
import { bearer, createTestContext, detailOf, realModerator, registerUser, trustedUser, type SignedIn, type TestContext } from '../../test/harness';
import { adoptProductSizes } from './product-sizes';

let ctx: TestContext;
let moderator: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
  alice = await trustedUser(ctx);
  bob = await trustedUser(ctx);
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

// ---------------------------------------------------------------- moderators correct sizes (item 2)

const setSize = (id: string, body: object, who = moderator) => ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/size`, payload: body, headers: bearer(who.access_token) });
const detail = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetail;
const revisions = async (id: string) =>
  ((await ctx.app.inject({ method: 'GET', url: `/api/admin/products/${id}/revisions`, headers: bearer(moderator.access_token) })).json() as { revisions: ProductRevision[] }).revisions;
const edit = (id: string, body: object, who = alice) => ctx.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: body, headers: bearer(who.access_token) });
async function aliceProduct(name: string): Promise<ProductDetail> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: { name, category: 'Boissons' }, headers: bearer(alice.access_token) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ProductMutationResponse).product;
}
const unique = () => Math.random().toString(36).slice(2, 7);

describe('a moderator corrects a product’s size and pack', () => {
  it('sets them by hand: the product, its unit price and its history say so', async () => {
    const [oil] = (await search("Huile de palme raffinée Cuisin'Or, bouteille 0,9 L")).filter((p) => p.name === "Huile de palme raffinée Cuisin'Or, bouteille 0,9 L");
    const res = await setSize(oil.id, { size_value: 1000, size_unit: 'mL', pack_count: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: fr.adminUi.sizeSaved });
    const after = await detail(oil.id);
    expect(after.size).toEqual({ value: 1000, unit: 'mL' });
    expect(after.unit_price).toEqual({ amount_xaf: after.price, per: 'L' });
    const [last] = await revisions(oil.id);
    expect(last.kind).toBe('edited');
    expect(last.changes).toEqual({ size: { before: { value: 900, unit: 'mL' }, after: { value: 1000, unit: 'mL' } }, size_by_moderator: { before: false, after: true } });
    expect(last.snapshot).toMatchObject({ size: { value: 1000, unit: 'mL' }, pack_count: null, size_by_moderator: true });
    // The same correction again changes nothing and writes nothing.
    const count = (await revisions(oil.id)).length;
    expect((await setSize(oil.id, { size_value: 1000, size_unit: 'mL', pack_count: null })).statusCode).toBe(200);
    expect((await revisions(oil.id)).length).toBe(count);
  });

  it('a later change of the name keeps a size set by hand; « from the name » makes it follow the name again', async () => {
    const product = await aliceProduct(`Jus d'ananas ${unique()}, bouteille 1 L`);
    expect(product.size).toEqual({ value: 1000, unit: 'mL' });
    // Not set by hand: a new name brings its size.
    const renamed = await edit(product.id, { name: product.name.replace('1 L', '2 L') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as ProductMutationResponse).product.size).toEqual({ value: 2000, unit: 'mL' });

    expect((await setSize(product.id, { size_value: 1500, size_unit: 'mL', pack_count: 6 })).statusCode).toBe(200);
    const again = await edit(product.id, { name: product.name.replace('1 L', '33 cl') });
    expect(again.statusCode, again.body).toBe(200);
    const kept = (again.json() as ProductMutationResponse).product;
    expect(kept.name).toContain('33 cl');
    expect([kept.size, kept.pack_count]).toEqual([{ value: 1500, unit: 'mL' }, 6]);

    expect((await setSize(product.id, { from_name: true })).statusCode).toBe(200);
    expect([(await detail(product.id)).size, (await detail(product.id)).pack_count]).toEqual([{ value: 330, unit: 'mL' }, null]);
    const followed = (await edit(product.id, { name: product.name.replace('1 L', '50 cl') })).json() as ProductMutationResponse;
    expect(followed.product.size).toEqual({ value: 500, unit: 'mL' });
  });

  it('clears a size, and a revert brings the corrected size back', async () => {
    const product = await aliceProduct(`Sirop de gingembre ${unique()}, bouteille 75 cl`);
    expect((await setSize(product.id, { size_value: null, size_unit: null, pack_count: null })).statusCode).toBe(200);
    expect((await detail(product.id)).size).toBeNull();
    expect((await detail(product.id)).unit_price).toBeNull();
    const history = await revisions(product.id);
    const created = history.find((r) => r.kind === 'created')!;
    expect(created.snapshot.size).toEqual({ value: 750, unit: 'mL' });
    const back = await ctx.app.inject({ method: 'POST', url: `/api/admin/products/${product.id}/revert`, payload: { revision_id: created.id }, headers: bearer(moderator.access_token) });
    expect(back.statusCode, back.body).toBe(200);
    expect((await detail(product.id)).size).toEqual({ value: 750, unit: 'mL' });
    expect((await revisions(product.id))[0].snapshot.size_by_moderator).toBe(false);
  });

  it('a suggested new name does not replace a size a moderator set meanwhile', async () => {
    const product = await aliceProduct(`Bissap ${unique()}, bouteille 1 L`);
    const suggested = await edit(product.id, { name: product.name.replace('1 L', '2 L') }, bob);
    expect(suggested.statusCode, suggested.body).toBe(202);
    const { suggestion_id } = suggested.json() as ProductMutationResponse;
    expect((await setSize(product.id, { size_value: 1250, size_unit: 'mL', pack_count: null })).statusCode).toBe(200);
    const applied = await ctx.app.inject({ method: 'POST', url: `/api/admin/product-suggestions/${suggestion_id}/apply`, payload: {}, headers: bearer(moderator.access_token) });
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await detail(product.id);
    expect(after.name).toContain('2 L');
    expect(after.size).toEqual({ value: 1250, unit: 'mL' });
  });

  it('keeps a size set by hand when the catalogue reads every name again', async () => {
    const product = await aliceProduct(`Eau de coco ${unique()}, bouteille 1 L`);
    expect((await setSize(product.id, { size_value: 330, size_unit: 'mL', pack_count: 4 })).statusCode).toBe(200);
    await ctx.db.delete(appSettings).where(eq(appSettings.key, 'product_sizes'));
    expect(await adoptProductSizes(ctx.db)).toBeGreaterThan(0);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect([row.sizeValue, row.sizeUnit, row.packCount, row.sizeByModerator]).toEqual([330, 'mL', 4, true]);
  });

  it('refuses a size that is not one, in French', async () => {
    const product = await aliceProduct(`Jus de corossol ${unique()}, bouteille 1 L`);
    const cases: [object, string][] = [
      [{ size_value: -5, size_unit: 'mL' }, fr.moderation.sizeInvalid],
      [{ size_value: 'beaucoup', size_unit: 'mL' }, fr.moderation.sizeInvalid],
      [{ size_value: 500 }, fr.moderation.sizeNeedsUnit],
      [{ size_unit: 'g' }, fr.moderation.sizeNeedsUnit],
      [{ size_value: 2, size_unit: 'kg' }, fr.moderation.sizeUnitInvalid],
      [{ pack_count: 2.5 }, fr.moderation.packInvalid],
      [{ pack_count: 0 }, fr.moderation.packInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await setSize(product.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailOf(res)).toBe(message);
    }
    expect((await setSize('00000000-0000-4000-8000-000000000000', { size_value: 1, size_unit: 'g' })).statusCode).toBe(404);
    expect((await detail(product.id)).size).toEqual({ value: 1000, unit: 'mL' });
  });
});

describe('someone who is not a moderator', () => {
  it('cannot set a size: 403 on the moderators’ route, and the fields of the product form are ignored — for its owner and for anyone else', async () => {
    const product = await aliceProduct(`Jus de goyave ${unique()}, bouteille 1 L`);
    for (const who of [alice, bob]) {
      const res = await setSize(product.id, { size_value: 5000, size_unit: 'mL', pack_count: 12 }, who);
      expect(res.statusCode).toBe(403);
      expect(detailOf(res)).toBe(fr.auth.adminsOnly);
    }
    const own = await edit(product.id, { name: product.name, description: 'Sans sucre ajouté', size_value: 5000, size_unit: 'mL', pack_count: 12, size_by_moderator: true });
    expect(own.statusCode, own.body).toBe(200);
    const other = await edit(product.id, { name: product.name, size_value: 5000, size_unit: 'mL' }, bob);
    expect([200, 202]).toContain(other.statusCode);
    const after = await detail(product.id);
    expect([after.description, after.size, after.pack_count]).toEqual(['Sans sucre ajouté', { value: 1000, unit: 'mL' }, null]);
    const [row] = await ctx.db.select({ by: products.sizeByModerator }).from(products).where(eq(products.id, product.id));
    expect(row.by).toBe(false);
  });
});
