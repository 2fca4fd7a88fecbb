// « Prix près de chez vous » (issue 28, item 5): a product's prices as one user should see them — the
// stores of the user's city first, then by price, each with its distance when the position is known.
// The database writes one answer per product, cheapest first, which the catalogue cache keeps and
// shares between users (catalogue-reads.ts, products.service.ts); the order for a user is applied
// here, per request, after the cache, so that one user's position never reaches another's answer.
// The cheapest price stays flagged is_best wherever the order puts it: « Meilleur prix » means the
// cheapest, not the first.
import { foldName } from '#contract/lists';
import type { ProductDetail } from '#contract/products';
import { haversineKm, type LatLng } from '../../platform/geo';

/** Where a store of a town stands (stores.city and its position). */
export type CityPoint = { city: string; latitude: number; longitude: number };

/** The town of the store nearest to `position` (the user is taken to be in it); null without stores. */
export function nearestCity(points: readonly CityPoint[], position: LatLng): string | null {
  let best: CityPoint | null = null;
  let bestKm = Infinity;
  for (const point of points) {
    const km = haversineKm(position, point);
    if (km < bestKm) [best, bestKm] = [point, km];
  }
  return best?.city ?? null;
}

/** A distance as the app shows it: to 100 m (« à 2,3 km », « à 148,6 km »). */
export const roundedKm = (km: number) => Math.round(km * 10) / 10;


/**
 * `detail` (its prices cheapest first) for a user in `city`: that city's stores first, each group by
 * price as it came; with `position`, each price's distance_km. is_best is left where it was.
 */
export function pricesNear(detail: ProductDetail, { city, position }: { city: string | null; position: LatLng | null }): ProductDetail {
  const prices = detail.prices.map((price) => ({ ...price, distance_km: position ? roundedKm(haversineKm(position, price)) : null }));
  if (!city) return { ...detail, prices };
  // Split in one pass, each part in the database's order (price, then freshness).
  const wanted = foldName(city);
  const inCity = prices.filter((p) => p.city !== null && foldName(p.city) === wanted);
  const elsewhere = prices.filter((p) => p.city === null || foldName(p.city) !== wanted);
  return { ...detail, prices: [...inCity, ...elsewhere] };
}
