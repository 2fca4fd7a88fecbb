// POST /api/recognize-product through the app, with photos generated here: a packet whose barcode a
// moderator attached to a catalogue product through the API, the same packet's label without a
// barcode, objects the catalogue does not have, and the bad inputs (French 4xx, never 5xx).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { RECOGNITION_LABELS_MAX, RECOGNITION_MATCH_CONFIDENCE, type RecognitionResult, RecognitionResultSchema } from '#contract/recognition';
import { currentPrices, products } from '../../db/schema';
import { gs1CheckDigit } from '#contract/barcodes';
import { packshotPhoto, type PackshotScene } from '../../test/packshots';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let oilId: string;

const OIL = "Huile de palme raffinée Cuisin'Or, bouteille 2 L";
// A valid EAN-13 in the in-store range (prefix 2), so that no seeded product carries it.
const gtin = (body: string) => body + gs1CheckDigit(body);
const OIL_CODE = gtin('204000000123');
const UNKNOWN_CODE = gtin('204000000999');

/** A clean packshot: upright, on a plain background, white packet with dark text. */
const studio = (scene: Omit<PackshotScene, 'style'>): PackshotScene => ({
  plain: true,
  tilt: 0,
  blur: 0.3,
  quality: 90,
  style: { fill: '#ffffff', band: '#0057b8', brandColour: '#0057b8', textColour: '#1a1a1a', brandFont: 'DejaVu Sans', textFont: 'DejaVu Sans', italicBrand: false },
  ...scene,
});
const OIL_LABEL = { brand: "Cuisin'Or", name: ['Huile de palme', 'raffinée'], size: '2 L' };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
  const [oil] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.name, OIL));
  oilId = oil.id;
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_ACCOUNTS.moderator });
  const moderator = login.json() as SignedIn;
  const attached = await ctx.app.inject({ method: 'POST', url: `/api/products/${oilId}/barcode`, payload: { barcode: OIL_CODE }, headers: bearer(moderator.access_token) });
  expect(attached.statusCode, attached.body).toBe(200);
});
afterAll(() => ctx.close());

const recognise = (payload: unknown, who: SignedIn | null = alice) =>
  ctx.app.inject({ method: 'POST', url: '/api/recognize-product', payload: payload as object, headers: who ? bearer(who.access_token) : {} });
const asDataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

async function expectRecognised(res: Awaited<ReturnType<typeof recognise>>): Promise<RecognitionResult> {
  expect(res.statusCode, res.body).toBe(200);
  const body = RecognitionResultSchema.parse(res.json());
  expect(body.data.detected_labels.length).toBeLessThanOrEqual(RECOGNITION_LABELS_MAX);
  return body;
}

async function medianPrice(productId: string): Promise<number | null> {
  const prices = (await ctx.db.select({ price: currentPrices.priceXaf }).from(currentPrices).where(eq(currentPrices.productId, productId))).map((r) => r.price).sort((a, b) => a - b);
  if (prices.length === 0) return null;
  const mid = Math.floor(prices.length / 2);
  return prices.length % 2 ? prices[mid] : Math.round((prices[mid - 1] + prices[mid]) / 2);
}

