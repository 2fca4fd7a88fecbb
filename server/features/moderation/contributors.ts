// Who contributed a price: reputation, age of the account, the burst of accounts that share its
// voice, and the record of its observations. Evidence for moderators.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContributorProfile, ContributorSummary } from '#contract/moderation';
import type { DbOrTx } from '../../db/client';
import { priceObservations, products, stores, users } from '../../db/schema';
import { queryRows } from '../../platform/sql-rows';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';

type SummaryRow = {
  id: string;
  full_name: string;
  email: string;
  user_type: ContributorSummary['user_type'];
  reputation: number;
  created_at: Date | string;
  suspended_at: Date | string | null;
  voice_accounts: number | string;
  accepted: number | string;
  held: number | string;
  rejected: number | string;
  confirmed: number | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export async function contributorSummaries(db: DbOrTx, userIds: string[]): Promise<Map<string, ContributorSummary>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select u.id, u.full_name, u.email, u.user_type, u.reputation, u.created_at, u.suspended_at,
               (select count(*) from ${users} v where coalesce(v.voice_id, v.id) = coalesce(u.voice_id, u.id)) as voice_accounts,
               count(o.id) filter (where o.status = 'accepted') as accepted,
               count(o.id) filter (where o.status = 'held') as held,
               count(o.id) filter (where o.status = 'rejected') as rejected,
               count(o.id) filter (where o.confirmed_at is not null or o.verified_at is not null) as confirmed
        from ${users} u left join ${priceObservations} o on o.user_id = u.id
        where ${inArray(sql`u.id`, userIds)}
        group by u.id`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        full_name: r.full_name,
        email: r.email,
        user_type: r.user_type,
        reputation: Number(r.reputation),
        created_at: iso(r.created_at),
        suspended_at: r.suspended_at ? iso(r.suspended_at) : null,
        voice_accounts: Number(r.voice_accounts),
        observations: { accepted: Number(r.accepted), held: Number(r.held), rejected: Number(r.rejected), confirmed: Number(r.confirmed) },
      },
    ]),
  );
}

/** GET /api/admin/users/{id}: the summary, the suspension and the latest observations. */
export async function contributorProfile(db: DbOrTx, userId: string): Promise<ContributorProfile> {
  const summary = isUuid(userId) ? (await contributorSummaries(db, [userId])).get(userId) : undefined;
  if (!summary) throw new AppError('USER_NOT_FOUND');
  const [{ reason }] = await db.select({ reason: users.suspensionReason }).from(users).where(eq(users.id, userId));
  const recent = await db
    .select({
      id: priceObservations.id,
      product: products.name,
      store: stores.name,
      price: priceObservations.priceXaf,
      status: priceObservations.status,
      observedAt: priceObservations.observedAt,
    })
    .from(priceObservations)
    .innerJoin(products, eq(products.id, priceObservations.productId))
    .innerJoin(stores, eq(stores.id, priceObservations.storeId))
    .where(and(eq(priceObservations.userId, userId)))
    .orderBy(desc(priceObservations.observedAt))
    .limit(30);
  return {
    ...summary,
    suspension_reason: reason,
    recent_observations: recent.map((r) => ({
      id: r.id,
      product_name: r.product,
      store_name: r.store,
      price: r.price,
      status: r.status as ContributorProfile['recent_observations'][number]['status'],
      observed_at: r.observedAt.toISOString(),
    })),
  };
}
