// The merchants' price lists (issue 29, item 3), through the API: upload (CSV, XLSX) → columns
// guessed and rows matched to the catalogue (barcode first, then name) → remap → publish as the
// store's prices, in one transaction; only the list's own approved merchant ever touches it; bad
// files and bad publishes answer a French 4xx and save nothing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { PRICE_LIST_MAX_ROWS, PriceListPublishedSchema, PriceListSchema, type Merchant, type PriceList } from '#contract/merchants';
import { priceObservations, products, storePriceLists, stores } from '../../db/schema';
import { bearer, createTestContext, realModerator, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { applyAsMerchant, approveApplication } from './merchant-fixture';
import { documentUpload } from '../../test/multipart';

/** A valid EAN-13 that no seed product carries; the test puts it on one product. */
const BARCODE = '3017620422003';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let ctx: TestContext;
let owner: SignedIn;
let rival: SignedIn;
let pending: SignedIn;
let consumer: SignedIn;
let storeIds: string[];
let byName: { id: string; name: string };
let byBarcode: { id: string; name: string };

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });

async function upload(who: SignedIn | null, bytes: Buffer | string, filename = 'tarifs.csv'): Promise<LightMyRequestResponse> {
  const form = documentUpload(bytes, filename);
  return ctx.app.inject({ method: 'POST', url: '/api/merchants/price-lists', payload: form.payload, headers: { ...form.headers, ...(who ? bearer(who.access_token) : {}) } });
}

async function uploaded(who: SignedIn, bytes: Buffer | string, filename?: string): Promise<PriceList> {
  const res = await upload(who, bytes, filename);
  expect(res.statusCode, res.body).toBe(201);
  return PriceListSchema.strict().parse(res.json());
}

/** A French `{detail, code}` answer with this status and code. */
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
  expect(body.code).toBe(code);
  expect(body.detail).toMatch(/^[A-ZÀÂÉÈÊÎÔÛÇ]/);
}

async function merchantOf(who: SignedIn, storeId: string, approve: boolean, moderator: SignedIn) {
  const applicationId = await applyAsMerchant(ctx, who, storeId);
  if (approve) await approveApplication(ctx, moderator, applicationId);
}

const observationsOf = async (who: SignedIn) => (await ctx.db.select().from(priceObservations).where(eq(priceObservations.userId, who.user.id))).length;

const csvOf = (rows: string[][]) => `${['Désignation', 'Code-barres', 'Prix FCFA', 'Unité'].join(';')}\n${rows.map((r) => r.join(';')).join('\n')}\n`;

beforeAll(async () => {
  ctx = await createTestContext();
  const moderator = await realModerator(ctx);
  storeIds = (await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.listing, 'listed')).orderBy(stores.name).limit(3)).map((s) => s.id);
  [owner, rival, pending, consumer] = [await registerUser(ctx.app), await registerUser(ctx.app), await registerUser(ctx.app), await registerUser(ctx.app)];
  await merchantOf(owner, storeIds[0], true, moderator);
  await merchantOf(rival, storeIds[1], true, moderator);
  await merchantOf(pending, storeIds[2], false, moderator);
  const listed = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.listing, 'listed'), isNull(products.barcode), sql`${products.name} ilike 'riz%'`))
    .orderBy(products.name)
    .limit(1);
  byName = listed[0];
  const [other] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.listing, 'listed'), isNull(products.barcode), sql`${products.name} ilike 'sucre%'`))
    .limit(1);
  byBarcode = other;
  await ctx.db.update(products).set({ barcode: BARCODE }).where(eq(products.id, byBarcode.id));
});
afterAll(() => ctx.close());

