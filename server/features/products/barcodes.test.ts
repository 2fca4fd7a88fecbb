// Barcodes in the catalogue: checked by their check digit, one product per barcode, found by search
// and by GET /api/products/by-barcode/{code}, attached by the scanner under the moderation rules.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import type { AttachBarcodeResponse } from '#contract/barcodes';
import type { ProductSuggestion } from '#contract/moderation';
import type { Product, ProductDetail } from '#contract/products';
import type { ProductSuggestion as ListProductSuggestion } from '#contract/lists';
import { products, stores } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, trustedUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await trustedUser(ctx);
  bob = await trustedUser(ctx);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_ACCOUNTS.moderator });
  expect(res.statusCode, res.body).toBe(200);
  moderator = res.json();
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
const create = async (who: SignedIn, payload: object) => {
  const res = await call(who, 'POST', '/api/products', { name: `Produit ${Math.random().toString(36).slice(2, 8)}`, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as ProductDetail;
};
const pendingSuggestions = async () =>
  ((await call(moderator, 'GET', '/api/admin/product-suggestions?status=pending&limit=100')).json() as { items: ProductSuggestion[] }).items;

describe('a product form with a barcode', () => {
  it('keeps the barcode in its canonical form (spaces, dashes and the 0 of a UPC-A as EAN-13 dropped)', async () => {
    expect((await create(alice, { barcode: ' 3017620-422003 ' })).barcode).toBe('3017620422003');
    expect((await create(alice, { barcode: '0036000291452' })).barcode).toBe('036000291452');
    expect((await create(alice, { barcode: '96385074' })).barcode).toBe('96385074');
  });

  it.each([
    ['3017620422004', 'a wrong check digit'],
    ['54490000O0996', 'a letter'],
    ['12345', 'too short'],
    ['123456789012345678', 'too long'],
  ])('refuses %s (%s) with a French 400', async (barcode) => {
    const res = await call(alice, 'POST', '/api/products', { name: 'Code faux', barcode });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(fr.barcodes.invalid);
    expect(detailOf(res)).toBe('Code-barres invalide : vérifiez les chiffres (EAN-13, EAN-8 ou UPC)');
  });

  it('refuses a bad barcode in an edit too, and a blank one clears it', async () => {
    const product = await create(alice, { barcode: '5000112637922' });
    const bad = await call(alice, 'PUT', `/api/products/${product.id}`, { name: product.name, barcode: '5000112637923' });
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe(fr.barcodes.invalid);
    const cleared = await call(alice, 'PUT', `/api/products/${product.id}`, { name: product.name, barcode: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().product.barcode).toBeNull();
  });

  it('gives one product per barcode: a clash is a French 409 naming the product that has it', async () => {
    const first = await create(alice, { barcode: '5449000000996' });
    for (const written of ['5449000000996', '05449000000996', '5449 0000 0099 6']) {
      const res = await call(bob, 'POST', '/api/products', { name: 'Autre soda', barcode: written });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'Ce code-barres appartient déjà à un autre produit', code: 'BARCODE_TAKEN', product_id: first.id });
    }
    // By an edit of the owner, and by a stranger's suggestion: refused before reaching a moderator.
    const other = await create(alice, {});
    const edit = await call(alice, 'PUT', `/api/products/${other.id}`, { name: other.name, barcode: '5449000000996' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().product_id).toBe(first.id);
    const suggestion = await call(bob, 'PUT', `/api/products/${other.id}`, { name: other.name, barcode: '5449000000996' });
    expect(suggestion.statusCode).toBe(409);
    // Saving a product with its own barcode is no clash.
    const same = await call(alice, 'PUT', `/api/products/${first.id}`, { name: first.name, barcode: '5449000000996', description: 'Canette 33 cl' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('holds one product per barcode in the database as well', async () => {
    const first = await create(alice, { barcode: '8076809513753' });
    const second = await create(alice, {});
    await expect(ctx.db.update(products).set({ barcode: '8076809513753' }).where(eq(products.id, second.id))).rejects.toThrow();
    const [row] = await ctx.db.select({ barcode: products.barcode }).from(products).where(eq(products.id, first.id));
    expect(row.barcode).toBe('8076809513753');
  });
});

describe('finding a product by its barcode', () => {
  let nutella: ProductDetail;
  let storeId: string;
  beforeAll(async () => {
    [{ id: storeId }] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Géant CKdo'));
    nutella = await create(alice, { name: 'Pâte à tartiner noisettes', brand: 'Nutella', barcode: '3017620425035', shop_id: storeId, price: 4500 });
  });

  it('GET /api/products/by-barcode/{code}: the product, whoever asks, however the code is written', async () => {
    for (const code of ['3017620425035', '03017620425035', '3017620-425035']) {
      const res = await call(null, 'GET', `/api/products/by-barcode/${encodeURIComponent(code)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: nutella.id, name: 'Pâte à tartiner noisettes', barcode: '3017620425035', price: 4500 });
    }
  });

  it('answers a French 404 for an unknown barcode and a French 400 for a bad one', async () => {
    const unknown = await call(null, 'GET', '/api/products/by-barcode/4006381333931');
    expect(unknown.statusCode).toBe(404);
    expect(detailOf(unknown)).toBe(fr.barcodes.notFound);
    const bad = await call(null, 'GET', '/api/products/by-barcode/4006381333932');
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe(fr.barcodes.invalid);
  });

  it('the catalogue search finds it by barcode first', async () => {
    const res = await call(null, 'GET', '/api/products?search=3017620425035');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Product[]).map((p) => p.id)).toEqual([nutella.id]);
    expect(res.headers['x-total-count']).toBe('1');
    // Words still search names.
    expect((((await call(null, 'GET', '/api/products?search=tartiner')).json()) as Product[]).map((p) => p.id)).toContain(nutella.id);
  });

  it('the list editor search and the priced products search find it too', async () => {
    const res = await call(alice, 'GET', '/api/shopping-lists/product-search?search=3017620425035');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().products as ListProductSuggestion[])[0]?.id).toBe(nutella.id);
    for (const url of ['/api/products-with-prices?search=3017620425035', `/api/products-with-prices?search=3017620425035&store_id=${storeId}`]) {
      const priced = await call(alice, 'GET', url);
      expect(priced.statusCode, priced.body).toBe(200);
      expect((priced.json().products as Product[]).map((p) => p.id)).toEqual([nutella.id]);
    }
  });
});

describe('POST /api/products/{id}/barcode (the scanner)', () => {
  it('needs a signed-in account (401), a consumer or a moderator (403 for an agent)', async () => {
    const product = await create(alice, {});
    const res = await call(null, 'POST', `/api/products/${product.id}/barcode`, { barcode: '4006381333931' });
    expect(res.statusCode).toBe(401);
    expect(detailOf(res)).toBe(fr.auth.sessionRequired);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await call(agent, 'POST', `/api/products/${product.id}/barcode`, { barcode: '4006381333931' })).statusCode).toBe(403);
  });

  it('applies at once for the product’s creator when it has no barcode', async () => {
    const product = await create(alice, {});
    const res = await call(alice, 'POST', `/api/products/${product.id}/barcode`, { barcode: '4006381333931' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: fr.barcodes.attached,
      product_id: product.id,
      barcode: '4006381333931',
      pending_review: false,
      suggestion_id: null,
    } satisfies AttachBarcodeResponse);
    expect((await call(null, 'GET', '/api/products/by-barcode/4006381333931')).json().id).toBe(product.id);
    // Again: nothing to do.
    expect((await call(alice, 'POST', `/api/products/${product.id}/barcode`, { barcode: '4006381333931' })).statusCode).toBe(200);
  });

  it('applies at once for a moderator on any product without a barcode', async () => {
    const product = await create(alice, {});
    const res = await call(moderator, 'POST', `/api/products/${product.id}/barcode`, { barcode: '4011200296908' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(null, 'GET', `/api/products/${product.id}`)).json().barcode).toBe('4011200296908');
  });

  it('from someone else, waits for a moderator (202, product unchanged); the moderator applies it', async () => {
    const product = await create(alice, {});
    const res = await call(bob, 'POST', `/api/products/${product.id}/barcode`, { barcode: '7622210449283' });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as AttachBarcodeResponse;
    expect(body).toMatchObject({ success: true, message: fr.moderation.suggestionSent, pending_review: true, barcode: '7622210449283' });
    expect((await call(null, 'GET', `/api/products/${product.id}`)).json().barcode).toBeNull();
    expect((await call(null, 'GET', '/api/products/by-barcode/7622210449283')).statusCode).toBe(404);

    const suggestion = (await pendingSuggestions()).find((s) => s.id === body.suggestion_id);
    expect(suggestion?.changes).toEqual({ barcode: { before: null, after: '7622210449283' } });
    const applied = await call(moderator, 'POST', `/api/admin/product-suggestions/${body.suggestion_id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await call(null, 'GET', '/api/products/by-barcode/7622210449283')).json().id).toBe(product.id);
  });

  it('a product that has a barcode already: even its creator goes through a moderator', async () => {
    const product = await create(alice, { barcode: '5000159484695' });
    const res = await call(alice, 'POST', `/api/products/${product.id}/barcode`, { barcode: '5000159461122' });
    expect(res.statusCode, res.body).toBe(202);
    expect((await call(null, 'GET', `/api/products/${product.id}`)).json().barcode).toBe('5000159484695');
  });

  it('the same rules through the edit form: a stranger’s barcode is a suggestion', async () => {
    const product = await create(alice, {});
    const res = await call(bob, 'PUT', `/api/products/${product.id}`, { name: product.name, barcode: '8710398503961' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ pending_review: true, message: fr.moderation.suggestionSent });
    expect((await call(null, 'GET', `/api/products/${product.id}`)).json().barcode).toBeNull();
  });

  it('refuses a bad check digit (400), an unknown product (404) and a barcode another product carries (409)', async () => {
    const product = await create(alice, {});
    const bad = await call(alice, 'POST', `/api/products/${product.id}/barcode`, { barcode: '4006381333932' });
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe(fr.barcodes.invalid);
    const unknown = await call(alice, 'POST', '/api/products/00000000-0000-4000-8000-000000000000/barcode', { barcode: '4006381333931' });
    expect(unknown.statusCode).toBe(404);
    const holder = await create(bob, { barcode: '3045140105502' });
    const clash = await call(alice, 'POST', `/api/products/${product.id}/barcode`, { barcode: '3045140105502' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ detail: fr.barcodes.taken, code: 'BARCODE_TAKEN', product_id: holder.id });
  });

  it('a suggestion whose barcode went to another product meanwhile is refused at apply time (409, nothing changed)', async () => {
    const target = await create(alice, {});
    const res = await call(bob, 'POST', `/api/products/${target.id}/barcode`, { barcode: '8000500310427' });
    expect(res.statusCode).toBe(202);
    const taker = await create(alice, { barcode: '8000500310427' });
    const applied = await call(moderator, 'POST', `/api/admin/product-suggestions/${res.json().suggestion_id}/apply`, {});
    expect(applied.statusCode).toBe(409);
    expect(applied.json()).toMatchObject({ code: 'BARCODE_TAKEN', product_id: taker.id });
    expect((await call(null, 'GET', `/api/products/${target.id}`)).json().barcode).toBeNull();
  });
});
