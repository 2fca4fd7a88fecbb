// Stores placed around Libreville, inside and outside the delivery area (OPTIMISER.deliveryRadiusKm),
// for the tests that prove nothing outside it is picked, carted or booked.
import { randomUUID } from 'node:crypto';
import { OPTIMISER } from '#contract/constants';
import type { Db } from '../db/client';
import { stores } from '../db/schema';
import type { LatLng } from '../platform/geo';

export const LIBREVILLE = { latitude: 0.39, longitude: 9.45 };
/** A point `km` due north of LIBREVILLE (one degree of latitude is 111.2 km). */
export const degreesNorth = (km: number): LatLng => ({ latitude: LIBREVILLE.latitude + km / 111.19, longitude: LIBREVILLE.longitude });

/** Two in the area, one just inside and one just outside the radius, and one 500 km away. */
export const AREA_POSITIONS = {
  libreville: { latitude: 0.4, longitude: 9.45 },
  owendo: { latitude: 0.29, longitude: 9.5 },
  edgeIn: degreesNorth(OPTIMISER.deliveryRadiusKm - 1),
  edgeOut: degreesNorth(OPTIMISER.deliveryRadiusKm + 1),
  franceville: { latitude: -1.63, longitude: 13.58 },
};

/** One store at each position, named « Magasin <key> <tag> » (a tag of its own per call): their ids and names by key. */
export async function placeStores<K extends string>(db: Db, positions: Record<K, LatLng>): Promise<{ ids: Record<K, string>; names: Record<K, string> }> {
  const tag = randomUUID().slice(0, 6);
  const keys = Object.keys(positions) as K[];
  const names = Object.fromEntries(keys.map((k) => [k, `Magasin ${k} ${tag}`])) as Record<K, string>;
  const rows = await db
    .insert(stores)
    .values(keys.map((k) => ({ name: names[k], ...positions[k], source: 'user' })))
    .returning({ id: stores.id });
  return { ids: Object.fromEntries(keys.map((k, i) => [k, rows[i].id])) as Record<K, string>, names };
}
