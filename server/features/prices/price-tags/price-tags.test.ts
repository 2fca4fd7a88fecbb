// POST /api/prices/price-tags through the app, with shelf-label photos generated here and their
// ground truth: a label whose EAN a moderator attached to a catalogue product, labels with text
// only, a price per kilo or litre beside the price (never taken), a label without a price, and the
// bad inputs (French 4xx, never 5xx). The photo then serves as the proof of the usual contribution.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '#contract/barcodes';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { type PriceTagResult, PriceTagResultSchema } from '#contract/price-tags';
import { priceObservations, products, stores } from '../../../db/schema';
import { textPdf } from '../../../test/documents';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../../test/harness';
import { documentUpload } from '../../../test/multipart';
import { type ShelfTag, shelfTagPhoto } from './shelf-tags.fixture';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
const ids = new Map<string, string>();

const OIL = "Huile de palme raffinée Cuisin'Or, bouteille 2 L";
const RICE = 'Riz parfumé, sac 5 kg';
const MILK = 'Lait en poudre, boîte 400 g';
const DJINO = 'Djino, bouteille 1,5 L';
const SARDINES = "Sardines à l'huile, boîte 125 g";
const SPAGHETTI = 'Spaghetti, paquet 500 g';
// A valid EAN-13 in the in-store range (prefix 2), so that no seeded product carries it.
const OIL_CODE = '204000000123' + gs1CheckDigit('204000000123');

type Case = { tag: ShelfTag; product: string; price: number | null; byBarcode?: boolean };
const CASES: Record<string, Case> = {
  barcode: {
    tag: { name: ['Huile de palme raffinée', "Cuisin'Or 2 L"], price: '1 350 F', perMeasure: 'Prix au litre : 675 F', barcode: OIL_CODE, yellow: true, tilt: 3, seed: 2 },
    product: OIL,
    price: 1350,
    byBarcode: true,
  },
  rice: { tag: { name: ['Riz parfumé Super Éléphant', 'sac 5 kg'], price: '4.250 F', perMeasure: '850 F/kg', tilt: -2, seed: 3 }, product: RICE, price: 4250 },
  milk: { tag: { name: ['Lait en poudre Nido', 'boîte 400 g'], price: '3250 FCFA', perMeasure: 'Prix au kilo : 8 125 F', yellow: true, tilt: 2, seed: 4 }, product: MILK, price: 3250 },
  djino: { tag: { name: ['Djino', 'bouteille 1,5 L'], price: 'Prix : 650', perMeasure: 'Prix au litre : 433 F', tilt: -3, seed: 5 }, product: DJINO, price: 650 },
  spaghetti: { tag: { name: ['Spaghetti', 'paquet 500 g'], price: '450 F', perMeasure: '900 F/kg', yellow: true, tilt: 1, seed: 6 }, product: SPAGHETTI, price: 450 },
  noPrice: { tag: { name: ["Sardines à l'huile Belma", 'boîte 125 g'], price: null, perMeasure: null, tilt: 2, seed: 7 }, product: SARDINES, price: null },
};
const answers = new Map<string, PriceTagResult>();
const photos = new Map<string, Buffer>();

const send = (upload: { payload: Buffer; headers: Record<string, string> }, who: SignedIn | null = alice) =>
  ctx.app.inject({ method: 'POST', url: '/api/prices/price-tags', payload: upload.payload, headers: { ...upload.headers, ...(who ? bearer(who.access_token) : {}) } });

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
  for (const row of await ctx.db.select({ id: products.id, name: products.name }).from(products)) ids.set(row.name, row.id);
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_ACCOUNTS.moderator });
  const attached = await ctx.app.inject({ method: 'POST', url: `/api/products/${ids.get(OIL)}/barcode`, payload: { barcode: OIL_CODE }, headers: bearer(login.json().access_token) });
  expect(attached.statusCode, attached.body).toBe(200);
  // Each label read once (OCR is the slow part); the tests below look at the answers.
  for (const [key, { tag }] of Object.entries(CASES)) {
    const photo = await shelfTagPhoto(tag);
    photos.set(key, photo);
    const res = await send(documentUpload(photo, `${key}.jpg`, 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    answers.set(key, PriceTagResultSchema.parse(res.json()));
  }
  const summary = Object.entries(CASES).map(([key, c]) => {
    const a = answers.get(key)!;
    return `${key}: price ${a.price_xaf} (${c.price}) product ${a.product_name ?? '—'} [${a.candidates.map((x) => x.name).join(' | ')}] ${a.confidence}`;
  });
  console.info(`price tags:\n${summary.join('\n')}`);
}, 240_000);
afterAll(() => ctx?.close());

