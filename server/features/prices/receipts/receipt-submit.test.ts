// Issue 29, item 1: a reviewed receipt's prices go through the one observation function in one
// transaction; a ticket counts once, whoever sends it; bad submits change nothing.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '#contract/receipts';
import { priceObservations } from '../../../db/schema';
import { textPdf } from '../../../test/documents';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../../test/harness';
import { documentUpload } from '../../../test/multipart';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob, carol] = [await registerUser(ctx.app), await registerUser(ctx.app), await registerUser(ctx.app)];
});
afterAll(() => ctx.close());

const ticket = (total: string, lines: string[]) => textPdf([['GEANT CKDO', 'Bd Bessieux - Libreville', '02/12/2026 10:30', ...lines, `TOTAL   ${total}`, 'ESPECES   20 000']]);
const FIRST = ticket('7 350', ['RIZ PARF ELEPHANT 5KG   6 500', 'SUCRE BLANC GRANULE 1KG   850']);

const upload = async (who: SignedIn, file: Buffer) => {
  const form = documentUpload(file, 'ticket.pdf');
  const res = await ctx.app.inject({ method: 'POST', url: '/api/prices/receipts', payload: form.payload, headers: { ...form.headers, ...bearer(who.access_token) } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Receipt;
};
const submit = (who: SignedIn, id: string, body: object) => ctx.app.inject({ method: 'POST', url: `/api/prices/receipts/${id}/submit`, payload: body, headers: bearer(who.access_token) });
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
const bodyOf = (r: Receipt, over: object = {}) => ({
  store_id: r.store.store_id,
  purchased_at: yesterday(),
  lines: r.lines.map((l) => ({ index: l.index, product_id: l.product_id, unit_price_xaf: l.unit_price_xaf })),
  ...over,
});
const observationsOf = async (who: SignedIn) => (await ctx.db.select().from(priceObservations).where(eq(priceObservations.userId, who.user.id))).length;

describe('POST /api/prices/receipts/{id}/submit', () => {
  let receipt: Receipt;

  it('records each line as an observation of the store, dated as the ticket', async () => {
    receipt = await upload(alice, FIRST);
    expect(receipt.store.store_id).not.toBeNull();
    const sentAt = yesterday();
    const res = await submit(alice, receipt.receipt_id, bodyOf(receipt, { purchased_at: sentAt }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ created: 2, held: 0 });
    const rows = await ctx.db.select().from(priceObservations).where(sql`${priceObservations.id} = any(${`{${answer.observation_ids.join(',')}}`}::uuid[])`);
    expect(rows.map((r) => [r.source, r.storeId, r.priceXaf].join(' ')).sort()).toEqual([`receipt ${receipt.store.store_id} 6500`, `receipt ${receipt.store.store_id} 850`].sort());
    for (const row of rows) expect(Math.abs(row.observedAt.getTime() - new Date(sentAt).getTime())).toBeLessThan(1000);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/prices/receipts/${receipt.receipt_id}`, headers: bearer(alice.access_token) })).json().status).toBe('submitted');
  });

  it('a second submit of the same receipt is a 409, and records nothing', async () => {
    const before = await observationsOf(alice);
    const res = await submit(alice, receipt.receipt_id, bodyOf(receipt));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Les prix de ce ticket ont déjà été envoyés');
    expect(await observationsOf(alice)).toBe(before);
  });

  it('the same ticket sent by someone else counts once: the same file is a 409', async () => {
    const again = await upload(bob, FIRST);
    const res = await submit(bob, again.receipt_id, bodyOf(again));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Ce ticket a déjà été envoyé : un ticket ne compte qu’une fois');
    expect(await observationsOf(bob)).toBe(0);
  });

  it('nobody submits a receipt that is not theirs', async () => {
    const other = await upload(alice, ticket('850', ['SUCRE BLANC GRANULE 1KG   850']));
    const res = await submit(carol, other.receipt_id, bodyOf(other));
    expect(res.statusCode).toBe(404);
    expect(await observationsOf(carol)).toBe(0);
  });

  it.each([
    ['a line that is not on the ticket', (r: Receipt) => bodyOf(r, { lines: [{ index: 99, product_id: r.lines[0].product_id, unit_price_xaf: 500 }] }), 400],
    ['the same line twice', (r: Receipt) => bodyOf(r, { lines: [bodyOf(r).lines[0], bodyOf(r).lines[0]] }), 400],
    ['a product that does not exist', (r: Receipt) => bodyOf(r, { lines: [{ ...bodyOf(r).lines[0], product_id: '00000000-0000-4000-8000-000000000000' }] }), 404],
    ['a store that does not exist', (r: Receipt) => bodyOf(r, { store_id: '00000000-0000-4000-8000-000000000000' }), 404],
    ['a date in the future', (r: Receipt) => bodyOf(r, { purchased_at: new Date(Date.now() + 3 * 86_400_000).toISOString() }), 400],
    ['a date a year ago', (r: Receipt) => bodyOf(r, { purchased_at: new Date(Date.now() - 365 * 86_400_000).toISOString() }), 400],
    ['a price of zero', (r: Receipt) => bodyOf(r, { lines: [{ ...bodyOf(r).lines[0], unit_price_xaf: 0 }] }), 400],
    ['no lines', (r: Receipt) => bodyOf(r, { lines: [] }), 400],
  ])('%s: %i in French, and nothing recorded', async (_label, body, status) => {
    const r = await upload(carol, ticket('6 500', ['RIZ PARF ELEPHANT 5KG   6 500']));
    const before = await observationsOf(carol);
    const res = await submit(carol, r.receipt_id, body(r));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().detail).toMatch(/[a-zà-ü]/);
    expect(await observationsOf(carol)).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/prices/receipts/${r.receipt_id}`, headers: bearer(carol.access_token) })).json().status).toBe('ready');
  });

  it('a price far from the shown one is held, as any contribution', async () => {
    const r = await upload(carol, ticket('65 000', ['RIZ PARF ELEPHANT 5KG   65 000']));
    const res = await submit(carol, r.receipt_id, bodyOf(r));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, held: 1 });
  });
});
