// How often a product is wanted (products.popularity): the number of people — verified phones
// (people), so that a burst of fresh accounts counts for nothing — who put it on a shopping list in
// the last 180 days (a booked order is a list too). It only breaks ties between equally good
// matches of a search (catalogue-reads.ts), and is refreshed by a background pass every few hours.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { registerBackgroundJob } from '../../platform/background-job';
import { queryRows } from '../../platform/sql-rows';
import { catalogueChanged } from './catalogue-cache';

export const POPULARITY_WINDOW_DAYS = 180;

/** Recounts every product's popularity; returns how many changed (and tells the catalogue caches when any did). */
export async function refreshPopularity(db: Db, now = new Date()): Promise<number> {
  const changed = await queryRows<{ id: string }>(
    db,
    sql`with wanted as (
          select i.product_id, count(distinct u.person_id)::int as people
          from shopping_list_items i
          join shopping_lists l on l.id = i.list_id
          join users u on u.id = l.user_id
          where i.product_id is not null and u.person_id is not null
            and l.updated_at > ${now}::timestamptz - ${POPULARITY_WINDOW_DAYS} * interval '1 day'
          group by i.product_id
        ), counted as (
          select p.id, coalesce(w.people, 0) as people from products p left join wanted w on w.product_id = p.id
        )
        update products p set popularity = c.people from counted c
        where p.id = c.id and p.popularity <> c.people
        returning p.id`,
  );
  if (changed.length > 0) await catalogueChanged(db);
  return changed.length;
}

export function registerPopularityJob(app: FastifyInstance, deps: AppDeps): void {
  registerBackgroundJob(app, {
    key: 'product-popularity',
    name: 'recalcul de la popularité des produits',
    firstPassDelayMs: 2 * 60_000,
    intervalMs: 6 * 3600_000,
    pass: () => refreshPopularity(deps.db),
  });
}
