// Issue 27, finding 9: a fake product can squat a real barcode (the real product then gets 409
// BARCODE_TAKEN). A moderator gives the barcode to the right product: the squatter loses it, both
// changes are revisions (each can be reverted) and the audit log says who did it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { moderationActions } from '../../db/schema';
import { bearer, createTestContext, detailOf, realModerator, type SignedIn, type TestContext, trustedUser } from '../../test/harness';

const NUTELLA = '3017620422003';
let ctx: TestContext;
let squatter: SignedIn;
let owner: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  [squatter, owner, moderator] = [await trustedUser(ctx), await trustedUser(ctx), await realModerator(ctx)];
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
const create = async (who: SignedIn, body: object) => {
  const res = await call(who, 'POST', '/api/products', { category: 'Épicerie', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; barcode: string | null };
};

describe('POST /api/admin/products/{id}/barcode', () => {
  it('gives a squatted barcode to the right product; the squatter loses it, in revisions and in the audit log', async () => {
    const fake = await create(squatter, { name: 'Pâte à tartiner contrefaite', barcode: NUTELLA });
    const real = await create(owner, { name: 'Nutella, pot 400 g', brand: 'Ferrero' });
    const refused = await call(owner, 'PUT', `/api/products/${real.id}`, { name: 'Nutella, pot 400 g', category: 'Épicerie', barcode: NUTELLA });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'BARCODE_TAKEN']);

    // Neither its owner nor the squatter may move it.
    expect((await call(owner, 'POST', `/api/admin/products/${real.id}/barcode`, { barcode: NUTELLA })).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/admin/products/${real.id}/barcode`, { barcode: NUTELLA })).statusCode).toBe(401);

    const claimed = await call(moderator, 'POST', `/api/admin/products/${real.id}/barcode`, { barcode: ' 3017620-422003 ' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({ success: true, message: fr.adminUi.barcodeClaimed });
    expect((await call(null, 'GET', `/api/products/by-barcode/${NUTELLA}`)).json()).toMatchObject({ id: real.id, barcode: NUTELLA });
    expect((await call(null, 'GET', `/api/products/${fake.id}`)).json().barcode).toBeNull();

    const [entry] = await ctx.db.select().from(moderationActions).where(and(eq(moderationActions.action, 'product.barcode_claim'), eq(moderationActions.targetId, real.id)));
    expect(entry).toMatchObject({ moderatorId: moderator.user.id, before: { barcode: null, holder: { id: fake.id } }, after: { barcode: NUTELLA } });
    const revisions = (await call(moderator, 'GET', `/api/admin/products/${fake.id}/revisions`)).json().revisions as { note: string | null }[];
    expect(revisions.map((r) => r.note)).toContain(fr.moderation.barcodeGivenTo(NUTELLA, 'Nutella, pot 400 g'));
  });

  it('answers French errors for a wrong code, a product that has it already, and an unknown product', async () => {
    const product = await create(owner, { name: 'Chocolat en poudre', barcode: '5449000000996' });
    const wrong = await call(moderator, 'POST', `/api/admin/products/${product.id}/barcode`, { barcode: '1234' });
    expect([wrong.statusCode, detailOf(wrong)]).toEqual([400, fr.barcodes.invalid]);
    const same = await call(moderator, 'POST', `/api/admin/products/${product.id}/barcode`, { barcode: '5449000000996' });
    expect([same.statusCode, detailOf(same)]).toEqual([409, fr.moderation.barcodeAlreadyHere]);
    const unknown = await call(moderator, 'POST', '/api/admin/products/00000000-0000-4000-8000-000000000000/barcode', { barcode: NUTELLA });
    expect(unknown.statusCode).toBe(404);
  });
});