describe('recognising a product', () => {
  it('finds the catalogue product by the barcode on the packet, even in a cluttered, tilted photo', async () => {
    const photo = await packshotPhoto({ label: OIL_LABEL, barcode: { text: OIL_CODE }, tilt: 8, seed: 7 });
    const body = await expectRecognised(await recognise({ image_base64: asDataUrl(photo) }));
    const suggested = body.data.suggested_product;
    expect(suggested).toMatchObject({ product_id: oilId, product_name: OIL, brand: "Cuisin'Or (Olam Palm Gabon)", category: 'Épicerie', barcode: OIL_CODE });
    expect(suggested.confidence).toBeGreaterThanOrEqual(0.95);
    expect(suggested.estimated_price).toBe(await medianPrice(oilId));
    expect(body.data.detected_labels[0].description).toContain(OIL_CODE);
  });

  it('reads the label when there is no barcode, and matches brand, name and size', async () => {
    const photo = await packshotPhoto(studio({ label: OIL_LABEL, seed: 3 }));
    // Bare base64, without the data-URL prefix.
    const body = await expectRecognised(await recognise({ image_base64: photo.toString('base64') }));
    const suggested = body.data.suggested_product;
    expect(suggested.product_id).toBe(oilId);
    expect(suggested.confidence).toBeGreaterThanOrEqual(RECOGNITION_MATCH_CONFIDENCE);
    expect(suggested.barcode).toBeNull();
    expect(body.data.detected_labels.map((l) => l.description)).toContain("Cuisin'Or");
  });

  it('answers what it read, with a low confidence and no product, for an object the catalogue does not have', async () => {
    const photo = await packshotPhoto(studio({ label: { brand: 'Nescafé', name: ['Café soluble', 'Classic'], size: '100 g' }, seed: 5 }));
    const body = await expectRecognised(await recognise({ image_base64: asDataUrl(photo) }));
    const suggested = body.data.suggested_product;
    expect(suggested.product_id).toBeNull();
    expect(suggested.confidence).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
    expect(suggested.estimated_price).toBeNull();
    expect(suggested.product_name).toMatch(/caf/i);
    expect(suggested.suggested_unit).toBe('g');
  });

  it('gives back a barcode the catalogue does not know, so that it can be attached', async () => {
    const photo = await packshotPhoto({ label: { brand: 'Heineken', name: ['Bière blonde'], size: '33 cl' }, barcode: { text: UNKNOWN_CODE }, seed: 11 });
    const body = await expectRecognised(await recognise({ image_base64: asDataUrl(photo) }));
    const suggested = body.data.suggested_product;
    expect(suggested.product_id).toBeNull();
    expect(suggested.confidence).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
    expect(suggested.barcode).toBe(UNKNOWN_CODE);
    expect(suggested.description).toContain(UNKNOWN_CODE);
    expect(body.data.detected_labels[0].description).toContain(UNKNOWN_CODE);
  });

  it('reads a photo of plain scenery as nothing known, still a success', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
    const body = await expectRecognised(await recognise({ image_base64: asDataUrl(photo) }));
    expect(body.data.suggested_product).toMatchObject({ product_id: null, barcode: null, estimated_price: null, product_name: fr.recognitionApi.unknownProduct });
    expect(body.data.suggested_product.confidence).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
  });
});

describe('who may recognise', () => {
  it('asks strangers to sign in and refuses delivery agents', async () => {
    const payload = { image_base64: 'AAAA' };
    expect((await recognise(payload, null)).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await recognise(payload, agent)).statusCode).toBe(403);
  });
});

describe('bad inputs get a French 4xx, never a 5xx', () => {
  it.each([
    ['no body field', {}],
    ['an empty image', { image_base64: '' }],
    ['a null image', { image_base64: null }],
  ])('%s: 400 « Aucune image à analyser »', async (_, payload) => {
    const res = await recognise(payload);
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe('Aucune image à analyser');
    expect(detailOf(res)).toBe(fr.recognition.noImage);
  });

  it('refuses what is not base64 and a text file sent as base64 (415)', async () => {
    for (const value of ['%%% pas du base64 %%%', Buffer.from('Riz\nHuile\nSucre\n').toString('base64'), 'data:image/jpeg;base64,' + Buffer.from('ceci nest pas une image').toString('base64')]) {
      const res = await recognise({ image_base64: value });
      expect(res.statusCode, value).toBe(415);
      expect(detailOf(res)).toBe(fr.recognitionApi.notAnImage);
    }
  });

  it('refuses a photo over 10 MB with the spec message (413)', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 7);
    const res = await recognise({ image_base64: asDataUrl(big) });
    expect(res.statusCode).toBe(413);
    expect(detailOf(res)).toBe('La taille du fichier ne doit pas dépasser 10MB');
  });

  it('refuses a corrupt or truncated JPEG (422)', async () => {
    const photo = await packshotPhoto(studio({ label: OIL_LABEL, seed: 9 }));
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const garbled = Buffer.concat([photo.subarray(0, 4), Buffer.alloc(2000, 0x41)]);
    for (const bytes of [truncated, garbled]) {
      const res = await recognise({ image_base64: asDataUrl(bytes) });
      expect(res.statusCode).toBe(422);
      expect(detailOf(res)).toBe(fr.recognitionApi.unreadable);
    }
  });

  it('refuses a wrong type for the field (400)', async () => {
    const res = await recognise({ image_base64: 42 });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(fr.recognition.noImage);
  });
});

describe('limits', () => {
  it('lets one account have two photos analysed at once, and answers a third with a French 429', async () => {
    const bob = await registerUser(ctx.app);
    const photo = asDataUrl(await packshotPhoto(studio({ label: OIL_LABEL, seed: 13 })));
    const answers = await Promise.all([0, 1, 2].map(() => recognise({ image_base64: photo }, bob)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(detailOf(refused)).toBe(fr.recognitionApi.tooMany);
  });
});