describe('POST /api/prices/price-tags', () => {
  it('a label with a barcode the catalogue knows: the product, its code and the price, surely', () => {
    const a = answers.get('barcode')!;
    expect(a).toMatchObject({ product_id: ids.get(OIL), product_name: OIL, barcode: OIL_CODE, price_xaf: 1350, confidence: 'high' });
    expect(a.candidates[0]).toEqual({ product_id: ids.get(OIL), name: OIL });
  });

  it('a label with text only: the product among the candidates and the price', () => {
    for (const key of ['rice', 'milk', 'djino', 'spaghetti']) {
      const a = answers.get(key)!;
      expect(a.price_xaf, key).toBe(CASES[key].price);
      expect(a.barcode, key).toBeNull();
      expect(a.candidates.map((c) => c.product_id), key).toContain(ids.get(CASES[key].product));
      if (a.product_id) expect(a.product_id, key).toBe(ids.get(CASES[key].product));
    }
  });

  it('the price per kilo or litre is never taken for the price', () => {
    for (const key of ['barcode', 'rice', 'milk', 'djino', 'spaghetti']) {
      const perMeasure = Number((CASES[key].tag.perMeasure ?? '').replace(/\D/g, ''));
      expect(answers.get(key)!.price_xaf, key).not.toBe(perMeasure);
    }
  });

  it('a label that shows no price answers price_xaf null, not an error', () => {
    const a = answers.get('noPrice')!;
    expect(a.price_xaf).toBeNull();
    expect(a.confidence).toBe('low');
  });

  it('the photo of the label is the proof of the usual contribution', async () => {
    const [store] = await ctx.db.select({ id: stores.id, latitude: stores.latitude, longitude: stores.longitude }).from(stores).limit(1);
    const a = answers.get('barcode')!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/prices/contribute',
      headers: bearer(alice.access_token),
      payload: { product_id: a.product_id, store_id: store.id, price: a.price_xaf, latitude: store.latitude, longitude: store.longitude, image_base64: photos.get('barcode')!.toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().observation.photo_url).toMatch(/^\/uploads\/prices\//);
  });

  it('stores nothing: another user reading the same label gets the same answer, and no observation is recorded', async () => {
    const count = async () => Number((await ctx.db.select({ n: sql<number>`count(*)` }).from(priceObservations).where(eq(priceObservations.productId, ids.get(SPAGHETTI)!)))[0].n);
    const before = await count();
    const res = await send(documentUpload(photos.get('spaghetti')!, 'etiquette.jpg'), bob);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(answers.get('spaghetti'));
    expect(await count()).toBe(before);
  }, 60_000);

  it('heavy work: one account may have two labels read at once, a third is a French 429', async () => {
    const carol = await registerUser(ctx.app);
    const res = await Promise.all([0, 1, 2].map(() => send(documentUpload(photos.get('spaghetti')!, 'etiquette.jpg'), carol)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    expect(detailOf(res.find((r) => r.statusCode === 429)!)).toBe(fr.recognitionApi.tooMany);
  }, 60_000);

  it('signed out: 401', async () => {
    const res = await send(documentUpload(photos.get('noPrice')!, 'etiquette.jpg'), null);
    expect(res.statusCode).toBe(401);
  });

  it('bad inputs are French 4xx: empty, no file, 12 MB, an .exe named .jpg, a PDF', async () => {
    const empty = await send(documentUpload(Buffer.alloc(0), 'vide.jpg', 'image/jpeg'));
    expect(empty.statusCode).toBe(400);
    expect(detailOf(empty)).toBe(fr.lists.imageRequired);

    const noFile = await send({ payload: Buffer.from('x'), headers: { 'content-type': 'application/json' } });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);

    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(12 * 1024 * 1024, 7)]);
    const tooLarge = await send(documentUpload(big, 'grande.jpg', 'image/jpeg'));
    expect(tooLarge.statusCode).toBe(413);
    expect(detailOf(tooLarge)).toBe(fr.lists.fileTooLarge);

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(2048, 0x41)]);
    const program = await send(documentUpload(exe, 'etiquette.jpg', 'image/jpeg'));
    expect(program.statusCode).toBe(415);
    expect(detailOf(program)).toBe(fr.recognitionApi.notAnImage);

    const pdf = await send(documentUpload(textPdf([['Riz parfumé 5 kg', '4 250 F']]), 'etiquette.pdf', 'application/pdf'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ code: 'RECOGNITION_NOT_AN_IMAGE', detail: fr.recognitionApi.notAnImage });

    const broken = await send(documentUpload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 3)]), 'cassee.jpg'));
    expect(broken.statusCode).toBe(422);
  });
});
