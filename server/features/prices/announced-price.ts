// The store's own word on a price (issue 29, item 3): the latest price its approved merchant
// published (source 'store'), and whether shoppers' recent prices on the shelf disagree with it
// (« Prix en rayon différent »), which puts the announced price in the moderators' queue.
import { sql } from 'drizzle-orm';
import { SHELF_DIFFERS_RATIO, SHELF_WINDOW_DAYS } from '#contract/merchants';
import type { DbOrTx, Tx } from '../../db/client';
import { priceFlags, priceObservations, users } from '../../db/schema';
import { queryRows } from '../../platform/sql-rows';
import { shelfDiffers } from './consensus';

const DAY_MS = 86_400_000;

export type Announced = { observationId: string; price: number; announcedAt: Date; shelfDiffers: boolean };

type AnnouncedRow = { id: string; price_xaf: number; observed_at: Date | string };

/** The store's latest accepted announced price for the product, with the shelf's verdict; null when it announced none. */
export async function announcedPrice(db: DbOrTx, productId: string, storeId: string, now: Date): Promise<Announced | null> {
  const [latest] = await queryRows<AnnouncedRow>(
    db,
    sql`select o.id, o.price_xaf, o.observed_at
        from ${priceObservations} o join ${users} u on u.id = o.user_id
        where o.product_id = ${productId} and o.store_id = ${storeId} and o.source = 'store'
          and o.status = 'accepted' and u.suspended_at is null
          and not exists (select 1 from products hp where hp.id = o.product_id and hp.listing = 'hidden')
          and not exists (select 1 from stores hs where hs.id = o.store_id and hs.listing = 'hidden')
        order by o.observed_at desc, o.id desc limit 1`,
  );
  if (!latest) return null;
  const shoppers = await shopperPrices(db, productId, storeId, new Date(now.getTime() - SHELF_WINDOW_DAYS * DAY_MS));
  return {
    observationId: latest.id,
    price: latest.price_xaf,
    announcedAt: new Date(latest.observed_at),
    shelfDiffers: shelfDiffers(latest.price_xaf, shoppers, SHELF_DIFFERS_RATIO),
  };
}

/**
 * What established shoppers saw on the shelf since `since`: each person's latest accepted price
 * (one voice, one price), never the store's own, never a new person's uncorroborated one — so
 * neither the store nor a burst of fresh accounts can raise or silence the flag.
 */
async function shopperPrices(db: DbOrTx, productId: string, storeId: string, since: Date): Promise<number[]> {
  const rows = await queryRows<{ price_xaf: number }>(
    db,
    sql`select distinct on (coalesce(o.voice_id::text, o.user_id::text)) o.price_xaf
        from ${priceObservations} o join ${users} u on u.id = o.user_id
        where o.product_id = ${productId} and o.store_id = ${storeId} and o.source <> 'store'
          and o.status = 'accepted' and u.suspended_at is null
          and (not o.probation or o.verified_at is not null) and o.observed_at >= ${since}
        order by coalesce(o.voice_id::text, o.user_id::text), o.observed_at desc, o.id desc`,
  );
  return rows.map((r) => r.price_xaf);
}

/** The shelf has just started to disagree: the announced observation goes to the moderators (once while open). */
export async function flagShelfDisagreement(tx: Tx, observationId: string, now: Date): Promise<void> {
  await tx
    .insert(priceFlags)
    .values({ observationId, userId: null, reason: 'store_disagreement', createdAt: now })
    .onConflictDoNothing();
}
