// Per-person limits on what one person adds to the shared catalogue (issue 27, finding 8: one
// account made 100 products, 100 stores and 100 quick-adds that everyone then saw in search and in
// nearby stores). Counted over the last 24 hours across every account of the person (a verified
// phone; an account without one counts alone), tighter for a newcomer on probation. A lock per
// person makes a burst of parallel requests count one after the other.
import { sql } from 'drizzle-orm';
import { CATALOGUE_LIMITS } from '#contract/constants';
import { fr } from '#contract/messages';
import type { Tx } from '../../db/client';
import { queryRows } from '../../platform/sql-rows';
import { AppError } from '../../platform/errors';

type Kind = 'products' | 'stores';
const DAY_MS = 86_400_000;

/** Throws a French 429 when the person behind `userId` has added its day's share of `kind`. */
export async function assertCreationQuota(tx: Tx, kind: Kind, userId: string, now: Date): Promise<void> {
  const [me] = await queryRows<{ person_id: string | null; user_type: string; trusted: boolean }>(
    tx,
    sql`select u.person_id, u.user_type, p.trusted_at is not null as trusted from users u left join people p on p.id = u.person_id where u.id = ${userId}`,
  );
  if (!me || me.user_type === 'admin') return;
  const voice = me.person_id ?? userId;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue-quota:${kind}:${voice}`}))`);
  const table = kind === 'products' ? sql`products` : sql`stores`;
  const accounts = me.person_id ? sql`(select id from users where person_id = ${me.person_id})` : sql`(${userId}::uuid)`;
  const since = new Date(now.getTime() - DAY_MS);
  const [{ made }] = await queryRows<{ made: number }>(tx, sql`select count(*)::int as made from ${table} where created_by in ${accounts} and created_at > ${since}`);
  const limits = CATALOGUE_LIMITS[kind];
  const max = me.trusted ? limits.perDay : limits.perDayOnProbation;
  if (Number(made) >= max) throw new AppError(kind === 'products' ? 'TOO_MANY_PRODUCTS' : 'TOO_MANY_STORES', (kind === 'products' ? fr.products.tooManyToday : fr.stores.tooManyToday)(max));
}
