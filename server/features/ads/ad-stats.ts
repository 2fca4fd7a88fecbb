// What an advertiser sees of an ad's audience: impressions (one per user and day the slide was
// shown) and clicks counted from ad_impressions and ad_clicks, the click rate, the spec's estimate
// (1 000 views a day) and one row per day of the run for a small chart.
import { count, inArray } from 'drizzle-orm';
import { AD_ESTIMATED_VIEWS_PER_DAY } from '#contract/ads';
import type { AdResponse, AdStatsDay } from '#contract/ads-api';
import { addDays, todayInGabon } from '#contract/format';
import type { DbOrTx } from '../../db/client';
import { adClicks, adImpressions, ads } from '../../db/schema';

type AdRow = typeof ads.$inferSelect;
export type AdStats = AdResponse['stats'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days run so far, counting a started day as a whole one; the whole duration before the start. */
export function estimatedViews(ad: Pick<AdRow, 'durationDays' | 'startsAt' | 'endsAt'>, now: Date): number {
  if (!ad.startsAt || now < ad.startsAt) return ad.durationDays * AD_ESTIMATED_VIEWS_PER_DAY;
  const until = ad.endsAt && ad.endsAt < now ? ad.endsAt : now;
  const daysRun = Math.min(ad.durationDays, Math.max(1, Math.ceil((until.getTime() - ad.startsAt.getTime()) / DAY_MS)));
  return daysRun * AD_ESTIMATED_VIEWS_PER_DAY;
}

/** The calendar days (Libreville) from the start to today or the end, whichever comes first. */
function runDays(ad: Pick<AdRow, 'startsAt' | 'endsAt'>, now: Date): string[] {
  if (!ad.startsAt || now < ad.startsAt) return [];
  const last = todayInGabon(ad.endsAt && ad.endsAt <= now ? new Date(ad.endsAt.getTime() - 1) : now);
  const days: string[] = [];
  for (let day = todayInGabon(ad.startsAt); day <= last && days.length < 366; day = addDays(day, 1)) days.push(day);
  return days;
}

const rate = (clicks: number, impressions: number) => (impressions === 0 ? 0 : Math.round((clicks / impressions) * 10_000) / 10_000);

/** The statistics of each ad, from two grouped reads whatever the number of ads. */
export async function statsOfAds(db: DbOrTx, rows: AdRow[], now: Date): Promise<Map<string, AdStats>> {
  const ids = rows.map((r) => r.id);
  const [impressions, clicks] = ids.length
    ? await Promise.all([
        db.select({ adId: adImpressions.adId, day: adImpressions.day, n: count() }).from(adImpressions).where(inArray(adImpressions.adId, ids)).groupBy(adImpressions.adId, adImpressions.day),
        db.select({ adId: adClicks.adId, day: adClicks.day, n: count() }).from(adClicks).where(inArray(adClicks.adId, ids)).groupBy(adClicks.adId, adClicks.day),
      ])
    : [[], []];
  const perAd = new Map<string, Map<string, AdStatsDay>>();
  const dayOf = (adId: string, day: string) => {
    const days = perAd.get(adId) ?? perAd.set(adId, new Map()).get(adId)!;
    return days.get(day) ?? days.set(day, { day, impressions: 0, clicks: 0 }).get(day)!;
  };
  for (const r of impressions) dayOf(r.adId, r.day).impressions += Number(r.n);
  for (const r of clicks) dayOf(r.adId, r.day).clicks += Number(r.n);

  const result = new Map<string, AdStats>();
  for (const ad of rows) {
    const measured = perAd.get(ad.id) ?? new Map<string, AdStatsDay>();
    const totals = [...measured.values()].reduce((t, d) => ({ impressions: t.impressions + d.impressions, clicks: t.clicks + d.clicks }), { impressions: 0, clicks: 0 });
    const days = runDays(ad, now).map((day) => measured.get(day) ?? { day, impressions: 0, clicks: 0 });
    result.set(ad.id, { ...totals, click_rate: rate(totals.clicks, totals.impressions), estimated_views: estimatedViews(ad, now), days });
  }
  return result;
}
