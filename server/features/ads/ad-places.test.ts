// Ads targeted at a town or a district that has stores (issue 29, item 3): what the wizard offers,
// what the API accepts, and who sees such an ad in the banner.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdPlacesSchema } from '#contract/ads';
import { DEFAULT_PREFERENCES } from '#contract/users';
import { stores, users } from '../../db/schema';
import { insertAd } from '../../test/banner-ads-fixture';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { forgetAudienceFacts } from './ad-audience';
import { startWithoutAds, textDraft } from './ads-fixture';

let ctx: TestContext;
let advertiser: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  advertiser = await registerUser(ctx.app);
});
afterAll(() => ctx.close());
beforeEach(() => startWithoutAds(ctx.db));

const post = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/ads', payload: body, headers: bearer(advertiser.access_token) });

async function bannerAds(user: SignedIn, at?: { latitude: number; longitude: number }): Promise<string[]> {
  const query = at ? `?lat=${at.latitude}&lng=${at.longitude}` : '';
  const res = await ctx.app.inject({ method: 'GET', url: `/api/ads/banner${query}`, headers: bearer(user.access_token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { kind: string; id: string }[]).filter((s) => s.kind === 'ad').map((s) => s.id).sort();
}

async function storeIn(district: string) {
  const [row] = await ctx.db.select().from(stores).where(like(stores.district, `${district}%`));
  return { latitude: row.latitude, longitude: row.longitude };
}

describe('GET /api/ads/places', () => {
  it('offers every town with listed stores and its districts, not only Libreville and Port-Gentil', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ads/places', headers: bearer(advertiser.access_token) });
    expect(res.statusCode, res.body).toBe(200);
    const { cities } = AdPlacesSchema.parse(res.json());
    const names = cities.map((c) => c.city);
    for (const town of ['Libreville', 'Port-Gentil', 'Akanda', 'Owendo', 'Franceville']) expect(names).toContain(town);
    const libreville = cities.find((c) => c.city === 'Libreville')!;
    expect(libreville.districts.map((d) => d.district)).toContain('Glass');
    // « Potos » and « Potos (2e arr.) » are one district.
    expect(cities.find((c) => c.city === 'Franceville')!.districts.filter((d) => d.district.startsWith('Potos'))).toEqual([{ district: 'Potos', store_count: 2 }]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ads/places' })).statusCode).toBe(401);
  });
});

describe('POST /api/ads — the target', () => {
  it('keeps a town or district as the stores spell it, and the spec values as they are', async () => {
    for (const [sent, kept] of [
      ['city:akanda', 'city:Akanda'],
      ['district:libreville/glass', 'district:Libreville/Glass'],
      ['libreville', 'libreville'],
      ['port-gentil', 'port-gentil'],
      ['new_users', 'new_users'],
    ]) {
      const res = await post(textDraft({ targetAudience: sent }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().target_audience).toBe(kept);
    }
  });

  it('answers a French 400 for a place without stores or a malformed target', async () => {
    for (const target of ['city:Lambaréné', 'district:Libreville/Quartier inconnu', 'district:Akanda/Glass', 'ville:Akanda', 'city:', 'paris']) {
      const res = await post(textDraft({ targetAudience: target }));
      expect(res.statusCode, target).toBe(400);
      expect(detailOf(res)).toMatch(/^[A-ZÀ-Ý]/);
    }
    const res = await post(textDraft({ targetAudience: 'city:Lambaréné' }));
    expect(res.json()).toMatchObject({ code: 'AD_TARGET_UNKNOWN', detail: expect.stringContaining('Lambaréné') });
  });

  it('lets an image ad go without text over its image, and without a subtitle', async () => {
    const res = await post(textDraft({ type: 'image', subtitle: '', showText: false, media: `data:image/png;base64,${(await (await import('./ads-fixture')).pngBytes()).toString('base64')}` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ show_text: false, subtitle: '', text_color: 'white' });
    expect((await post(textDraft({ subtitle: '' }))).statusCode).toBe(400); // a text ad needs its subtitle
  });
});

describe('GET /api/ads/banner — places', () => {
  it('shows a district ad in its district only, a town ad in its town, and the spec values as before', async () => {
    const glassAd = (await insertAd(ctx.db, advertiser.user.id, ctx.clock.now(), { targetAudience: 'district:Libreville/Glass' })).id;
    const akandaAd = (await insertAd(ctx.db, advertiser.user.id, ctx.clock.now(), { targetAudience: 'city:Akanda' })).id;
    const librevilleAd = (await insertAd(ctx.db, advertiser.user.id, ctx.clock.now(), { targetAudience: 'libreville' })).id;
    const allAd = (await insertAd(ctx.db, advertiser.user.id, ctx.clock.now(), { targetAudience: 'all' })).id;
    const user = await registerUser(ctx.app);
    await ctx.db.update(users).set({ createdAt: new Date(ctx.clock.now().getTime() - 60 * 86_400_000) }).where(eq(users.id, user.user.id));

    expect(await bannerAds(user, await storeIn('Glass'))).toEqual([glassAd, librevilleAd, allAd].sort());
    expect(await bannerAds(user, await storeIn('Nzeng-Ayong'))).toEqual([librevilleAd, allAd].sort());
    expect(await bannerAds(user, await storeIn('Avorbam'))).toEqual([akandaAd, librevilleAd, allAd].sort());
    expect(await bannerAds(user, await storeIn('Potos'))).toEqual([allAd]);
    expect(await bannerAds(user)).toEqual([allAd]);

    // No position: the town the user saved.
    await ctx.db.update(users).set({ preferences: { ...DEFAULT_PREFERENCES, city: 'Akanda' } }).where(eq(users.id, user.user.id));
    await forgetAudienceFacts(ctx.db);
    expect(await bannerAds(user)).toEqual([akandaAd, librevilleAd, allAd].sort());
  });
});
