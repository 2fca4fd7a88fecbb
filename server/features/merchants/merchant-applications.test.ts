// Merchant applications and their moderation (issue 29, item 3), through the API.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { MerchantApplicationListSchema, MerchantSchema, type Merchant } from '#contract/merchants';
import { moderationActions, notifications, stores } from '../../db/schema';
import { bearer, createTestContext, detailOf, realModerator, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let moderator: SignedIn;
let storeIds: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
  storeIds = (await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.listing, 'listed')).orderBy(stores.name).limit(4)).map((s) => s.id);
});
afterAll(() => ctx.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });
const apply = (who: SignedIn | null, storeId: string) => call(who, 'POST', '/merchants/application', { store_id: storeId, manager_name: 'Aimée Ndong', phone: '077 28 01 50' });

describe('merchant applications', () => {
  it('a signed-in account applies for a store (201, pending, phone in E.164); twice is a 409; signed out 401; unknown store 404', async () => {
    const manager = await registerUser(ctx.app);
    expect((await apply(null, storeIds[0])).statusCode).toBe(401);
    const unknown = await apply(manager, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    const res = await apply(manager, storeIds[0]);
    expect(res.statusCode, res.body).toBe(201);
    const merchant = MerchantSchema.strict().parse(res.json());
    expect(merchant).toMatchObject({ status: 'pending', phone: '+24177280150', manager_name: 'Aimée Ndong', review_reason: null, reviewed_at: null });
    expect(merchant.store.store_id).toBe(storeIds[0]);
    const twice = await apply(manager, storeIds[1]);
    expect(twice.statusCode).toBe(409);
    expect(detailOf(twice)).toBe(fr.merchants.alreadyApplied);
    expect((await call(manager, 'GET', '/merchants/me')).json()).toMatchObject({ id: merchant.id, status: 'pending' });
  });

  it('GET /merchants/me without an application is a French 404 MERCHANT_NOT_FOUND', async () => {
    const nobody = await registerUser(ctx.app);
    const res = await call(nobody, 'GET', '/merchants/me');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: fr.merchants.notFound, code: 'MERCHANT_NOT_FOUND' });
  });

  it('refuses a phone that is not Gabonese and a blank manager name, in French', async () => {
    const manager = await registerUser(ctx.app);
    const foreign = await call(manager, 'POST', '/merchants/application', { store_id: storeIds[0], manager_name: 'X', phone: '+33 6 12 34 56 78' });
    expect(foreign.statusCode).toBe(400);
    expect(detailOf(foreign)).toBe(fr.merchants.phoneGabon);
    const blank = await call(manager, 'POST', '/merchants/application', { store_id: storeIds[0], manager_name: ' ', phone: '077 28 01 50' });
    expect(detailOf(blank)).toBe(fr.merchants.managerNameRequired);
  });
});

describe('moderation of merchant applications', () => {
  it('only moderators list and decide (403 for a consumer, 401 signed out)', async () => {
    const consumer = await registerUser(ctx.app);
    expect((await call(consumer, 'GET', '/admin/merchant-applications')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin/merchant-applications')).statusCode).toBe(401);
    const manager = await registerUser(ctx.app);
    const merchant = (await apply(manager, storeIds[2])).json() as Merchant;
    expect((await call(consumer, 'POST', `/admin/merchant-applications/${merchant.id}/approve`, {})).statusCode).toBe(403);
    expect((await call(manager, 'POST', `/admin/merchant-applications/${merchant.id}/approve`, {})).statusCode).toBe(403);
  });

  it('approval: listed with its applicant, approved once (a second decision 409), notified and audited; one approved merchant per store', async () => {
    const [first, second] = [await registerUser(ctx.app), await registerUser(ctx.app)];
    const a = (await apply(first, storeIds[3])).json() as Merchant;
    const b = (await apply(second, storeIds[3])).json() as Merchant;
    const list = MerchantApplicationListSchema.parse((await call(moderator, 'GET', '/admin/merchant-applications?status=pending')).json());
    expect(list.applications.find((x) => x.id === a.id)?.user).toMatchObject({ id: first.user.id, email: first.user.email });
    expect((await call(moderator, 'GET', '/admin/merchant-applications?status=tous')).statusCode).toBe(400);

    const approved = await call(moderator, 'POST', `/admin/merchant-applications/${a.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: a.id, status: 'approved' });
    const again = await call(moderator, 'POST', `/admin/merchant-applications/${a.id}/refuse`, { reason: 'Trop tard' });
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(fr.merchants.alreadyReviewed);
    // The store has its merchant now: the other application cannot be approved, nor a new one made.
    const otherApproval = await call(moderator, 'POST', `/admin/merchant-applications/${b.id}/approve`, {});
    expect(otherApproval.statusCode).toBe(409);
    expect(detailOf(otherApproval)).toBe(fr.merchants.storeTaken);
    const third = await registerUser(ctx.app);
    expect(detailOf(await apply(third, storeIds[3]))).toBe(fr.merchants.storeTaken);

    const titles = (await ctx.db.select().from(notifications).where(eq(notifications.userId, first.user.id))).map((n) => n.title);
    expect(titles).toContain(fr.merchants.approvedNotification.title);
    const audit = await ctx.db.select().from(moderationActions).where(and(eq(moderationActions.targetId, a.id), eq(moderationActions.action, 'merchant.approve')));
    expect(audit).toHaveLength(1);
  });

  it('refusal needs a reason; the applicant may then apply again', async () => {
    const manager = await registerUser(ctx.app);
    const m = (await apply(manager, storeIds[1])).json() as Merchant;
    expect((await call(moderator, 'POST', `/admin/merchant-applications/${m.id}/refuse`, {})).statusCode).toBe(400);
    const refused = await call(moderator, 'POST', `/admin/merchant-applications/${m.id}/refuse`, { reason: 'Numéro injoignable' });
    expect(refused.json()).toMatchObject({ status: 'refused', review_reason: 'Numéro injoignable' });
    expect((await call(moderator, 'POST', `/admin/merchant-applications/${UNKNOWN}/approve`, {})).statusCode).toBe(404);
    expect((await apply(manager, storeIds[1])).json()).toMatchObject({ status: 'pending', review_reason: null });
  });
});
