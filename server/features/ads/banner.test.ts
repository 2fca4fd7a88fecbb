import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdAudience } from '#contract/ads';
import type { BannerSlide } from '#contract/ads-banner';
import type { LoginResponse } from '#contract/users';
import { BannerSlidesSchema } from '#contract/ads-banner';
import { adClicks, adImpressions, orders, users } from '../../db/schema';
import { insertAd } from '../../test/banner-ads-fixture';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders-fixture';
import { forgetAudienceFacts } from './ad-audience';
import { countsOf, forgetActiveAds } from './banner.service';
import { startWithoutAds } from './ads-fixture';
import { HOUSE_SLIDES } from './house-slides';

const DAY = 24 * 60 * 60 * 1000;
const LIBREVILLE = { lat: 0.39, lng: 9.45 };
const PORT_GENTIL = { lat: -0.72, lng: 8.78 };
const FRANCEVILLE = { lat: -1.63, lng: 13.58 };

let ctx: TestContext;
let advertiser: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  advertiser = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

beforeEach(() => startWithoutAds(ctx.db));

const now = () => ctx.clock.now();
const addAd = (over: Parameters<typeof insertAd>[3] = {}) => insertAd(ctx.db, advertiser.user.id, now(), over);

async function banner(user: SignedIn, position?: { lat: number; lng: number }): Promise<BannerSlide[]> {
  const query = position ? `?lat=${position.lat}&lng=${position.lng}` : '';
  const res = await ctx.app.inject({ method: 'GET', url: `/api/ads/banner${query}`, headers: bearer(user.access_token) });
  expect(res.statusCode, res.body).toBe(200);
  const slides = BannerSlidesSchema.parse(res.json());
  expect(slides).toHaveLength(5);
  return slides;
}
const adIds = (slides: BannerSlide[]) => slides.filter((s) => s.kind === 'ad').map((s) => s.id);

