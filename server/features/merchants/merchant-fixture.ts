// A store's approved merchant, made the way a store manager and a moderator do it through the API,
// shared by the merchant test files.
import { expect } from 'vitest';
import { bearer, registerUser, type SignedIn, type TestContext } from '../../test/harness';

export async function approvedMerchantOf(ctx: Pick<TestContext, 'app'>, moderator: SignedIn, storeId: string): Promise<SignedIn> {
  const manager = await registerUser(ctx.app);
  const applied = await ctx.app.inject({
    method: 'POST',
    url: '/api/merchants/application',
    headers: bearer(manager.access_token),
    payload: { store_id: storeId, manager_name: 'Aimée Ndong', phone: '077 28 01 50' },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/merchant-applications/${applied.json().id}/approve`, headers: bearer(moderator.access_token), payload: {} });
  expect(approved.statusCode, approved.body).toBe(200);
  return manager;
}
