// A store manager's merchant application and a moderator's approval, made through the API as the
// merchant space and /admin make them, shared by the merchant test files.
import { expect } from 'vitest';
import { bearer, registerUser, type SignedIn, type TestContext } from '../../test/harness';

/** `who` applies for `storeId`; answers the application's id. */
export async function applyAsMerchant(ctx: Pick<TestContext, 'app'>, who: SignedIn, storeId: string): Promise<string> {
  const applied = await ctx.app.inject({
    method: 'POST',
    url: '/api/merchants/application',
    headers: bearer(who.access_token),
    payload: { store_id: storeId, manager_name: 'Aimée Ndong', phone: '077 28 01 50' },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  return (applied.json() as { id: string }).id;
}

export async function approveApplication(ctx: Pick<TestContext, 'app'>, moderator: SignedIn, applicationId: string): Promise<void> {
  const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/merchant-applications/${applicationId}/approve`, headers: bearer(moderator.access_token), payload: {} });
  expect(approved.statusCode, approved.body).toBe(200);
}

/** A new account, the approved merchant of `storeId`. */
export async function approvedMerchantOf(ctx: Pick<TestContext, 'app'>, moderator: SignedIn, storeId: string): Promise<SignedIn> {
  const manager = await registerUser(ctx.app);
  await approveApplication(ctx, moderator, await applyAsMerchant(ctx, manager, storeId));
  return manager;
}
