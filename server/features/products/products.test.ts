import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { ProductDetailSchema, ProductPriceSchema, ProductSchema } from '#contract/product-answers';
import { type Product, type ProductDetail, ProductListQuerySchema } from '#contract/products';
import { priceObservations, products, stores } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, trustedUser, type SignedIn, type TestContext } from '../../test/harness';
import { dataUrl, fakeJpegDataUrl, pngBytes, sixMegabytePng } from '../../test/images';
import { setReadCachesBypassed } from '../../platform/read-cache';
import { readProductDetail, readProductDetails } from './catalogue-reads';
import { cataloguePageRead } from './products.service';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let storeId: string;
let otherStoreId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await trustedUser(ctx);
  bob = await trustedUser(ctx);
  const [geant] = await ctx.db.select().from(stores).where(eq(stores.name, 'Géant CKdo'));
  const [score] = await ctx.db.select().from(stores).where(eq(stores.name, 'Supermarché Score Centre-ville'));
  storeId = geant.id;
  otherStoreId = score.id;
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = alice.access_token) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });
const names = (body: Product[]) => body.map((p) => p.name);
const productCount = async () => (await ctx.db.select({ n: count() }).from(products))[0].n;
const createSimple = async (payload: object = {}) => {
  const res = await send('POST', '/api/products', { name: `Produit ${Math.random().toString(36).slice(2, 8)}`, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as ProductDetail;
};

describe('GET /api/products', () => {
  it('lists without a token, sorted by name A-Z with accents ignored, and gives the total in X-Total-Count', async () => {
    const res = await get('/api/products?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Product[];
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(92);
    // Compared on the first two letters: the database's collation decides how spaces and punctuation sort.
    const folded = body.map((p) => p.name.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/œ/gi, 'oe').toLowerCase().slice(0, 2));
    expect(folded).toEqual([...folded].sort());
    expect(folded.indexOf('oe')).toBeGreaterThan(folded.indexOf('ma'));
    expect(body[0]).toMatchObject({ currency: 'XAF', availability: true });
    expect(body[0]).toHaveProperty('price_count');
  });

  it('answers a bad token with 401 (the bearer is optional, not ignored)', async () => {
    const res = await get('/api/products', 'pas-un-jeton');
    expect(res.statusCode).toBe(401);
  });

  it('finds "creme", "CRÈME" and the typo "crme" in names, ignoring accents and case', async () => {
    const creme = names((await get('/api/products?search=creme')).json());
    expect(creme).toEqual(expect.arrayContaining(['Crème fraîche épaisse, pot 20 cl', 'Crème dessert vanille, pack de 4']));
    expect(names((await get(`/api/products?search=${encodeURIComponent('CRÈME')}`)).json())).toEqual(creme);
    const typo = names((await get('/api/products?search=crme')).json());
    expect(typo).toEqual(expect.arrayContaining(['Crème fraîche épaisse, pot 20 cl', 'Crème dessert vanille, pack de 4']));
  });

  it('ranks a search best match first: "huille" shows the oils on page 1, "rizz" the rice first, "creme" finds "Crème"', async () => {
    // Page 1 of the catalogue (6 cards): the typo matches beers ("bouteille") too, but after the oils.
    const huille = names((await get('/api/products?search=huille&limit=6')).json());
    expect(huille.slice(0, 4).every((name) => name.startsWith('Huile '))).toBe(true);
    expect(huille[4]).toBe("Sardines à l'huile, boîte 125 g");
    expect(huille.filter((name) => name.startsWith('Bière'))).toEqual([]);
    const rizz = names((await get('/api/products?search=rizz&limit=6')).json());
    expect(rizz[0]).toMatch(/^Riz /);
    expect(rizz.slice(0, 3).every((name) => name.startsWith('Riz '))).toBe(true);
    expect(rizz.indexOf('Fromage fondu, boîte 8 portions')).not.toBe(0);
    // Exact matches too: the names that start with the words come first.
    const creme = names((await get('/api/products?search=creme&limit=6')).json());
    expect(creme.slice(0, 2).sort()).toEqual(['Crème dessert vanille, pack de 4', 'Crème fraîche épaisse, pot 20 cl']);
    const huile = names((await get('/api/products?search=huile')).json());
    expect(huile.indexOf("Sardines à l'huile, boîte 125 g")).toBeGreaterThan(huile.lastIndexOf('Huile végétale Lissoir, 1 L'));
  });

  it('keeps the order asked for while searching: name A-Z or most recent', async () => {
    const byName = names((await get('/api/products?search=huille&sort=name')).json());
    expect(byName.length).toBeGreaterThan(4);
    const initials = byName.map((name) => name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().slice(0, 2));
    expect(initials).toEqual([...initials].sort());
    const relevance = (await get('/api/products?search=huille&sort=relevance')).json() as Product[];
    expect(names(relevance)).toEqual(names((await get('/api/products?search=huille')).json()));
    expect([...names(relevance)].sort()).toEqual([...byName].sort());
    const byRecent = names((await get('/api/products?search=huille&sort=recent')).json());
    expect(byRecent).not.toEqual(byName);
    expect([...byRecent].sort()).toEqual([...byName].sort());
    // Without a search there is nothing to rank: best match first is the name A-Z.
    expect(names((await get('/api/products?sort=relevance&limit=20')).json())).toEqual(names((await get('/api/products?limit=20')).json()));
  });

  it('matches the brand and every word, in any order', async () => {
    expect(names((await get('/api/products?search=president')).json())).toContain('Crème fraîche épaisse, pot 20 cl');
    expect(names((await get(`/api/products?search=${encodeURIComponent('fraîche crème')}`)).json())).toEqual(['Crème fraîche épaisse, pot 20 cl']);
  });

  it.each(["%", "_", "'; drop table products; --", '.*', '(', '[a-z]+', '\\', 'crème%', '^$|'])(
    'treats %j as plain text: no error, no wildcard',
    async (search) => {
      const res = await get(`/api/products?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Product[];
      for (const product of body) expect(product.name.length).toBeGreaterThan(0);
      if (search === '%' || search === '_') expect(body).toEqual([]);
    },
  );

  it('still has its products after a hostile search', async () => {
    expect(await productCount()).toBeGreaterThanOrEqual(92);
  });

  it('filters by category, and sorts by most recent', async () => {
    const dairy = (await get(`/api/products?category=${encodeURIComponent('Produits laitiers')}&limit=100`)).json() as Product[];
    expect(dairy.length).toBe(11);
    expect(dairy.every((p) => p.category === 'Produits laitiers')).toBe(true);
    const fresh = await createSimple({ name: 'Yaourt au bissap', category: 'Produits laitiers' });
    const recent = (await get('/api/products?sort=recent&limit=3')).json() as Product[];
    expect(recent[0].id).toBe(fresh.id);
    expect(new Date(recent[0].created_at).getTime()).toBeGreaterThanOrEqual(new Date(recent[1].created_at).getTime());
  });

  it('pages 6 at a time with the same total on every page', async () => {
    const first = await get('/api/products?limit=6&page=1');
    const second = await get('/api/products?limit=6&page=2');
    expect((first.json() as Product[]).length).toBe(6);
    expect(first.headers['x-total-count']).toBe(second.headers['x-total-count']);
    const overlap = (first.json() as Product[]).filter((p) => (second.json() as Product[]).some((q) => q.id === p.id));
    expect(overlap).toEqual([]);
    const beyond = await get('/api/products?limit=6&page=999&search=creme');
    expect(beyond.json()).toEqual([]);
    expect(Number(beyond.headers['x-total-count'])).toBeGreaterThan(0);
  });

  it('keeps only priced products with has_prices, and shows the cheapest price on each', async () => {
    const unpriced = await createSimple({ name: 'Zébu séché sans prix' });
    const all = (await get(`/api/products?search=${encodeURIComponent('zébu séché')}`)).json() as Product[];
    expect(all.map((p) => p.id)).toContain(unpriced.id);
    expect(all[0]).toMatchObject({ price: null, shop_id: null, price_count: 0 });
    const priced = (await get(`/api/products?search=${encodeURIComponent('zébu séché')}&has_prices=true`)).json() as Product[];
    expect(priced).toEqual([]);
    const [riz] = (await get(`/api/products?search=${encodeURIComponent('riz parfumé 5 kg')}&has_prices=true`)).json() as Product[];
    const detail = (await get(`/api/products/${riz.id}`)).json() as ProductDetail;
    expect(riz.price).toBe(detail.prices[0].price);
    expect(riz.price_count).toBe(detail.prices.length);
  });

  it.each(['limit=0', 'limit=500', 'page=0', 'sort=prix', 'has_prices=peut-etre', `search=${'x'.repeat(101)}`])('refuses %s with 400', async (query) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('GET /api/products/{id}', () => {
  it('gives the price in each store, cheapest first, the first one flagged best', async () => {
    const [creme] = (await get('/api/products?search=creme+fraiche')).json() as Product[];
    const res = await get(`/api/products/${creme.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as ProductDetail;
    expect(detail.prices.length).toBeGreaterThan(1);
    const prices = detail.prices.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(detail.prices.map((p) => p.is_best)).toEqual(detail.prices.map((_, i) => i === 0));
    expect(detail.prices[0]).toHaveProperty('store_name');
    expect(detail.prices[0]).toHaveProperty('store_address');
    expect(detail.price).toBe(prices[0]);
    expect(detail.shop_name).toBe(detail.prices[0].store_name);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'pas-un-identifiant'])('answers 404 in French for %s', async (id) => {
    const res = await get(`/api/products/${id}`);
    expect(res.statusCode).toBe(404);
    expect(detailOf(res)).toBe(fr.products.notFound);
  });
});

describe('POST /api/products', () => {
  it('needs a signed-in consumer', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/products', payload: { name: 'Sans jeton' } })).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    const res = await send('POST', '/api/products', { name: 'Par un livreur' }, agent.access_token);
    expect(res.statusCode).toBe(403);
  });

  it('creates a simple product with its fields, in the Divers category by default', async () => {
    const res = await send('POST', '/api/products', {
      name: '  Manioc en bâtons  ',
      brand: 'Ferme de Ntoum',
      description: 'Bâton de manioc cuit à la vapeur',
      unit: 'pièce',
      barcode: '6001234567899',
      manufacturer_reference: 'MNC-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: fr.products.createdPlain });
    expect(res.json().product).toMatchObject({
      name: 'Manioc en bâtons',
      brand: 'Ferme de Ntoum',
      category: 'Divers',
      unit: 'pièce',
      barcode: '6001234567899',
      manufacturer_reference: 'MNC-01',
      availability: true,
      price: null,
      prices: [],
    });
  });

  it('accepts the categories and units of both spec lists', async () => {
    expect((await send('POST', '/api/products', { name: 'Chargeur', category: 'Électronique', unit: 'cube' })).statusCode).toBe(201);
    expect((await send('POST', '/api/products', { name: 'Lait caillé', category: 'Produits laitiers', unit: 'mL' })).statusCode).toBe(201);
  });

  it.each([
    [{ name: '' }, fr.products.nameRequired],
    [{ name: '   ' }, fr.products.nameRequired],
    [{ brand: 'Sans nom' }, fr.products.nameRequired],
    [{ name: 'Produit', category: 'Voitures' }, fr.products.categoryInvalid],
    [{ name: 'Produit', unit: 'tonne' }, fr.products.unitInvalid],
    [{ name: 'Produit', price: 500 }, fr.products.shopRequiredWithPrice],
    [{ name: 'Produit', shop_id: 'x', price: -5 }, fr.products.shopUnknown],
  ])('refuses %j with its French message', async (payload, message) => {
    const before = await productCount();
    const res = await send('POST', '/api/products', payload);
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
    expect(await productCount()).toBe(before);
  });

  it.each([
    [-5, fr.contribute.priceInvalid],
    [0, fr.contribute.priceInvalid],
    [0.2, fr.contribute.priceInvalid],
    ['abc', fr.contribute.priceInvalid],
    [true, fr.contribute.priceInvalid],
    [1e12, fr.contribute.priceTooHigh],
  ])('refuses the price %j with shop', async (price, message) => {
    const res = await send('POST', '/api/products', { name: 'Produit à prix', shop_id: storeId, price });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
  });

  it('creates with a known shop and a price (rounded to whole francs), which becomes its current price there', async () => {
    const res = await send('POST', '/api/products', { name: 'Attiéké, sachet 1 kg', category: 'Épicerie', shop_id: storeId, price: '1250.6' });
    expect(res.statusCode).toBe(201);
    const product = res.json().product as ProductDetail;
    expect(product.prices).toEqual([expect.objectContaining({ store_id: storeId, price: 1251, is_best: true })]);
    const [observation] = await ctx.db.select().from(priceObservations).where(eq(priceObservations.productId, product.id));
    expect(observation).toMatchObject({ source: 'product_form', status: 'accepted', userId: alice.user.id, priceXaf: 1251 });
  });

  it('creates the shop from a place, and finds it again within 50 m by the same name', async () => {
    const place = { shop_name: 'Épicerie du Rond-Point', shop_address: 'Rond-point de la Démocratie', shop_latitude: 0.4101, shop_longitude: 9.4402 };
    const first = (await send('POST', '/api/products', { name: 'Bâtons de manioc', ...place, price: 300 })).json().product as ProductDetail;
    const second = (
      await send('POST', '/api/products', { name: 'Piment frais', ...place, shop_name: 'EPICERIE du rond-point', shop_latitude: 0.4103, price: 200 })
    ).json().product as ProductDetail;
    expect(first.prices[0].store_id).toBe(second.prices[0].store_id);
    const rows = await ctx.db.select().from(stores).where(eq(stores.name, 'Épicerie du Rond-Point'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'user', createdBy: alice.user.id });
  });

  it('refuses an unknown shop id with 404 and a name that names no known store with 400', async () => {
    const unknown = await send('POST', '/api/products', { name: 'Produit', shop_id: '00000000-0000-4000-8000-000000000000', price: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(detailOf(unknown)).toBe(fr.stores.notFound);
    const nameOnly = await send('POST', '/api/products', { name: 'Produit', shop_name: 'Boutique imaginaire', price: 100 });
    expect(nameOnly.statusCode).toBe(400);
    expect(detailOf(nameOnly)).toBe(fr.products.shopUnknown);
  });
});

describe('product images', () => {
  it('stores the main, gallery and barcode images as WebP display sizes and thumbnails, served with cache headers', async () => {
    const png = await pngBytes(2400, 1600);
    const res = await send('POST', '/api/products', {
      name: 'Savon noir',
      main_image: dataUrl(png),
      gallery_images: [dataUrl(await pngBytes(300, 300)), dataUrl(await pngBytes(500, 200))],
      barcode_image: dataUrl(await pngBytes(400, 120)),
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().product as ProductDetail;
    expect(product.main_image).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
    expect(product.image_url).toBe(product.main_image);
    expect(product.thumbnail_url).toBe(product.main_image!.replace('.webp', '-thumb.webp'));
    expect(product.gallery_images).toHaveLength(2);
    expect(product.images).toEqual(product.gallery_images);
    expect(product.barcode_image).toMatch(/\.webp$/);

    const file = (url: string) => path.join(ctx.uploadsDir, url.replace('/uploads/', ''));
    const display = await sharp(await readFile(file(product.main_image!))).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1024, height: 683 });
    const thumb = await sharp(await readFile(file(product.thumbnail_url!))).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect((await stat(file(product.gallery_thumbnails[0]))).size).toBeGreaterThan(0);

    const served = await ctx.app.inject({ method: 'GET', url: product.main_image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('refuses a text file named .jpg (415), a 6 MB image (413), four gallery images and two main images (400), saving nothing', async () => {
    const before = await productCount();
    const fake = await send('POST', '/api/products', { name: 'Faux', main_image: fakeJpegDataUrl() });
    expect(fake.statusCode).toBe(415);
    expect(detailOf(fake)).toBe(fr.image.unsupported);

    const big = await send('POST', '/api/products', { name: 'Trop lourd', gallery_images: [dataUrl(await sixMegabytePng())] });
    expect(big.statusCode).toBe(413);
    expect(detailOf(big)).toBe(fr.image.productTooLarge);

    const small = dataUrl(await pngBytes(50, 50));
    const four = await send('POST', '/api/products', { name: 'Quatre images', gallery_images: [small, small, small, small] });
    expect(four.statusCode).toBe(400);
    expect(detailOf(four)).toBe(fr.image.galleryMax);

    const twoMain = await send('POST', '/api/products', { name: 'Deux principales', main_image: [small, small] });
    expect(twoMain.statusCode).toBe(400);
    expect(detailOf(twoMain)).toBe(fr.image.onlyOneMain);

    const foreign = await send('POST', '/api/products', { name: 'Image volée', main_image: 'https://exemple.com/photo.jpg' });
    expect(foreign.statusCode).toBe(400);
    expect(detailOf(foreign)).toBe(fr.products.imageInvalid);

    expect(await productCount()).toBe(before);
  });

  it('refuses an unauthenticated upload before reading its body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: { name: 'x', main_image: dataUrl(await sixMegabytePng()) } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/products/{id}', () => {
  it('lets the owner edit their product at once, keeping images it already has and dropping the ones left out', async () => {
    const a = dataUrl(await pngBytes(200, 200));
    const b = dataUrl(await pngBytes(210, 200));
    const created = (await send('POST', '/api/products', { name: 'Gari', main_image: a, gallery_images: [a, b] })).json().product as ProductDetail;
    const res = await send('PUT', `/api/products/${created.id}`, {
      name: 'Gari blanc',
      brand: 'Nkok',
      category: 'Épicerie',
      main_image: created.main_image,
      gallery_images: [created.gallery_images[1]],
      availability: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: fr.products.updated });
    expect(res.json().product).toMatchObject({
      name: 'Gari blanc',
      brand: 'Nkok',
      category: 'Épicerie',
      availability: false,
      main_image: created.main_image,
      gallery_images: [created.gallery_images[1]],
    });
  });

  it("turns another consumer's edit into a suggestion for a moderator and leaves the product as it is", async () => {
    const created = await createSimple({ brand: 'Avant' });
    const res = await send('PUT', `/api/products/${created.id}`, { name: 'Renommé par Bob', brand: 'Après' }, bob.access_token);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ success: true, message: fr.moderation.suggestionSent, pending_review: true });
    expect(res.json().product).toMatchObject({ name: created.name, brand: 'Avant' });
    expect((await get(`/api/products/${created.id}`)).json()).toMatchObject({ name: created.name, brand: 'Avant' });
  });

  it('records a price given with a shop, and refuses a price without a shop', async () => {
    const product = await createSimple();
    const withoutShop = await send('PUT', `/api/products/${product.id}`, { name: product.name, price: 900 });
    expect(withoutShop.statusCode).toBe(400);
    expect(detailOf(withoutShop)).toBe(fr.products.shopRequiredWithPrice);
    const withShop = await send('PUT', `/api/products/${product.id}`, { name: product.name, price: 900, shop_id: otherStoreId });
    expect(withShop.statusCode).toBe(200);
    expect(withShop.json().product.prices).toEqual([expect.objectContaining({ store_id: otherStoreId, price: 900 })]);
  });

  it("refuses another product's image, an unknown product and a missing name", async () => {
    const withImage = (await send('POST', '/api/products', { name: 'Avec image', main_image: dataUrl(await pngBytes(220, 200)) })).json().product as ProductDetail;
    const other = await createSimple();
    const stolen = await send('PUT', `/api/products/${other.id}`, { name: other.name, main_image: withImage.main_image });
    expect(stolen.statusCode).toBe(400);
    expect(detailOf(stolen)).toBe(fr.products.imageInvalid);

    const unknown = await send('PUT', '/api/products/00000000-0000-4000-8000-000000000000', { name: 'Rien' });
    expect(unknown.statusCode).toBe(404);
    expect(detailOf(unknown)).toBe(fr.products.notFound);

    const noName = await send('PUT', `/api/products/${other.id}`, { brand: 'Sans nom' });
    expect(noName.statusCode).toBe(400);
    expect(detailOf(noName)).toBe(fr.products.nameRequired);
  });
});

describe('POST /api/products/duplicate', () => {
  it('prices the same product in another shop and names the shop in its message', async () => {
    const product = (await send('POST', '/api/products', { name: 'Feuilles de manioc', shop_id: storeId, price: 500 })).json().product as ProductDetail;
    const res = await send('POST', '/api/products/duplicate', { original_product_id: product.id, shop_id: otherStoreId, price: 450, currency: 'XAF' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(fr.products.duplicated('Supermarché Score Centre-ville'));
    const prices = (res.json().product as ProductDetail).prices;
    expect(prices.map((p) => [p.store_id, p.price, p.is_best])).toEqual([
      [otherStoreId, 450, true],
      [storeId, 500, false],
    ]);
    expect(await ctx.db.select({ n: count() }).from(products).where(eq(products.name, 'Feuilles de manioc'))).toEqual([{ n: 1 }]);
  });

  it('needs a shop, a known product and a valid price', async () => {
    const product = await createSimple();
    const noShop = await send('POST', '/api/products/duplicate', { original_product_id: product.id, price: 450 });
    expect(noShop.statusCode).toBe(400);
    expect(detailOf(noShop)).toBe(fr.products.selectShop);
    const unknown = await send('POST', '/api/products/duplicate', { original_product_id: '00000000-0000-4000-8000-000000000000', shop_id: storeId, price: 450 });
    expect(unknown.statusCode).toBe(404);
    const badPrice = await send('POST', '/api/products/duplicate', { original_product_id: product.id, shop_id: storeId, price: -1 });
    expect(badPrice.statusCode).toBe(400);
    expect(detailOf(badPrice)).toBe(fr.contribute.priceInvalid);
  });
});

describe('POST /api/products/quick-add', () => {
  it('creates a product once and answers already_existed for the same name and brand, accents and case aside', async () => {
    const first = await send('POST', '/api/products/quick-add', { name: 'Nkoumou frais', brand: 'Marché Mont-Bouët', category: 'Fruits et légumes' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, already_existed: false, product: { name: 'Nkoumou frais', category: 'Fruits et légumes' } });
    const again = await send('POST', '/api/products/quick-add', { name: 'NKOUMOU FRAIS', brand: 'Marche Mont-Bouet' }, bob.access_token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_existed: true, product: { id: first.json().product.id } });
    const otherBrand = await send('POST', '/api/products/quick-add', { name: 'Nkoumou frais', brand: 'Autre' });
    expect(otherBrand.json().already_existed).toBe(false);
  });

  it('finds a seeded product and refuses a missing name', async () => {
    const seeded = await send('POST', '/api/products/quick-add', { name: 'croissant' });
    expect(seeded.json()).toMatchObject({ already_existed: true, product: { name: 'Croissant' } });
    const noName = await send('POST', '/api/products/quick-add', { brand: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(detailOf(noName)).toBe(fr.products.nameRequired);
  });
});

describe('GET /api/products-with-prices', () => {
  it('needs a token and lists only priced products', async () => {
    expect((await get('/api/products-with-prices')).statusCode).toBe(401);
    const res = await get('/api/products-with-prices?limit=200', alice.access_token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; products: Product[] };
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThan(50);
    expect(body.products.every((p) => p.price !== null && p.price_count > 0)).toBe(true);
  });

  it("with store_id, lists that store's priced products with that store's price", async () => {
    const res = await get(`/api/products-with-prices?store_id=${storeId}&limit=5`, alice.access_token);
    const body = res.json() as { products: Product[] };
    expect(body.products).toHaveLength(5);
    for (const product of body.products) {
      expect(product.shop_id).toBe(storeId);
      const detail = (await get(`/api/products/${product.id}`)).json() as ProductDetail;
      expect(detail.prices.find((p) => p.store_id === storeId)?.price).toBe(product.price);
    }
    expect((await get('/api/products-with-prices?store_id=nimporte', alice.access_token)).statusCode).toBe(400);
  });
});

describe('catalogue answers and their caches', () => {
  const listQuery = (query: string) => ProductListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const search = (text: string, token?: string) => get(`/api/products?search=${encodeURIComponent(text)}`, token);

  it('answers exactly the fields of the response schemas (the database writes the JSON)', async () => {
    const page = (await search('creme')).json() as Product[];
    expect(page.length).toBeGreaterThan(0);
    for (const product of page) ProductSchema.strict().parse(product);
    const detail = (await get(`/api/products/${page[0].id}`)).json();
    ProductDetailSchema.extend({ prices: ProductPriceSchema.strict().array() }).strict().parse(detail);
  });

  it('answers a search without words (only commas) with the catalogue, not an error', async () => {
    const res = await search(',,,');
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBe(await productCount());
  });

  it('serves equivalent searches from one entry: case, accents and extra spaces aside', async () => {
    const keyOf = (query: string) => cataloguePageRead(listQuery(query)).key;
    expect(keyOf('search=Cr%C3%A8me%20%20Fra%C3%AEche')).toBe(keyOf('search=creme%20fraiche&page=1'));
    expect(keyOf('search=creme%20fraiche&sort=relevance')).toBe(keyOf('search=%20creme%20fraiche%20'));
    expect(keyOf('search=creme')).not.toBe(keyOf('search=creme&page=2'));
    expect(keyOf('search=creme,fraiche')).not.toBe(keyOf('search=creme%20fraiche'));
    const accented = await search('Crème  Fraîche');
    const plain = await search('creme fraiche');
    expect(accented.body).toBe(plain.body);
    expect(accented.headers['x-total-count']).toBe(plain.headers['x-total-count']);
  });

  it('shows a price change and a rename on the next read of a cached page, card and detail', async () => {
    const created = (await send('POST', '/api/products', { name: 'Igname du cache', shop_id: storeId, price: 1000 })).json().product as ProductDetail;
    const shown = async (text: string) => ((await search(text)).json() as Product[]).find((p) => p.id === created.id);
    expect(await shown('igname du cache')).toMatchObject({ price: 1000, shop_id: storeId });
    expect(((await get(`/api/products/${created.id}`)).json() as ProductDetail).price).toBe(1000);

    expect((await send('PUT', `/api/products/${created.id}`, { name: 'Igname du cache', shop_id: storeId, price: 1100 })).statusCode).toBe(200);
    expect(await shown('igname du cache')).toMatchObject({ price: 1100, shop_id: storeId });
    expect(((await get(`/api/products/${created.id}`)).json() as ProductDetail).price).toBe(1100);

    // A cheaper price elsewhere: the card shows that store now.
    const duplicated = await send('POST', '/api/products/duplicate', { original_product_id: created.id, shop_id: otherStoreId, price: 900 });
    expect(duplicated.statusCode, duplicated.body).toBe(201);
    expect(await shown('igname du cache')).toMatchObject({ price: 900, shop_id: otherStoreId, price_count: 2 });

    expect((await send('PUT', `/api/products/${created.id}`, { name: 'Taro renommé' })).statusCode).toBe(200);
    expect(await shown('igname du cache')).toBeUndefined();
    expect(await shown('taro renommé')).toMatchObject({ name: 'Taro renommé', price: 900 });
  });

  const pageQueries = ['search=lait', 'search=riz', 'search=huile&limit=10', 'has_prices=true&limit=12', 'search=savon&sort=recent', 'search=lait&page=2&limit=3', 'limit=6&page=3', 'search=huille'];

  it('composes pages asked for together, whose missing cards are read in one statement, as the database writes them whole', async () => {
    // Empties the caches, so that the pages miss their cards at the same time.
    setReadCachesBypassed(ctx.db, true);
    setReadCachesBypassed(ctx.db, false);
    const together = await Promise.all(pageQueries.map((query) => get(`/api/products?${query}`)));
    for (const [i, query] of pageQueries.entries()) {
      const whole = await cataloguePageRead(listQuery(query)).read(ctx.db, ctx.clock.now());
      expect(together[i].body, query).toBe(whole.body);
    }
  });

  it('composes the same pages from cached cards as the database writes them whole', async () => {
    const queries = pageQueries;
    // Twice, in two orders: pages share cards that earlier pages put in the cache.
    for (const query of [...queries, ...[...queries].reverse()]) {
      const res = await get(`/api/products?${query}`);
      const whole = await cataloguePageRead(listQuery(query)).read(ctx.db, ctx.clock.now());
      expect(res.body, query).toBe(whole.body);
      expect(Number(res.headers['x-total-count']), query).toBe(whole.total);
    }
  });

  it('answers product pages asked for together (read in one statement) with the bytes each gets alone', async () => {
    const ids = (await ctx.db.select({ id: products.id }).from(products).limit(40)).map((r) => r.id);
    const unknown = '00000000-0000-4000-8000-000000000001';
    // Together, as a burst of requests; an id in capitals and an unknown one among them.
    const paths = [...ids, ids[0].toUpperCase(), unknown].map((id) => `/api/products/${id}`);
    const together = await Promise.all(paths.map((url) => get(url)));
    for (const [i, id] of ids.entries()) {
      expect(together[i].statusCode).toBe(200);
      expect((together[i].json() as ProductDetail).id).toBe(id);
      expect(together[i].body).toBe(await readProductDetail(ctx.db, id, ctx.clock.now()));
    }
    expect(together[ids.length].body).toBe(together[0].body);
    expect(together[ids.length + 1].statusCode).toBe(404);
    const batched = await readProductDetails(ctx.db, [...ids, unknown, 'pas-un-identifiant'], ctx.clock.now());
    expect([...batched.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(batched.get(id)).toBe(await readProductDetail(ctx.db, id, ctx.clock.now()));
  });

  it('gives everyone the same catalogue: no answer depends on who asks', async () => {
    // The catalogue answers are public (the token is only checked): a signed-in reader fills the
    // cache, an anonymous one and another user read the same bytes, and no field names a user.
    const asAlice = await search('sardines', alice.access_token);
    const anonymous = await search('sardines');
    const asBob = await search('sardines', bob.access_token);
    expect(anonymous.body).toBe(asAlice.body);
    expect(asBob.body).toBe(asAlice.body);
    expect(asAlice.body).not.toContain(alice.user.id);
    const [first] = asAlice.json() as Product[];
    const detail = await get(`/api/products/${first.id}`, alice.access_token);
    expect((await get(`/api/products/${first.id}`, bob.access_token)).body).toBe(detail.body);
  });
});