describe('POST /api/merchants/price-lists', () => {
  it('reads a CSV: columns guessed from the header, a product by name, one by barcode, an unknown name left without product', async () => {
    const list = await uploaded(owner, csvOf([[byName.name, '', '1 234', 'pièce'], ['Pâte zzqx inconnue', '3 017620 422003', '1.500 FCFA', ''], ['Produit inconnu zzqx', '', 'sur demande', 'pièce']]));
    expect(list).toMatchObject({ status: 'ready', file_name: 'tarifs.csv', columns: ['Désignation', 'Code-barres', 'Prix FCFA', 'Unité'], mapping: { name: 0, barcode: 1, price: 2, unit: 3 } });
    expect(list.lines.map((l) => [l.index, l.product_id, l.price_xaf])).toEqual([
      [0, byName.id, 1234],
      [1, byBarcode.id, 1500],
      [2, null, null],
    ]);
    expect(list.lines[1]).toMatchObject({ confidence: 'high', product_name: byBarcode.name, barcode: '3 017620 422003' });
    expect(list.lines[2]).toMatchObject({ name: 'Produit inconnu zzqx', unit: 'pièce', confidence: 'low' });
  });

  it('the unit column counts for the size and the pack, and only when it reads as one', async () => {
    const list = await uploaded(owner, csvOf([['Oeufs', '', '3 000', 'plateau de 30'], ['Oeufs', '', '100', 'pièce'], ['Riz parfumé', '', '6 500', '5 kg'], [byName.name, '', '700', 'réf. A1']]));
    expect(list.lines.map((l) => l.product_name)).toEqual([expect.stringMatching(/plateau de 30/), expect.stringMatching(/unité/), expect.stringMatching(/5 kg/), byName.name]);
  });

  it('reads an XLSX (its first worksheet), typed by content whatever its name', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tarifs');
    sheet.addRow(['EAN', 'Libellé', 'PU']);
    sheet.addRow([Number(BARCODE), 'Sucre', 1450]);
    sheet.addRow(['', byName.name, 1234.4]);
    const list = await uploaded(owner, Buffer.from(await workbook.xlsx.writeBuffer()), 'tarifs.bin');
    expect(list.mapping).toEqual({ name: 1, barcode: 0, price: 2, unit: null });
    expect(list.lines.map((l) => [l.product_id, l.price_xaf])).toEqual([
      [byBarcode.id, 1450],
      [byName.id, 1234],
    ]);
  });

  it('answers a French 4xx for what is no price list, and never keeps it', async () => {
    const before = (await ctx.db.select().from(storePriceLists)).length;
    expectError(await upload(owner, Buffer.alloc(12 * 1024 * 1024, 0x41)), 413, 'PRICE_LIST_TOO_LARGE');
    expect(detailOf(await upload(owner, Buffer.alloc(6 * 1024 * 1024, 0x41)))).toBe(fr.merchants.fileTooLarge(5));
    expectError(await upload(owner, Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 7)]), 'tarifs.csv'), 415, 'PRICE_LIST_FORMAT');
    expectError(await upload(owner, Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), 'tarifs.csv'), 415, 'PRICE_LIST_FORMAT');
    expectError(await upload(owner, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(500, 3)]), 'tarifs.xlsx'), 422, 'PRICE_LIST_UNREADABLE');
    expectError(await upload(owner, 'Désignation;Prix FCFA\n'), 422, 'PRICE_LIST_EMPTY');
    const long = csvOf(Array.from({ length: PRICE_LIST_MAX_ROWS + 1 }, (_, i) => [`Article ${i}`, '', String(100 + i), '']));
    const tooLong = await upload(owner, long);
    expectError(tooLong, 422, 'PRICE_LIST_TOO_MANY_ROWS');
    expect(detailOf(tooLong)).toBe(fr.merchants.tooManyRows(PRICE_LIST_MAX_ROWS));
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/merchants/price-lists', payload: { file: 'x' }, headers: bearer(owner.access_token) }), 400, 'DOCUMENT_REQUIRED');
    expect((await ctx.db.select().from(storePriceLists)).length).toBe(before);
  });

  it('reads 2 000 rows in a few seconds', async () => {
    const rows = Array.from({ length: PRICE_LIST_MAX_ROWS }, (_, i) => [i % 2 ? byName.name : `Article ${i} zzqx`, '', String(100 + i), 'pièce']);
    const started = Date.now();
    const list = await uploaded(owner, csvOf(rows));
    expect(list.lines).toHaveLength(PRICE_LIST_MAX_ROWS);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe('who may touch a list', () => {
  let list: PriceList;
  beforeAll(async () => {
    list = await uploaded(owner, csvOf([[byName.name, '', '1 234', 'pièce']]));
  });

  it('signed out: 401 everywhere', async () => {
    expect((await upload(null, csvOf([[byName.name, '', '1000', '']]))).statusCode).toBe(401);
    expect((await call(null, 'GET', `/merchants/price-lists/${list.price_list_id}`)).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/merchants/price-lists/${list.price_list_id}/mapping`, list.mapping)).statusCode).toBe(401);
    expect((await call(null, 'POST', `/merchants/price-lists/${list.price_list_id}/publish`, { lines: [{ index: 0, product_id: byName.id, price_xaf: 1000 }] })).statusCode).toBe(401);
  });

  it('an account without merchant application: 404 MERCHANT_NOT_FOUND; a pending merchant: 403 MERCHANT_NOT_APPROVED', async () => {
    expectError(await upload(consumer, csvOf([[byName.name, '', '1000', '']])), 404, 'MERCHANT_NOT_FOUND');
    expectError(await call(consumer, 'GET', `/merchants/price-lists/${list.price_list_id}`), 404, 'MERCHANT_NOT_FOUND');
    const notYet = await upload(pending, csvOf([[byName.name, '', '1000', '']]));
    expectError(notYet, 403, 'MERCHANT_NOT_APPROVED');
    expect(detailOf(notYet)).toBe(fr.merchants.notApproved);
    expectError(await call(pending, 'POST', `/merchants/price-lists/${list.price_list_id}/publish`, { lines: [{ index: 0, product_id: byName.id, price_xaf: 1000 }] }), 403, 'MERCHANT_NOT_APPROVED');
  });

  it('another approved merchant cannot read, remap or publish it (404), and nothing changes', async () => {
    const url = `/merchants/price-lists/${list.price_list_id}`;
    expectError(await call(rival, 'GET', url), 404, 'PRICE_LIST_NOT_FOUND');
    expectError(await call(rival, 'PUT', `${url}/mapping`, { ...list.mapping, unit: null }), 404, 'PRICE_LIST_NOT_FOUND');
    expectError(await call(rival, 'POST', `${url}/publish`, { lines: [{ index: 0, product_id: byName.id, price_xaf: 900 }] }), 404, 'PRICE_LIST_NOT_FOUND');
    expect(await observationsOf(rival)).toBe(0);
    expect((await call(owner, 'GET', url)).json()).toMatchObject({ status: 'ready', mapping: list.mapping });
    expectError(await call(owner, 'GET', '/merchants/price-lists/pas-un-uuid'), 404, 'PRICE_LIST_NOT_FOUND');
    expectError(await call(owner, 'GET', `/merchants/price-lists/${UNKNOWN}`), 404, 'PRICE_LIST_NOT_FOUND');
  });
});

describe('PUT /api/merchants/price-lists/{id}/mapping', () => {
  it('reads the rows again with the new mapping; a column that does not exist is a French 400', async () => {
    const list = await uploaded(owner, 'Référence;Nom;Prix;Promo\nA1;' + byName.name + ';1 000;900\nA2;Produit inconnu zzqx;2 000;1 800\n');
    expect(list.mapping).toEqual({ name: 1, barcode: null, price: 2, unit: null });
    const res = await call(owner, 'PUT', `/merchants/price-lists/${list.price_list_id}/mapping`, { name: 1, barcode: null, price: 3, unit: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const remapped = PriceListSchema.strict().parse(res.json());
    expect(remapped.mapping).toEqual({ name: 1, barcode: null, price: 3, unit: 0 });
    expect(remapped.lines.map((l) => [l.product_id, l.price_xaf, l.unit])).toEqual([
      [byName.id, 900, 'A1'],
      [null, 1800, 'A2'],
    ]);
    expect((await call(owner, 'GET', `/merchants/price-lists/${list.price_list_id}`)).json()).toEqual(remapped);

    const invalid = await call(owner, 'PUT', `/merchants/price-lists/${list.price_list_id}/mapping`, { name: 1, barcode: null, price: 4, unit: null });
    expectError(invalid, 400, 'PRICE_LIST_COLUMN_INVALID');
    expect(detailOf(invalid)).toBe(fr.merchants.mappingColumnInvalid);
    const neither = await call(owner, 'PUT', `/merchants/price-lists/${list.price_list_id}/mapping`, { name: null, barcode: null, price: 2, unit: null });
    expect(neither.statusCode).toBe(400);
    expect(detailOf(neither)).toContain(fr.merchants.mappingNameOrBarcode);
    const twice = await call(owner, 'PUT', `/merchants/price-lists/${list.price_list_id}/mapping`, { name: 1, barcode: null, price: 1, unit: null });
    expect(detailOf(twice)).toContain(fr.merchants.mappingColumnTwice);
  });
});

describe('POST /api/merchants/price-lists/{id}/publish', () => {
  it('records each line as the store’s observation (source store), the product shows it; a second publish is a 409', async () => {
    const list = await uploaded(owner, csvOf([[byName.name, '', '1 234', 'pièce'], ['Sucre', BARCODE, '1 500', ''], ['Produit inconnu zzqx', '', '999', '']]));
    const lines = list.lines.filter((l) => l.product_id).map((l) => ({ index: l.index, product_id: l.product_id!, price_xaf: l.price_xaf! }));
    const res = await call(owner, 'POST', `/merchants/price-lists/${list.price_list_id}/publish`, { lines });
    expect(res.statusCode, res.body).toBe(201);
    const published = PriceListPublishedSchema.strict().parse(res.json());
    expect(published).toMatchObject({ created: 2, held: 0 });
    const rows = await ctx.db.select().from(priceObservations).where(sql`${priceObservations.id} = any(${`{${published.observation_ids.join(',')}}`}::uuid[])`);
    expect(rows.map((r) => [r.source, r.storeId, r.productId, r.priceXaf, r.userId])).toEqual(
      expect.arrayContaining([
        ['store', storeIds[0], byName.id, 1234, owner.user.id],
        ['store', storeIds[0], byBarcode.id, 1500, owner.user.id],
      ]),
    );
    const detail = (await call(null, 'GET', `/products/${byName.id}`)).json() as { prices: { store_id: string; price: number; announced: { price_xaf: number } | null }[] };
    const inStore = detail.prices.find((p) => p.store_id === storeIds[0]);
    expect(inStore?.announced?.price_xaf ?? inStore?.price).toBe(1234);

    expect((await call(owner, 'GET', `/merchants/price-lists/${list.price_list_id}`)).json()).toMatchObject({ status: 'published' });
    const [row] = await ctx.db.select().from(storePriceLists).where(eq(storePriceLists.id, list.price_list_id));
    expect(row.publishedAt).not.toBeNull();
    expectError(await call(owner, 'POST', `/merchants/price-lists/${list.price_list_id}/publish`, { lines }), 409, 'PRICE_LIST_ALREADY_PUBLISHED');
    expectError(await call(owner, 'PUT', `/merchants/price-lists/${list.price_list_id}/mapping`, list.mapping), 409, 'PRICE_LIST_ALREADY_PUBLISHED');
  });

  it('a price far from the one shown is held, as for any shopper (the 20 % rule holds for stores)', async () => {
    const list = await uploaded(owner, csvOf([[byName.name, '', '9 000', '']]));
    const res = await call(owner, 'POST', `/merchants/price-lists/${list.price_list_id}/publish`, { lines: [{ index: 0, product_id: byName.id, price_xaf: 9000 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, held: 1 });
  });

  it('a bad line — unknown, twice, an unknown product, or an observation refused after good ones — is a French 4xx and saves nothing', async () => {
    const list = await uploaded(owner, csvOf([[byName.name, '', '1 000', ''], ['Sucre', BARCODE, '1 400', ''], [byName.name, '', '1 010', ''], [byName.name, '', '1 020', '']]));
    const url = `/merchants/price-lists/${list.price_list_id}/publish`;
    const good = [{ index: 1, product_id: byBarcode.id, price_xaf: 1400 }];
    const before = await observationsOf(owner);
    const unknown = await call(owner, 'POST', url, { lines: [...good, { index: 9, product_id: byName.id, price_xaf: 1000 }] });
    expectError(unknown, 400, 'PRICE_LIST_LINE_UNKNOWN');
    expect(detailOf(unknown)).toBe(fr.merchants.lineUnknown);
    expectError(await call(owner, 'POST', url, { lines: [...good, { index: 1, product_id: byBarcode.id, price_xaf: 1400 }] }), 400, 'PRICE_LIST_LINE_TWICE');
    expectError(await call(owner, 'POST', url, { lines: [...good, { index: 0, product_id: UNKNOWN, price_xaf: 1000 }] }), 404, 'PRODUCT_NOT_FOUND');
    const zero = await call(owner, 'POST', url, { lines: [{ index: 0, product_id: byName.id, price_xaf: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(detailOf(zero)).toContain(fr.merchants.priceInvalid);
    expect(detailOf(await call(owner, 'POST', url, { lines: [] }))).toContain(fr.merchants.linesRequired);
    // Good lines recorded first, then one the observation rules refuse (a 4th price of one product in a day): all rolled back.
    const refused = await call(owner, 'POST', url, {
      lines: [good[0], { index: 0, product_id: byName.id, price_xaf: 1000 }, { index: 2, product_id: byName.id, price_xaf: 1010 }, { index: 3, product_id: byName.id, price_xaf: 1020 }],
    });
    expectError(refused, 429, 'TOO_MANY_PRICES_FOR_ITEM');
    expect(await observationsOf(owner)).toBe(before);
    expect((await call(owner, 'GET', `/merchants/price-lists/${list.price_list_id}`)).json()).toMatchObject({ status: 'ready' });
  });
});

describe('uploads per account', () => {
  it('are bounded as list imports are: past the hourly allowance, a French 429', async () => {
    const limited = await createTestContext({ imports: { ...ctx.deps.config.imports, perUserPerHour: 2 } });
    try {
      const moderator = await realModerator(limited);
      const [storeId] = (await limited.db.select({ id: stores.id }).from(stores).where(eq(stores.listing, 'listed')).limit(1)).map((s) => s.id);
      const merchant = await registerUser(limited.app);
      const applied = await limited.app.inject({ method: 'POST', url: '/api/merchants/application', payload: { store_id: storeId, manager_name: 'Aimée Ndong', phone: '077 28 01 50' }, headers: bearer(merchant.access_token) });
      await limited.app.inject({ method: 'POST', url: `/api/admin/merchant-applications/${(applied.json() as Merchant).id}/approve`, payload: {}, headers: bearer(moderator.access_token) });
      const send = () => {
        const form = documentUpload(csvOf([['Riz', '', '1 000', '']]), 'tarifs.csv');
        return limited.app.inject({ method: 'POST', url: '/api/merchants/price-lists', payload: form.payload, headers: { ...form.headers, ...bearer(merchant.access_token) } });
      };
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expectError(third, 429, 'TOO_MANY_IMPORTS');
      expect(detailOf(third)).toBe(fr.lists.tooManyImports);
    } finally {
      await limited.close();
    }
  });
});

const detailOf = (res: LightMyRequestResponse) => (res.json() as { detail: string }).detail;
