// Promotional notifications of ads (issue 14 point 6). When an ad with a targeted audience (anything
// but 'all') runs, the users of that audience who opted in to promotional notifications (off by
// default) get one notification about it: never twice for one ad, at most one promotion a day per
// user whatever the ad (the ad_promotions_sent key, user and Libreville day, decides even between
// concurrent passes), and never during the user's quiet hours — those users are left for a later
// pass. The notification goes through the notifications service, so the settings and Web Push rules
// apply. sendAdPromotions runs on approval (the lifecycle calls it) and a background pass every
// 15 minutes picks up scheduled ads that started and users whose quiet hours ended.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adTargetKey, parseAdTarget } from '#contract/ads';
import { adPagePath } from '#contract/ads-banner';
import { fr } from '#contract/messages';
import { adPromotionsSent, ads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { registerBackgroundJob } from '../../platform/background-job';
import { queryRows } from '../../platform/sql-rows';
import { createNotifications } from '../notifications/notifications.service';
import { isQuietTime } from '../notifications/quiet-hours';
import { audiencesOf, loadAudienceFactsOfUsers } from './ad-audience';
import { placeIndex } from './ad-places';
import { isRunning, librevilleDay } from './banner.service';

const PASS_INTERVAL_MS = 15 * 60_000;
const FIRST_PASS_DELAY_MS = 60_000;
const CHUNK = 1000;

type Candidate = { user_id: string; quiet_hours_start: string | null; quiet_hours_end: string | null };

/** Sends the ad's promotion to whoever may get it now. Returns how many were notified. */
export async function sendAdPromotions(deps: AppDeps, adId: string): Promise<number> {
  const now = deps.now();
  const [ad] = await deps.db.select().from(ads).where(eq(ads.id, adId));
  if (!ad || ad.status !== 'active' || !isRunning(ad, now) || ad.targetAudience === 'all') return 0;
  const day = librevilleDay(now);
  const target = parseAdTarget(ad.targetAudience);
  if (!target) return 0;
  const audience = adTargetKey(target);
  const places = await placeIndex(deps);

  // Opted-in consumers who had no promotion today and never this ad's.
  const candidates = await queryRows<Candidate>(
    deps.db,
    sql`select s.user_id, s.quiet_hours_start, s.quiet_hours_end
        from notification_settings s join users u on u.id = s.user_id
        where s.promotional_notifications and u.user_type = 'consumer' and u.suspended_at is null and u.id <> ${ad.advertiserId}
          and not exists (select 1 from ad_promotions_sent p where p.user_id = s.user_id and (p.day = ${day} or p.ad_id = ${adId}))`,
  );
  const awake = candidates.filter((c) => !isQuietTime(c.quiet_hours_start, c.quiet_hours_end, now)).map((c) => c.user_id);

  let sent = 0;
  for (let i = 0; i < awake.length; i += CHUNK) {
    const chunk = awake.slice(i, i + CHUNK);
    const facts = await loadAudienceFactsOfUsers(deps.db, chunk);
    const recipients = chunk.filter((userId) => {
      const f = facts.get(userId);
      return f !== undefined && audiencesOf(f, now, null, places).has(audience);
    });
    if (recipients.length === 0) continue;
    sent += await deps.db.transaction(async (tx) => {
      // Whoever got a promotion meanwhile (another pass, another instance) is skipped here.
      const claimed = await tx
        .insert(adPromotionsSent)
        .values(recipients.map((userId) => ({ userId, day, adId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ userId: adPromotionsSent.userId });
      const data = { ad_id: adId, url: adPagePath(adId) };
      await createNotifications(
        tx,
        claimed.map(({ userId }) => ({ userId, type: 'promotional' as const, title: fr.banner.promotion.title(ad.title), body: ad.subtitle || ad.description || ad.title, data })),
        now,
      );
      return claimed.length;
    });
  }
  return sent;
}

/** One pass over the running targeted ads, the biggest budgets first (they get the day's slot). */
export async function runAdPromotions(deps: AppDeps): Promise<number> {
  const running = await deps.db
    .select({ id: ads.id, startsAt: ads.startsAt, endsAt: ads.endsAt })
    .from(ads)
    .where(and(eq(ads.status, 'active'), sql`${ads.targetAudience} <> 'all'`))
    .orderBy(desc(ads.budgetXaf), ads.approvedAt);
  const now = deps.now();
  let sent = 0;
  for (const ad of running) if (isRunning(ad, now)) sent += await sendAdPromotions(deps, ad.id);
  return sent;
}

/**
 * The background pass, a scheduled job (not under tests: they call runAdPromotions themselves); the
 * push outbox is kicked when it ends, like after every job.
 */
export function registerAdPromotionsJob(app: FastifyInstance, deps: AppDeps): void {
  registerBackgroundJob(app, {
    key: 'ad-promotions',
    name: 'notifications promotionnelles des annonces',
    firstPassDelayMs: FIRST_PASS_DELAY_MS,
    intervalMs: PASS_INTERVAL_MS,
    pass: async () => {
      const sent = await runAdPromotions(deps);
      if (sent) app.log.info({ sent }, 'notifications promotionnelles des annonces');
    },
  });
}
