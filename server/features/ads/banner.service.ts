// The promo banner (issue 14): which ads a signed-in user sees, in what order, and what is measured.
// - Shown: status 'active' and starts_at ≤ now < ends_at, with an audience that fits the user
//   (ad-audience.ts: the spec's audiences, or a town or district that has stores). The active ads are read once every few seconds per process, not per request.
// - Order: a weighted random order without replacement, weights = budget (Efraimidis–Spirakis keys
//   u^(1/w)), seeded by user and hour so a reload keeps the order and a bigger budget comes first
//   more often. At most five slides; house slides fill the rest.
// - Impressions: one row per ad, user and Libreville day (the slide was actually shown).
// - Clicks: every follow of the tracked link, with its user when known.
import { eq, sql } from 'drizzle-orm';
import { adTargetKey, parseAdTarget, type AdGradient, type AdType } from '#contract/ads';
import type { AdPublic, BannerSlide } from '#contract/ads-banner';
import { adPagePath, BANNER_MAX_SLIDES } from '#contract/ads-banner';
import type { Db } from '../../db/client';
import { adImpressions, ads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../platform/errors';
import type { LatLng } from '../../platform/geo';
import { isUuid } from '../../platform/ids';
import { invalidateCache } from '../../platform/cache-invalidation';
import { readCacheOf } from '../../platform/read-cache';
import { queryRows } from '../../platform/sql-rows';
import { audiencesOf, cachedAudienceFacts } from './ad-audience';
import type { ClickTokens } from './ad-click-token';
import { HOUSE_SLIDES } from './house-slides';
import { placeIndex } from './ad-places';
import { shownText } from './ad-text';

const ACTIVE_ADS_TTL_MS = 5_000;
const HOUR_MS = 60 * 60 * 1000;
/** Africa/Libreville is UTC+1 all year (no daylight saving). */
const LIBREVILLE_OFFSET_MS = HOUR_MS;

export type ActiveAd = {
  id: string;
  title: string;
  subtitle: string;
  description: string | null;
  type: AdType;
  mediaUrl: string | null;
  mediaMime: string | null;
  gradient: AdGradient;
  textColor: 'white' | 'dark';
  showText: boolean;
  /** The target as kept (ads.target_audience). */
  audience: string;
  budget: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** A fixed hash of the id, mixed with the user's seed for the rotation. */
  hash: number;
};

/** The day an impression or click counts for: the date in Libreville. */
export const librevilleDay = (now: Date) => new Date(now.getTime() + LIBREVILLE_OFFSET_MS).toISOString().slice(0, 10);

// ---------------------------------------------------------------- active ads, cached

const ACTIVE_ADS_CACHE = 'banner-active-ads';
const activeAdsCache = (db: Db) => readCacheOf(db, ACTIVE_ADS_CACHE, { ttlMs: ACTIVE_ADS_TTL_MS, maxEntries: 1 });

/** The ads with status 'active', grouped by their target's key (adTargetKey: the same place whatever its spelling). */
export type ActiveAds = ReadonlyMap<string, readonly ActiveAd[]>;

async function loadActiveAds(db: Db): Promise<ActiveAds> {
  const rows = await db.select().from(ads).where(eq(ads.status, 'active'));
  const byAudience = new Map<string, ActiveAd[]>();
  for (const r of rows) {
    const target = parseAdTarget(r.targetAudience);
    if (!target) continue; // never written by the API (AdTargetSchema)
    const key = adTargetKey(target);
    const group = byAudience.get(key) ?? [];
    byAudience.set(key, group);
    const text = shownText(r.type, r.textColor);
    group.push({
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      description: r.description,
      type: r.type as AdType,
      mediaUrl: r.mediaUrl,
      mediaMime: r.mediaMime,
      gradient: r.bgColor as AdGradient,
      textColor: text.text_color,
      showText: text.show_text,
      audience: r.targetAudience,
      budget: Number(r.budgetXaf),
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      hash: hashString(r.id),
    });
  }
  return byAudience;
}

/** Ads with status 'active', at most a few seconds old (whether each runs now is checked per request). */
export function activeAds(db: Db): Promise<ActiveAds> {
  return activeAdsCache(db).get('active', () => loadActiveAds(db));
}

/**
 * Forgets the cached active ads: call after an ad is approved, edited, paused, resumed, started or
 * expired, so that every instance shows the change at once (platform/cache-invalidation.ts).
 */
export function forgetActiveAds(db: Db): Promise<void> {
  return invalidateCache(db, ACTIVE_ADS_CACHE);
}

export const isRunning = (ad: Pick<ActiveAd, 'startsAt' | 'endsAt'>, now: Date) =>
  ad.startsAt !== null && ad.endsAt !== null && ad.startsAt.getTime() <= now.getTime() && now.getTime() < ad.endsAt.getTime();

// ---------------------------------------------------------------- rotation

function hashString(text: string): number {
  // FNV-1a, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mix(a: number, b: number): number {
  // murmur3's finaliser over the two hashes: a uniform 32-bit value per (seed, ad).
  let h = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of one user's order for one hour. */
export const rotationSeed = (userId: string, now: Date) => hashString(`${userId}:${Math.floor(now.getTime() / HOUR_MS)}`);

/**
 * A weighted random order without replacement, the `limit` first: each ad's key is ln(u)/w with u
 * uniform in (0,1) from the seed, and the largest keys come first (Efraimidis–Spirakis). The few
 * best are kept as they come (no sort of every candidate): this runs on every page.
 */
export function rankByBudget<T extends { budget: number; hash: number }>(candidates: readonly T[], seed: number, limit: number): T[] {
  if (limit <= 0) return [];
  const best: { ad: T; key: number }[] = [];
  for (const ad of candidates) {
    const key = Math.log((mix(seed, ad.hash) + 0.5) / 4294967296) / Math.max(1, ad.budget);
    if (best.length === limit) {
      if (key <= best[limit - 1].key) continue;
      best.pop();
    }
    let i = best.length;
    while (i > 0 && best[i - 1].key < key) i--;
    best.splice(i, 0, { ad, key });
  }
  return best.map((b) => b.ad);
}

// ---------------------------------------------------------------- the banner

export type BannerDeps = AppDeps & { clickTokens: ClickTokens };

/** The ads running now whose audience fits the user (empty for an unknown user). */
async function adsForUser(deps: AppDeps, userId: string, position: LatLng | null, now: Date): Promise<ActiveAd[]> {
  const [byAudience, facts, places] = await Promise.all([activeAds(deps.db), cachedAudienceFacts(deps.db, userId), placeIndex(deps)]);
  if (!facts) return [];
  const fitting: ActiveAd[] = [];
  for (const audience of audiencesOf(facts, now, position, places)) {
    for (const ad of byAudience.get(audience) ?? []) if (isRunning(ad, now)) fitting.push(ad);
  }
  return fitting;
}

export async function bannerFor(deps: BannerDeps, userId: string, position: LatLng | null): Promise<BannerSlide[]> {
  const now = deps.now();
  const fitting = await adsForUser(deps, userId, position, now);
  const chosen = rankByBudget(fitting, rotationSeed(userId, now), BANNER_MAX_SLIDES);
  const token = chosen.length ? deps.clickTokens.seal(userId, now) : '';
  const slides: BannerSlide[] = chosen.map((ad) => ({ kind: 'ad', ...publicViewOf(ad), click_url: `/api/ads/${ad.id}/click?t=${token}` }));
  for (const house of HOUSE_SLIDES) {
    if (slides.length >= BANNER_MAX_SLIDES) break;
    slides.push(house);
  }
  return slides;
}

const publicViewOf = (ad: ActiveAd): AdPublic => ({
  id: ad.id,
  title: ad.title,
  subtitle: ad.subtitle,
  description: ad.description,
  type: ad.type,
  media_url: ad.mediaUrl,
  media_mime: ad.mediaMime,
  gradient: ad.gradient,
  text_color: ad.textColor,
  show_text: ad.showText,
});

/** What a running ad shows, for its public page (anyone may read it); 404 once it no longer runs. */
export async function publicAd(deps: AppDeps, adId: string): Promise<AdPublic> {
  if (!isUuid(adId)) throw new AppError('AD_NOT_FOUND');
  const now = deps.now();
  for (const group of (await activeAds(deps.db)).values()) {
    const ad = group.find((candidate) => candidate.id === adId);
    if (ad && isRunning(ad, now)) return publicViewOf(ad);
  }
  throw new AppError('AD_NOT_FOUND');
}

/** Counts that the user saw the ad today (once a day); 404 unless it runs now and fits the user. */
export async function recordImpression(deps: AppDeps, userId: string, adId: string, position: LatLng | null): Promise<void> {
  const now = deps.now();
  if (!isUuid(adId)) throw new AppError('AD_NOT_FOUND');
  const fitting = await adsForUser(deps, userId, position, now);
  if (!fitting.some((ad) => ad.id === adId)) throw new AppError('AD_NOT_FOUND');
  await deps.db.insert(adImpressions).values({ adId, userId, day: librevilleDay(now), createdAt: now }).onConflictDoNothing();
}

/**
 * A follow of the tracked link: counted (with the user when known) while the ad runs, and answered
 * with where to go — the ad's public page. An ad that ended still leads to its page, uncounted.
 */
export async function recordClick(deps: AppDeps, adId: string, userId: string | null): Promise<string> {
  const now = deps.now();
  if (!isUuid(adId)) throw new AppError('AD_NOT_FOUND');
  const [ad] = await deps.db
    .select({ status: ads.status, startsAt: ads.startsAt, endsAt: ads.endsAt })
    .from(ads)
    .where(eq(ads.id, adId));
  if (!ad) throw new AppError('AD_NOT_FOUND');
  // A click counts once per viewer, ad and day, and only from a known viewer (a session or the
  // banner's sealed token): an anonymous flood of this URL counts nothing, and a rate stays a fraction.
  if (userId && ad.status === 'active' && isRunning(ad, now)) {
    const day = librevilleDay(now);
    await deps.db.transaction(async (tx) => {
      // Two clicks at once of one viewer: the second waits for the first, then finds it.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ad-click:${adId}:${userId}:${day}`}))`);
      await tx.execute(
        sql`insert into ad_clicks (ad_id, user_id, day, created_at)
            select ${adId}, ${userId}, ${day}, ${now}
            where not exists (select 1 from ad_clicks where ad_id = ${adId} and user_id = ${userId} and day = ${day})`,
      );
    });
  }
  return adPagePath(adId);
}

/** Impressions and clicks of an ad (tests, and a cheap check for the advertiser's statistics). */
export async function countsOf(db: Db, adId: string): Promise<{ impressions: number; clicks: number }> {
  const [row] = await queryRows<{ impressions: number; clicks: number }>(
    db,
    sql`select (select count(*)::int from ad_impressions where ad_id = ${adId}) as impressions,
               (select count(*)::int from ad_clicks where ad_id = ${adId}) as clicks`,
  );
  return { impressions: Number(row.impressions), clicks: Number(row.clicks) };
}
