// GET /api/admin/queue counts every queue a moderator decides in: a store manager's merchant
// application and a receipt label one voice proposed each add one (to their queue and to the
// total) while they wait, and leave it once a moderator has decided.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueCountsSchema, type QueueCounts } from '#contract/moderation';
import type { Receipt } from '#contract/receipts';
import { stores } from '../../db/schema';
import { textPdf } from '../../test/documents';
import { bearer, createTestContext, realModerator, registerUser, trustedUser, type SignedIn, type TestContext } from '../../test/harness';
import { documentUpload } from '../../test/multipart';

let ctx: TestContext;
let moderator: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });
async function counts(): Promise<QueueCounts> {
  const res = await call(moderator, 'GET', '/admin/queue');
  expect(res.statusCode, res.body).toBe(200);
  return QueueCountsSchema.strict().parse(res.json());
}
const sumOf = (c: QueueCounts) => c.held + c.flagged + c.suggestions + c.agent_applications + c.merchant_applications + c.receipt_labels;

/** A Géant CKdo ticket of yesterday whose first line is `label`, uploaded and that line submitted as `productId`. */
async function proposeLabel(who: SignedIn, label: string, productId: string) {
  const day = new Date(Date.now() - 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const pdf = textPdf([['GEANT CKDO', 'Bd Bessieux - Libreville', `${p(day.getDate())}/${p(day.getMonth() + 1)}/${day.getFullYear()} 10:42`, `${label}   1 250`, 'TOTAL   1 250', 'ESPECES   2 000']]);
  const form = documentUpload(pdf, 'ticket.pdf');
  const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/prices/receipts', payload: form.payload, headers: { ...form.headers, ...bearer(who.access_token) } });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const receipt = uploaded.json() as Receipt;
  const line = receipt.lines.find((l) => l.original_text.includes(label.split(' ')[0]))!;
  const submitted = await call(who, 'POST', `/prices/receipts/${receipt.receipt_id}/submit`, {
    store_id: receipt.store.store_id,
    purchased_at: new Date(Date.now() - 3_600_000).toISOString(),
    lines: [{ index: line.index, product_id: productId, unit_price_xaf: line.unit_price_xaf }],
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
}

describe('the moderation queue counts', () => {
  it('answers every queue by name, and a total of the ones to decide (failed refunds apart)', async () => {
    const c = await counts();
    expect(Object.keys(c).sort()).toEqual(['agent_applications', 'failed_refunds', 'flagged', 'held', 'locked_handovers', 'merchant_applications', 'receipt_labels', 'suggestions', 'total']);
    expect(c.total).toBe(sumOf(c));
  });

  it('a merchant application waiting counts in merchant_applications and the total until it is approved', async () => {
    const before = await counts();
    const [store] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.listing, 'listed')).limit(1);
    const applied = await call(await registerUser(ctx.app), 'POST', '/merchants/application', { store_id: store.id, manager_name: 'Aimée Ndong', phone: '077 28 01 50' });
    expect(applied.statusCode, applied.body).toBe(201);
    const waiting = await counts();
    expect(waiting.merchant_applications).toBe(before.merchant_applications + 1);
    expect(waiting.total).toBe(before.total + 1);

    expect((await call(moderator, 'POST', `/admin/merchant-applications/${applied.json().id}/approve`, {})).statusCode).toBe(200);
    const after = await counts();
    expect(after.merchant_applications).toBe(before.merchant_applications);
    expect(after.total).toBe(before.total);
  });

  it('a receipt label one voice proposed counts in receipt_labels and the total until a moderator approves it', async () => {
    const search = await call(moderator, 'GET', `/products?search=${encodeURIComponent('Savon de Marseille')}&limit=1`);
    const product = search.json()[0] as { id: string };
    // The submitted prices themselves may wait in « held »: the label's count is compared on its own.
    const before = await counts();
    await proposeLabel(await trustedUser(ctx), 'SVN MRS QCOUNT', product.id);
    const waiting = await counts();
    expect(waiting.receipt_labels).toBe(before.receipt_labels + 1);
    expect(waiting.total).toBe(sumOf(waiting));

    const pending = (await call(moderator, 'GET', '/admin/receipt-labels?state=pending')).json().labels as { chain_key: string; label: string; product_id: string }[];
    expect(pending).toHaveLength(waiting.receipt_labels);
    const proposed = pending.find((l) => l.label === 'svn mrs qcount')!;
    expect(proposed).toMatchObject({ product_id: product.id });
    const decided = await call(moderator, 'POST', '/admin/receipt-labels/decision', { chain_key: proposed.chain_key, label: proposed.label, product_id: product.id, decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(204);
    const after = await counts();
    expect(after.receipt_labels).toBe(before.receipt_labels);
    expect(after.total).toBe(sumOf(after));
  });
});
