// Ads straight in the database, for tests of what a running ad does (banner, impressions, clicks,
// promotions) without going through the wizard, the payment and the review.
import type { Db } from '../db/client';
import { ads } from '../db/schema';

const HOUR = 60 * 60 * 1000;

export type AdRow = typeof ads.$inferSelect;

/** An ad that runs now (status active, started an hour ago, 7 days to go) unless told otherwise. */
export async function insertAd(db: Db, advertiserId: string, now: Date, over: Partial<typeof ads.$inferInsert> = {}): Promise<AdRow> {
  const [row] = await db
    .insert(ads)
    .values({
      advertiserId,
      title: 'Promo riz parfumé',
      subtitle: 'Chez Mbolo cette semaine',
      description: null,
      type: 'text',
      bgColor: 'blue',
      textColor: 'white',
      durationDays: 7,
      targetAudience: 'all',
      budgetXaf: 50_000,
      paymentMethod: 'mobile_money',
      status: 'active',
      approvedAt: new Date(now.getTime() - HOUR),
      startsAt: new Date(now.getTime() - HOUR),
      endsAt: new Date(now.getTime() + 7 * 24 * HOUR),
      ...over,
    })
    .returning();
  return row;
}
