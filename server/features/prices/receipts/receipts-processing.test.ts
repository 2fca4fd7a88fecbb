// Issue 29, item 1: a receipt that takes longer to read than the wait answers 202 {receipt_id,
// status: 'processing'}; GET then tells when it is ready (or why it failed, in French), and a
// submit before that is a 409. The account's work limit holds until the reading ends.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '#contract/receipts';
import { queryRows } from '../../../platform/sql-rows';
import { listImagePng } from '../../../test/documents';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../../test/harness';
import { documentUpload } from '../../../test/multipart';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  // No wait at all: every photo is read after the answer.
  ctx = await createTestContext({ imports: { ocrWorkers: 1, perUserPerHour: 30, receiptWaitMs: 0 } });
  [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
});
afterAll(() => ctx.close());

const MONO = { font: 'DejaVu Sans Mono', fontSize: 30, width: 700 };
const send = async (who: SignedIn, file: Buffer) => {
  const form = documentUpload(file, 'ticket.png');
  return ctx.app.inject({ method: 'POST', url: '/api/prices/receipts', payload: form.payload, headers: { ...form.headers, ...bearer(who.access_token) } });
};
const get = (who: SignedIn, id: string) => ctx.app.inject({ method: 'GET', url: `/api/prices/receipts/${id}`, headers: bearer(who.access_token) });
async function untilRead(id: string): Promise<Receipt> {
  for (let i = 0; i < 240; i++) {
    const receipt = (await get(alice, id)).json() as Receipt;
    if (receipt.status !== 'processing') return receipt;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('still processing after 60 s');
}

describe('a receipt read after the answer', () => {
  it('answers 202 processing, refuses a submit meanwhile, then GET gives the read receipt', async () => {
    const photo = await listImagePng(['SANGEL', '03/12/2026 09:12', 'RIZ PARF ELEPHANT 5KG   6 500', 'SEL FIN 1KG   300', 'TOTAL   6 800', 'ESPECES   7 000'], MONO);
    const res = await send(alice, photo);
    expect(res.statusCode, res.body).toBe(202);
    const { receipt_id, status } = res.json();
    expect(status).toBe('processing');
    expect(Object.keys(res.json()).sort()).toEqual(['receipt_id', 'status']);

    const [store] = await queryRows<{ id: string }>(ctx.db, sql`select id from stores where listing = 'listed' limit 1`);
    const early = await ctx.app.inject({ method: 'POST', url: `/api/prices/receipts/${receipt_id}/submit`, payload: { store_id: store.id, lines: [{ index: 0, product_id: store.id, unit_price_xaf: 100 }] }, headers: bearer(alice.access_token) });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 'RECEIPT_STILL_READING', detail: 'Ce ticket est encore en cours de lecture' });
    // Another consumer never sees it, even while it is read.
    expect((await get(bob, receipt_id)).statusCode).toBe(404);

    // The same photo sent again while it is read is the same receipt.
    const again = await send(alice, photo);
    expect([200, 202]).toContain(again.statusCode);
    expect(again.json().receipt_id).toBe(receipt_id);

    const read = await untilRead(receipt_id);
    expect(read.status).toBe('ready');
    expect(read.total_xaf).toBe(6800);
    expect(read.lines.map((l) => l.unit_price_xaf)).toEqual([6500, 300]);
  }, 90_000);

  it('a photo that is not a ticket ends failed, with the French reason', async () => {
    const res = await send(alice, await listImagePng(['Liste de courses', 'riz', 'huile', 'sucre', 'savon'], MONO));
    expect(res.statusCode, res.body).toBe(202);
    const read = await untilRead(res.json().receipt_id);
    expect(read.status).toBe('failed');
    expect(read.failure).toEqual({ code: 'RECEIPT_NOT_A_RECEIPT', detail: 'Ce document ne ressemble pas à un ticket de caisse' });
    expect(read.lines).toEqual([]);
  }, 90_000);
});