const impression = (user: SignedIn, adId: string, position?: { lat: number; lng: number }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/ads/${adId}/impression${position ? `?lat=${position.lat}&lng=${position.lng}` : ''}`,
    headers: bearer(user.access_token),
  });

/** A new session at the test clock's time (moving the clock by a day expires the first one). */
async function signInAgain(user: SignedIn): Promise<SignedIn> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as LoginResponse), password: user.password };
}

async function makeOld(user: SignedIn, days = 40) {
  await ctx.db.update(users).set({ createdAt: new Date(now().getTime() - days * DAY) }).where(eq(users.id, user.user.id));
}

async function deliveredOrders(user: SignedIn, n: number, where: { latitude: number | null; longitude: number | null; address: string }) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await insertOrder(ctx.db, user.user.id, { address: where.address })).id);
  await ctx.db
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now(), latitude: where.latitude, longitude: where.longitude })
    .where(inArray(orders.id, ids));
}

describe('GET /api/ads/banner — audiences', () => {
  it('answers 401 signed out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ads/banner' });
    expect(res.statusCode).toBe(401);
    expect(detailOf(res)).toBeTruthy();
  });

  it('shows each user the ads of the audiences they belong to', async () => {
    const byAudience = new Map<AdAudience, string>();
    for (const audience of ['all', 'libreville', 'port-gentil', 'new_users', 'frequent_users'] as const) {
      byAudience.set(audience, (await addAd({ targetAudience: audience, title: `Annonce ${audience}` })).id);
    }

    const fresh = await registerUser(ctx.app); // region "Gabon", no orders, registered now
    const frequentPg = await registerUser(ctx.app);
    await makeOld(frequentPg);
    await deliveredOrders(frequentPg, 3, { latitude: -0.71, longitude: 8.79, address: 'Quartier Balise, Port-Gentil' });
    const twoOrdersByAddress = await registerUser(ctx.app);
    await makeOld(twoOrdersByAddress);
    await deliveredOrders(twoOrdersByAddress, 2, { latitude: null, longitude: null, address: 'Quartier Louis, Libreville' });
    const oldNobody = await registerUser(ctx.app);
    await makeOld(oldNobody, 31);
    const almostOld = await registerUser(ctx.app);
    await makeOld(almostOld, 29);

    const table: [string, SignedIn, { lat: number; lng: number } | undefined, AdAudience[]][] = [
      ['new account, no position', fresh, undefined, ['all', 'new_users']],
      ['new account in Libreville', fresh, LIBREVILLE, ['all', 'new_users', 'libreville']],
      ['new account in Port-Gentil', fresh, PORT_GENTIL, ['all', 'new_users', 'port-gentil']],
      ['new account in Franceville', fresh, FRANCEVILLE, ['all', 'new_users']],
      ['3 delivered orders in Port-Gentil', frequentPg, undefined, ['all', 'frequent_users', 'port-gentil']],
      ['3 delivered orders in Port-Gentil, now in Libreville', frequentPg, LIBREVILLE, ['all', 'frequent_users', 'libreville']],
      ['3 delivered orders in Port-Gentil, position far from both', frequentPg, FRANCEVILLE, ['all', 'frequent_users', 'port-gentil']],
      ['2 delivered orders, address in Libreville', twoOrdersByAddress, undefined, ['all', 'libreville']],
      ['account 31 days old', oldNobody, undefined, ['all']],
      ['account 29 days old', almostOld, undefined, ['all', 'new_users']],
    ];
    for (const [name, user, position, expected] of table) {
      const shown = adIds(await banner(user, position)).sort();
      expect(shown, name).toEqual(expected.map((a) => byAudience.get(a)!).sort());
    }
  });

  it('counts only delivered orders for frequent users', async () => {
    const ad = await addAd({ targetAudience: 'frequent_users' });
    const user = await registerUser(ctx.app);
    for (let i = 0; i < 3; i++) await insertOrder(ctx.db, user.user.id); // pending, not delivered
    expect(adIds(await banner(user))).toEqual([]);
    await ctx.db.update(orders).set({ status: 'delivered' }).where(eq(orders.userId, user.user.id));
    forgetAudienceFacts(ctx.db);
    expect(adIds(await banner(user))).toEqual([ad.id]);
  });

  it('never shows an ad that is not running: paused, expired, scheduled, in review, past its end, before its start', async () => {
    const running = await addAd({ title: 'En cours' });
    const t = now().getTime();
    for (const status of ['paused', 'expired', 'scheduled', 'awaiting_review', 'awaiting_payment', 'draft', 'rejected', 'refunded']) await addAd({ status });
    await addAd({ endsAt: new Date(t - 1000) });
    await addAd({ startsAt: new Date(t + DAY) });
    await addAd({ startsAt: null, endsAt: null });
    const user = await registerUser(ctx.app);
    expect(adIds(await banner(user))).toEqual([running.id]);

    // Time passing ends the running one too, even before the expiry job changes its status.
    ctx.clock.advance(8 * DAY);
    try {
      expect(adIds(await banner(await signInAgain(user)))).toEqual([]);
    } finally {
      ctx.clock.advance(-8 * DAY);
    }
  });
});

describe('GET /api/ads/banner — rotation and house slides', () => {
  it('fills with house slides when fewer than five ads fit, in their order', async () => {
    const user = await registerUser(ctx.app);
    const none = await banner(user);
    expect(none).toEqual(HOUSE_SLIDES);
    expect(none.map((s) => s.id)).toEqual(['free-delivery', 'compare', 'contribute', 'list-from-photo', 'new-stores']);

    const a = await addAd({ title: 'Une' });
    const b = await addAd({ title: 'Deux', type: 'image', mediaUrl: '/uploads/ads/x.webp', mediaMime: 'image/webp', bgColor: 'pink', textColor: 'dark' });
    forgetActiveAds(ctx.db);
    const two = await banner(user);
    expect(two.slice(0, 2).map((s) => s.kind)).toEqual(['ad', 'ad']);
    expect(adIds(two).sort()).toEqual([a.id, b.id].sort());
    expect(two.slice(2)).toEqual(HOUSE_SLIDES.slice(0, 3));
    const image = two.find((s) => s.id === b.id)!;
    expect(image).toMatchObject({ kind: 'ad', title: 'Deux', type: 'image', media_url: '/uploads/ads/x.webp', media_mime: 'image/webp', gradient: 'pink', text_color: 'dark' });
    expect(image.kind === 'ad' && image.click_url).toMatch(new RegExp(`^/api/ads/${b.id}/click\\?t=[A-Za-z0-9_-]+$`));
  });

  it('answers at most five ads, in one order for a user within the hour, bigger budgets first more often', async () => {
    const small: string[] = [];
    const big: string[] = [];
    for (let i = 0; i < 6; i++) small.push((await addAd({ budgetXaf: 10_000 })).id);
    for (let i = 0; i < 6; i++) big.push((await addAd({ budgetXaf: 150_000 })).id);
    const firstUser = await registerUser(ctx.app);
    const first = adIds(await banner(firstUser));
    expect(first).toHaveLength(5);
    expect(adIds(await banner(firstUser))).toEqual(first);

    let bigShown = 0;
    let smallShown = 0;
    for (let i = 0; i < 12; i++) {
      const shown = adIds(await banner(await registerUser(ctx.app)));
      expect(shown).toHaveLength(5);
      bigShown += shown.filter((id) => big.includes(id)).length;
      smallShown += shown.filter((id) => small.includes(id)).length;
    }
    expect(bigShown).toBeGreaterThan(smallShown * 2);
  });
});

describe('POST /api/ads/{id}/impression', () => {
  it('counts an ad once per user and day', async () => {
    const ad = await addAd();
    const one = await registerUser(ctx.app);
    const two = await registerUser(ctx.app);
    expect((await impression(one, ad.id)).statusCode).toBe(204);
    expect((await impression(one, ad.id)).statusCode).toBe(204);
    expect((await countsOf(ctx.db, ad.id)).impressions).toBe(1);

    ctx.clock.advance(DAY);
    try {
      expect((await impression(await signInAgain(one), ad.id)).statusCode).toBe(204);
      expect((await countsOf(ctx.db, ad.id)).impressions).toBe(2);
    } finally {
      ctx.clock.advance(-DAY);
    }
    expect((await impression(two, ad.id)).statusCode).toBe(204);
    expect((await countsOf(ctx.db, ad.id)).impressions).toBe(3);
    const days = await ctx.db.select().from(adImpressions).where(eq(adImpressions.adId, ad.id));
    expect(new Set(days.map((d) => d.day)).size).toBe(2);
  });

  it('answers 404 for an ad outside the user audience, not running, unknown, or a house slide', async () => {
    const user = await registerUser(ctx.app);
    await makeOld(user);
    const portGentil = await addAd({ targetAudience: 'port-gentil' });
    const paused = await addAd({ status: 'paused' });
    expect((await impression(user, portGentil.id)).statusCode).toBe(404);
    expect((await impression(user, portGentil.id, LIBREVILLE)).statusCode).toBe(404);
    expect((await impression(user, portGentil.id, PORT_GENTIL)).statusCode).toBe(204);
    expect((await impression(user, paused.id)).statusCode).toBe(404);
    expect((await impression(user, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const house = await impression(user, 'free-delivery');
    expect(house.statusCode).toBe(404);
    expect(detailOf(house)).toBeTruthy();
    expect((await ctx.app.inject({ method: 'POST', url: `/api/ads/${portGentil.id}/impression` })).statusCode).toBe(401);
    expect((await countsOf(ctx.db, portGentil.id)).impressions).toBe(1);
    expect((await countsOf(ctx.db, paused.id)).impressions).toBe(0);
  });
});

describe('GET /api/ads/{id}/click', () => {
  const clickRows = (adId: string) => ctx.db.select().from(adClicks).where(eq(adClicks.adId, adId)).orderBy(adClicks.id);

  it('redirects to the ad page and attributes the click through the token of the banner link', async () => {
    const ad = await addAd();
    const user = await registerUser(ctx.app);
    const slide = (await banner(user)).find((s) => s.id === ad.id);
    expect(slide?.kind).toBe('ad');
    const url = slide!.kind === 'ad' ? slide!.click_url : '';

    const res = await ctx.app.inject({ method: 'GET', url }); // a browser following the link: no bearer
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/annonces/${ad.id}`);
    expect((await clickRows(ad.id)).map((c) => c.userId)).toEqual([user.user.id]);
  });

  it('attributes with a bearer token or the banner token, counts nothing anonymous, forged or stale, and a viewer once a day', async () => {
    const ad = await addAd();
    const other = await addAd();
    const user = await registerUser(ctx.app);
    const withBearer = await ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click`, headers: bearer(user.access_token) });
    expect(withBearer.statusCode).toBe(302);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click` });
    expect(anonymous.statusCode).toBe(302);
    const badBearer = await ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click`, headers: bearer('nope') });
    expect(badBearer.statusCode).toBe(302);
    const forged = await ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click?t=${'A'.repeat(64)}` });
    expect(forged.statusCode).toBe(302);

    const slides = await banner(user);
    const otherLink = slides.find((s) => s.id === other.id);
    const token = otherLink?.kind === 'ad' ? new URL(otherLink.click_url, 'http://x').searchParams.get('t') : null;
    expect(token).toBeTruthy();
    // The banner's token names its user on any of its links.
    await ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click?t=${token}` });
    // A token older than a day neither.
    ctx.clock.advance(DAY + 60_000);
    try {
      await ctx.app.inject({ method: 'GET', url: `/api/ads/${other.id}/click?t=${token}` });
    } finally {
      ctx.clock.advance(-(DAY + 60_000));
    }

    expect((await clickRows(ad.id)).map((c) => c.userId)).toEqual([user.user.id]);
    expect(await clickRows(other.id)).toEqual([]);
  });

  it('a flood counts nothing anonymous and one viewer once: 300 anonymous clicks and 30 of one account at once (finding 6: 300 counted, rate 1.51)', async () => {
    const ad = await addAd();
    const viewer = await registerUser(ctx.app);
    const anonymous = Array.from({ length: 300 }, () => ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click` }));
    const own = Array.from({ length: 30 }, () => ctx.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click`, headers: bearer(viewer.access_token) }));
    const answers = await Promise.all([...anonymous, ...own]);
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([302]));
    expect((await countsOf(ctx.db, ad.id)).clicks).toBe(1);
  });

  it('leads an ended ad to its page without counting, and answers 404 for an unknown ad', async () => {
    const ended = await addAd({ status: 'expired' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/ads/${ended.id}/click` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/annonces/${ended.id}`);
    expect((await countsOf(ctx.db, ended.id)).clicks).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ads/00000000-0000-4000-8000-000000000000/click' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ads/pas-un-id/click' })).statusCode).toBe(404);
  });
});

describe('GET /api/ads/{id}/public', () => {
  const read = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/ads/${id}/public` });

  it('shows a running ad to anyone, whatever its audience, with what the banner shows and nothing of its advertiser', async () => {
    const ad = await addAd({ targetAudience: 'port-gentil', title: 'Poisson frais', description: 'Arrivage du jour' });
    const res = await read(ad.id); // no bearer: the page opens from a shared link too
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: ad.id, title: 'Poisson frais', description: 'Arrivage du jour', type: 'text', gradient: 'blue' });
    expect(Object.keys(body).sort()).toEqual(['description', 'gradient', 'id', 'media_mime', 'media_url', 'show_text', 'subtitle', 'text_color', 'title', 'type']);
  });

  it('answers 404 in French for an ad that ended, is paused, waits for review or does not exist', async () => {
    for (const status of ['expired', 'paused', 'awaiting_review'] as const) {
      const ad = await addAd({ status });
      const res = await read(ad.id);
      expect(res.statusCode, status).toBe(404);
      expect(detailOf(res)).toBe('Annonce introuvable');
    }
    expect((await read('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read('pas-un-id')).statusCode).toBe(404);
  });

  it('answers 404 once the paid window is over, even before the expiry job runs', async () => {
    const ad = await addAd();
    expect((await read(ad.id)).statusCode).toBe(200);
    ctx.clock.advance(8 * DAY);
    try {
      expect((await read(ad.id)).statusCode).toBe(404);
    } finally {
      ctx.clock.advance(-8 * DAY);
    }
  });
});
