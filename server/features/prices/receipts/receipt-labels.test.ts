// Issue 29, item 1: labels are learned per chain. A confirmed line teaches (chain, printed label) →
// product, used for everyone's next receipt of that chain once a second established voice agrees
// or a moderator approves; one account, or accounts on probation, teach nothing; a rejected
// mapping is never used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '#contract/receipts';
import { textPdf } from '../../../test/documents';
import { bearer, createTestContext, realModerator, registerUser, trustedUser, type SignedIn, type TestContext } from '../../../test/harness';
import { documentUpload } from '../../../test/multipart';

let ctx: TestContext;
let moderator: SignedIn;
let product: { id: string; name: string };
let other: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
  const search = async (q: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(q)}&limit=1`, headers: bearer(moderator.access_token) })).json()[0];
  product = await search('Savon de Marseille');
  other = await search('Lait concentré sucré');
  expect(product?.id && other?.id).toBeTruthy();
});
afterAll(() => ctx.close());

// A label no matcher can read ("SVN MRS" is a cashier's shorthand), at one chain; each ticket differs (its total), so none is a duplicate.
let ticketNumber = 0;
const ticket = (chain: string, label = 'SVN MRS 72 PCT') => {
  ticketNumber++;
  const price = 900 + ticketNumber * 5;
  return textPdf([[chain, 'Bd Bessieux - Libreville', '03/12/2026 11:0' + (ticketNumber % 10), `${label}   ${price}`, `EAU MINERALE 1,5L   ${ticketNumber * 10 + 300}`, `TOTAL   ${price + ticketNumber * 10 + 300}`, 'ESPECES   5 000']]);
};
const upload = async (who: SignedIn, file: Buffer) => {
  const form = documentUpload(file, 'ticket.pdf');
  const res = await ctx.app.inject({ method: 'POST', url: '/api/prices/receipts', payload: form.payload, headers: { ...form.headers, ...bearer(who.access_token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Receipt;
};
const labelLine = (r: Receipt) => r.lines.find((l) => /SVN/.test(l.original_text))!;
/** Uploads a ticket and submits its label line as `productId`. */
const teach = async (who: SignedIn, productId: string, chain = 'GEANT CKDO') => {
  const receipt = await upload(who, ticket(chain));
  const line = labelLine(receipt);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/prices/receipts/${receipt.receipt_id}/submit`,
    payload: { store_id: receipt.store.store_id, purchased_at: new Date(Date.now() - 3_600_000).toISOString(), lines: [{ index: line.index, product_id: productId, unit_price_xaf: line.unit_price_xaf }] },
    headers: bearer(who.access_token),
  });
  expect(res.statusCode, res.body).toBe(201);
};
const readAs = async (who: SignedIn, chain = 'GEANT CKDO') => labelLine(await upload(who, ticket(chain)));
const decide = (who: SignedIn, body: object) => ctx.app.inject({ method: 'POST', url: '/api/admin/receipt-labels/decision', payload: body, headers: bearer(who.access_token) });
const labelsIn = async (state: string) => (await ctx.app.inject({ method: 'GET', url: `/api/admin/receipt-labels?state=${state}`, headers: bearer(moderator.access_token) })).json().labels as { chain_key: string; label: string; product_id: string; voices: number }[];

describe('labels learned per chain', () => {
  let ckdo = '';
  it('the label is unknown at first', async () => {
    const reader = await trustedUser(ctx);
    expect((await readAs(reader)).product_id).not.toBe(product.id);
  });

  it('one established voice teaches nothing to others, and waits for a moderator', async () => {
    await teach(await trustedUser(ctx), product.id);
    expect((await readAs(await trustedUser(ctx))).product_id).not.toBe(product.id);
    const pending = (await labelsIn('pending')).find((l) => l.product_id === product.id);
    expect(pending).toMatchObject({ label: 'svn mrs 72 pct', voices: 1 });
    ckdo = pending!.chain_key;
  });

  it('a burst of accounts on probation does not count', async () => {
    for (let i = 0; i < 3; i++) await teach(await registerUser(ctx.app), other.id);
    expect((await readAs(await trustedUser(ctx))).product_id).not.toBe(other.id);
  });

  it('a second established voice agreeing makes it the product for everyone at that chain, and only there', async () => {
    await teach(await trustedUser(ctx), product.id);
    const line = await readAs(await registerUser(ctx.app));
    expect(line).toMatchObject({ product_id: product.id, product_name: product.name });
    expect(line.candidates[0].product_id).toBe(product.id);
    expect((await readAs(await trustedUser(ctx), 'PRIX IMPORT')).product_id).not.toBe(product.id);
    expect((await labelsIn('learned')).some((l) => l.product_id === product.id && l.voices === 2)).toBe(true);
  });

  it('a moderator rejects a wrong mapping: it is never used, whoever confirms it', async () => {
    const body = { chain_key: ckdo, label: 'svn mrs 72 pct', product_id: product.id, decision: 'reject' };
    const consumer = await trustedUser(ctx);
    expect((await decide(consumer, body)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/receipt-labels/decision', payload: body })).statusCode).toBe(401);
    expect((await decide(moderator, body)).statusCode).toBe(204);
    await teach(await trustedUser(ctx), product.id);
    expect((await readAs(await trustedUser(ctx))).product_id).not.toBe(product.id);
    expect((await labelsIn('rejected')).some((l) => l.product_id === product.id)).toBe(true);
  });

  it('a moderator approves a mapping one voice proposed: used at once', async () => {
    await teach(await trustedUser(ctx), other.id, 'SCORE');
    expect((await readAs(await trustedUser(ctx), 'SCORE')).product_id).not.toBe(other.id);
    const proposed = (await labelsIn('pending')).find((l) => l.product_id === other.id && l.chain_key !== ckdo)!;
    expect(proposed.chain_key).toMatch(/score/);
    expect((await decide(moderator, { chain_key: proposed.chain_key, label: 'svn mrs 72 pct', product_id: other.id, decision: 'approve' })).statusCode).toBe(204);
    expect((await readAs(await trustedUser(ctx), 'SCORE')).product_id).toBe(other.id);
  });

  it('a decision on a mapping nobody proposed, or a bad body, is a French 4xx', async () => {
    const unknown = await decide(moderator, { chain_key: 'score', label: 'rien du tout', product_id: other.id, decision: 'approve' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/introuvable/);
    const bad = await decide(moderator, { chain_key: '', label: 'x', product_id: 'y', decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/receipt-labels?state=nope', headers: bearer(moderator.access_token) })).statusCode).toBe(400);
  });
});
