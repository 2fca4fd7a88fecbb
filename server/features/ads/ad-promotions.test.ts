import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { insertAd } from '../../test/banner-ads-fixture';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { librevilleMinutes } from '../notifications/quiet-hours';
import { runAdPromotions, sendAdPromotions } from './ad-promotions';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let ctx: TestContext;
let advertiser: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  // Start at 10:00 in Libreville, so the steps below stay within one day and then move to the next.
  const minutes = librevilleMinutes(ctx.clock.now());
  ctx.clock.advance((((10 * 60 - minutes) % (24 * 60)) + 24 * 60) % (24 * 60) * MINUTE);
  advertiser = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

async function userWith(settings: Record<string, unknown>, old = false): Promise<SignedIn> {
  const user = await registerUser(ctx.app);
  if (Object.keys(settings).length) {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: bearer(user.access_token), payload: settings });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (old) await ctx.db.update(users).set({ createdAt: new Date(ctx.clock.now().getTime() - 40 * DAY) }).where(eq(users.id, user.user.id));
  return user;
}

const promotionsOf = (user: SignedIn) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.user.id), eq(notifications.type, 'promotional')))
    .orderBy(notifications.createdAt);

describe('promotional notifications of targeted ads', () => {
  it('go to opted-in users of the audience, once per ad, at most one a day, never in quiet hours', async () => {
    const optedIn = await userWith({ promotional_notifications: true });
    const optedInOld = await userWith({ promotional_notifications: true }, true);
    const notOptedIn = await userWith({});
    const quiet = await userWith({ promotional_notifications: true, quiet_hours_start: '09:00', quiet_hours_end: '11:00' });
    const now = () => ctx.clock.now();

    const first = await insertAd(ctx.db, advertiser.user.id, now(), { targetAudience: 'new_users', budgetXaf: 90_000, title: 'Riz à prix doux' });
    expect(await sendAdPromotions(ctx.deps, first.id)).toBe(1);
    const [received] = await promotionsOf(optedIn);
    expect(received).toMatchObject({ title: 'Annonce · Riz à prix doux', body: first.subtitle, data: { ad_id: first.id, url: `/annonces/${first.id}` } });
    for (const user of [optedInOld, notOptedIn, quiet]) expect(await promotionsOf(user)).toHaveLength(0);

    // Never twice for one ad; an ad for everyone sends nothing; nor does one that does not run.
    expect(await sendAdPromotions(ctx.deps, first.id)).toBe(0);
    const forAll = await insertAd(ctx.db, advertiser.user.id, now(), { targetAudience: 'all' });
    expect(await sendAdPromotions(ctx.deps, forAll.id)).toBe(0);
    const paused = await insertAd(ctx.db, advertiser.user.id, now(), { targetAudience: 'new_users', status: 'paused' });
    expect(await sendAdPromotions(ctx.deps, paused.id)).toBe(0);
    const later = await insertAd(ctx.db, advertiser.user.id, now(), { targetAudience: 'new_users', startsAt: new Date(now().getTime() + 2 * DAY) });
    expect(await sendAdPromotions(ctx.deps, later.id)).toBe(0);

    // A second targeted ad the same day: the opted-in user already had today's promotion.
    const second = await insertAd(ctx.db, advertiser.user.id, now(), { targetAudience: 'new_users', budgetXaf: 50_000, title: 'Huile en promotion', endsAt: new Date(now().getTime() + 5 * DAY) });
    expect(await sendAdPromotions(ctx.deps, second.id)).toBe(0);
    expect(await promotionsOf(optedIn)).toHaveLength(1);

    // Noon: the quiet hours are over, the next pass reaches that user (the bigger budget first).
    ctx.clock.advance(2 * HOUR);
    expect(await runAdPromotions(ctx.deps)).toBe(1);
    expect((await promotionsOf(quiet)).map((n) => n.data?.ad_id)).toEqual([first.id]);

    // The next day, each gets the ad they have not had yet — and the scheduled ad that started.
    ctx.clock.advance(DAY);
    expect(await runAdPromotions(ctx.deps)).toBe(2);
    expect((await promotionsOf(optedIn)).map((n) => n.data?.ad_id)).toEqual([first.id, second.id]);
    expect((await promotionsOf(quiet)).map((n) => n.data?.ad_id)).toEqual([first.id, second.id]);
    expect(await runAdPromotions(ctx.deps)).toBe(0);

    ctx.clock.advance(DAY);
    expect(await runAdPromotions(ctx.deps)).toBe(2);
    expect((await promotionsOf(optedIn)).map((n) => n.data?.ad_id)).toEqual([first.id, second.id, later.id]);
    for (const user of [optedInOld, notOptedIn]) expect(await promotionsOf(user)).toHaveLength(0);
  });
});
