// Merchants buy ads from their space with the existing ad manager (issue 29, item 3): an approved
// merchant makes an ad aimed at its own district, and another merchant can neither see nor change it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../db/schema';
import { adSteps } from '../ads/ads-fixture';
import { bearer, createTestContext, realModerator, type TestContext } from '../../test/harness';
import { approvedMerchantOf } from './merchant-fixture';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a merchant’s ads', () => {
  it('an approved merchant targets its district; another merchant gets 404 on it, and its list stays its own', async () => {
    const moderator = await realModerator(ctx);
    const [mine, theirs] = await ctx.db.select().from(stores).where(eq(stores.listing, 'listed')).orderBy(stores.name).limit(2);
    const merchant = await approvedMerchantOf(ctx, moderator, mine.id);
    const rival = await approvedMerchantOf(ctx, moderator, theirs.id);
    const target = mine.district ? `district:${mine.city}/${mine.district}` : `city:${mine.city}`;

    const ad = await adSteps(ctx).create(merchant, { title: `Promo ${mine.name}`.slice(0, 60), targetAudience: target });
    expect(ad.status).toBe('draft');
    const call = (who: typeof merchant, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api${url}`, payload, headers: bearer(who.access_token) });
    expect((await call(rival, 'GET', `/ads/${ad.id}`)).statusCode).toBe(404);
    expect((await call(rival, 'PUT', `/ads/${ad.id}`, { title: 'Volée', subtitle: 'x', type: 'text', duration: 7, targetAudience: 'all', budget: ad.budget, bgColor: 'blue' })).statusCode).toBe(404);
    expect((await call(rival, 'POST', `/ads/${ad.id}/pause`)).statusCode).toBe(404);
    const rivalAds = (await call(rival, 'GET', '/ads/mine')).json() as { ads?: { id: string }[] } | { id: string }[];
    expect(JSON.stringify(rivalAds)).not.toContain(ad.id);
    expect(JSON.stringify((await call(merchant, 'GET', '/ads/mine')).json())).toContain(ad.id);
  });
});
