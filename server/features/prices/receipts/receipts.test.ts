// Issue 29, item 1: POST /api/prices/receipts reads a till receipt (photo or PDF) into its store,
// date, total and lines with their products; GET answers it to its owner only. Bad inputs get
// French errors with the right 4xx, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '#contract/receipts';
import { listImagePng, textPdf } from '../../../test/documents';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../../test/harness';
import { documentUpload, multipartBody } from '../../../test/multipart';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
  bob = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

const TICKET = [
  'GEANT CKDO',
  'Bd Bessieux - Libreville',
  '03/12/2026 14:05   CAISSE 02',
  'RIZ PARF ELEPHANT 5KG        6 500',
  "HUILE PALME CUISIN'OR 90CL",
  '   2 X 1 100                 2 200',
  'SUCRE BLANC GRANULE 1KG        850',
  'TOTAL                        9 550',
  'ESPECES                     10 000',
  'RENDU                          450',
];

const send = (who: SignedIn | null, upload: { payload: Buffer; headers: Record<string, string> }, query = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/prices/receipts${query}`, payload: upload.payload, headers: { ...upload.headers, ...(who ? bearer(who.access_token) : {}) } });
const read = (who: SignedIn | null, id: string) => ctx.app.inject({ method: 'GET', url: `/api/prices/receipts/${id}`, headers: who ? bearer(who.access_token) : {} });

describe('POST /api/prices/receipts', () => {
  let receipt: Receipt;

  it('reads a PDF e-receipt: the store, the date, the total and each line with its product', async () => {
    const res = await send(alice, documentUpload(textPdf([TICKET]), 'ticket.pdf'));
    expect(res.statusCode, res.body).toBe(201);
    receipt = res.json();
    expect(receipt).toMatchObject({ status: 'ready', total_xaf: 9550, checks: { lines_total_xaf: 9550, matches_total: true } });
    expect(receipt.store.name).toBe('Géant CKdo');
    expect(receipt.purchased_at).toMatch(/^2026-12-03T14:05/);
    expect(receipt.lines.map((l) => [l.product_name, l.quantity, l.unit_price_xaf, l.line_total_xaf])).toEqual([
      ['Riz parfumé, sac 5 kg', 1, 6500, 6500],
      ["Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", 2, 1100, 2200],
      ['Sucre blanc granulé, paquet 1 kg', 1, 850, 850],
    ]);
  });

  it('answers its owner again, and nobody else: another consumer and a stranger are told it does not exist or to sign in', async () => {
    const mine = await read(alice, receipt.receipt_id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(receipt);
    const theirs = await read(bob, receipt.receipt_id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe('Ticket introuvable');
    expect((await read(null, receipt.receipt_id)).statusCode).toBe(401);
    expect((await read(alice, 'pas-un-id')).statusCode).toBe(404);
  });

  it('the same file sent again by its owner is the same receipt, not read twice; another account gets its own', async () => {
    const again = await send(alice, documentUpload(textPdf([TICKET]), 'ticket.pdf'));
    expect(again.statusCode).toBe(200);
    expect(again.json().receipt_id).toBe(receipt.receipt_id);
    const other = await send(bob, documentUpload(textPdf([TICKET]), 'ticket.pdf'));
    expect(other.statusCode).toBe(201);
    expect(other.json().receipt_id).not.toBe(receipt.receipt_id);
  });

  it('reads a photo of a ticket, and the position picks the store of a chain where the shopper stands', async () => {
    const [oloumi] = await ctx.db.query.stores.findMany({ where: (s, { eq }) => eq(s.name, 'SANgel Oloumi') });
    const photo = await listImagePng(['SANGEL', '03/12/2026 09:12', 'RIZ PARF ELEPHANT 5KG   6 500', 'SEL FIN 1KG   300', 'TOTAL   6 800', 'ESPECES   7 000', 'RENDU   200'], { font: 'DejaVu Sans Mono', fontSize: 30, width: 700 });
    const res = await send(alice, documentUpload(photo, 'ticket.png'), `?latitude=${oloumi.latitude}&longitude=${oloumi.longitude}`);
    expect(res.statusCode, res.body).toBe(201);
    const found = res.json() as Receipt;
    expect(found.store.name).toBe('SANgel Oloumi');
    expect(found.total_xaf).toBe(6800);
    expect(found.lines.find((l) => l.line_total_xaf === 6500)?.product_name).toBe('Riz parfumé, sac 5 kg');
  });

  it('a shopping list is not a ticket: 422 in French', async () => {
    const res = await send(alice, documentUpload(textPdf([['Liste de courses', 'riz 5 kg', 'huile 2 L', 'sucre', 'lait en poudre']]), 'liste.pdf'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'RECEIPT_NOT_A_RECEIPT', detail: 'Ce document ne ressemble pas à un ticket de caisse' });
  });

  it.each([
    ['an empty file', documentUpload(Buffer.alloc(0), 'vide.jpg'), 400],
    ['a program named .jpg', documentUpload(Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 7)]), 'ticket.jpg', 'image/jpeg'), 415],
    ['a text file', documentUpload('TOTAL 1 000\nESPECES 1 000', 'ticket.txt', 'text/plain'), 415],
    ['a 12 MB file', documentUpload(Buffer.alloc(12 * 1024 * 1024, 0x41), 'gros.jpg'), 413],
    ['a corrupt PDF', documentUpload(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'), 'ticket.pdf'), 422],
    ['no file at all', multipartBody([{ field: 'latitude', bytes: '0.39' }]), 400],
  ])('%s: %i with a French detail', async (_label, upload, status) => {
    const res = await send(alice, upload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().detail).toMatch(/[a-zà-ü]/);
  });

  it('a position with one coordinate or out of range is refused', async () => {
    for (const query of ['?latitude=0.39', '?latitude=91&longitude=9.45', '?latitude=abc&longitude=9']) {
      const res = await send(alice, documentUpload(textPdf([TICKET]), 'ticket.pdf'), query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toBe('Position invalide : indiquez la latitude et la longitude ensemble');
    }
  });

  it('needs a signed-in consumer', async () => {
    expect((await send(null, documentUpload(textPdf([TICKET]), 'ticket.pdf'))).statusCode).toBe(401);
  });
});
