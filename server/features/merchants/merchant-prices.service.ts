// GET /api/merchants/prices: what the merchant's store announced, what shoppers are shown for it,
// whether the shelf disagrees, and what a customer compares it to — the cheapest other listed store
// within NEARBY_STORES_KM that shows a price for the same product.
import { sql } from 'drizzle-orm';
import { NEARBY_STORES_KM, type MerchantPrice, type MerchantPrices } from '#contract/merchants';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { queryRows } from '../../platform/sql-rows';
import { approvedMerchant } from './merchant-access';

type AnnouncedRow = {
  product_id: string;
  product_name: string;
  announced_price_xaf: number;
  announced_at: Date | string;
  price_xaf: number;
  shelf_differs: boolean;
};

type NearbyRow = { product_id: string; store_id: string; name: string; price_xaf: number; distance_km: number };

export async function merchantPrices(deps: AppDeps, principal: Principal): Promise<MerchantPrices> {
  const { store } = await approvedMerchant(deps.db, principal.userId);
  const announced = await queryRows<AnnouncedRow>(
    deps.db,
    sql`select cp.product_id, p.name as product_name, cp.announced_price_xaf, cp.announced_at, cp.price_xaf, cp.shelf_differs
        from current_prices cp join products p on p.id = cp.product_id
        where cp.store_id = ${store.id} and cp.announced_price_xaf is not null and p.listing <> 'hidden'
        order by p.name`,
  );
  if (announced.length === 0) return { prices: [] };
  const cheapest = await cheapestNearby(deps, store, announced.map((r) => r.product_id));
  return {
    prices: announced.map(
      (r): MerchantPrice => ({
        product_id: r.product_id,
        product_name: r.product_name,
        announced_price_xaf: r.announced_price_xaf,
        announced_at: new Date(r.announced_at).toISOString(),
        shown_price_xaf: r.price_xaf,
        shelf_differs: r.shelf_differs,
        nearby_cheapest: cheapest.get(r.product_id) ?? null,
      }),
    ),
  };
}

/** Per product, the cheapest shown price among the other listed stores near `store` (ties: the nearer). */
async function cheapestNearby(deps: AppDeps, store: { id: string; latitude: number; longitude: number }, productIds: string[]) {
  // A bounding box on the indexed coordinates first, then the great-circle distance.
  const dLat = NEARBY_STORES_KM / 111.32;
  const dLng = dLat / Math.max(0.01, Math.cos((store.latitude * Math.PI) / 180));
  const rows = await queryRows<NearbyRow>(
    deps.db,
    sql`with near as (
          select s.id, s.name,
                 6371 * 2 * asin(sqrt(power(sin(radians(s.latitude - ${store.latitude}) / 2), 2)
                   + cos(radians(${store.latitude})) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - ${store.longitude}) / 2), 2))) as distance_km
          from stores s
          where s.id <> ${store.id} and s.listing = 'listed'
            and s.latitude between ${store.latitude - dLat} and ${store.latitude + dLat}
            and s.longitude between ${store.longitude - dLng} and ${store.longitude + dLng}
        )
        select distinct on (cp.product_id) cp.product_id, near.id as store_id, near.name, cp.price_xaf, near.distance_km
        from current_prices cp join near on near.id = cp.store_id
        where near.distance_km <= ${NEARBY_STORES_KM}
          and cp.product_id in (${sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `)})
        order by cp.product_id, cp.price_xaf, near.distance_km`,
  );
  return new Map(
    rows.map((r) => [r.product_id, { store_id: r.store_id, name: r.name, price_xaf: r.price_xaf, distance_km: Math.round(Number(r.distance_km) * 10) / 10 }]),
  );
}
