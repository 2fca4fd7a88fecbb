// The places an ad may target: the towns that have listed stores (the same towns as GET
// /api/stores/cities, stores.service's storeCities) and, in each, the districts that have stores.
// A district is named as targeting shows it: without the sources' remark in brackets, so that
// « Potos » and « Potos (2e arr.) » are one district. Kept with the catalogue (a store import or a
// moderator's removal clears it), read by the wizard, the draft's check and the banner.
// Where a user is: the town of the listed store nearest their position (within PLACE_RADIUS_KM), and
// the district of the nearest store that has one in that town (within DISTRICT_RADIUS_KM).
import { and, isNotNull, ne } from 'drizzle-orm';
import { type AdPlaces, type AdTarget, foldPlace } from '#contract/ads';
import { fr } from '#contract/messages';
import { stores } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../platform/errors';
import { haversineKm, type LatLng } from '../../platform/geo';
import { catalogueCache } from '../products/catalogue-cache';
import { listedOnly } from '../products/catalogue-listing';
import { storeCities } from '../stores/stores.service';

/** Beyond this from every store, a position says nothing of the town (Lambaréné is not Libreville). */
export const PLACE_RADIUS_KM = 25;
/** A district is the nearest store's only when that store is this close. */
export const DISTRICT_RADIUS_KM = 2.5;

export type Place = { city: string; district: string | null };
type StorePoint = LatLng & { city: string; district: string | null };

export type PlaceIndex = {
  places: AdPlaces;
  points: readonly StorePoint[];
  /** Folded town → its spelling and its districts (folded → spelling). */
  towns: ReadonlyMap<string, { city: string; districts: ReadonlyMap<string, string> }>;
};

/** « Glass (4e arr.) » → « Glass »; « Okala (nord de Libreville) » → « Okala ». */
export const districtName = (district: string): string => district.replace(/\s*\([^)]*\)\s*$/, '').trim();

export function buildPlaceIndex(cities: readonly { city: string; store_count: number }[], rows: readonly StorePoint[]): PlaceIndex {
  const districtCounts = new Map<string, Map<string, { district: string; store_count: number }>>();
  const points: StorePoint[] = [];
  for (const row of rows) {
    const district = row.district ? districtName(row.district) || null : null;
    points.push({ ...row, district });
    if (!district) continue;
    const town = foldPlace(row.city);
    const byDistrict = districtCounts.get(town) ?? new Map();
    districtCounts.set(town, byDistrict);
    const entry = byDistrict.get(foldPlace(district)) ?? { district, store_count: 0 };
    entry.store_count += 1;
    byDistrict.set(foldPlace(district), entry);
  }
  const towns = new Map<string, { city: string; districts: Map<string, string> }>();
  const places: AdPlaces = { cities: [] };
  for (const { city, store_count } of cities) {
    const found = [...(districtCounts.get(foldPlace(city))?.values() ?? [])].sort((a, b) => a.district.localeCompare(b.district, 'fr'));
    places.cities.push({ city, store_count, districts: found });
    towns.set(foldPlace(city), { city, districts: new Map(found.map((d) => [foldPlace(d.district), d.district])) });
  }
  return { places, points, towns };
}

/** The towns and districts that have listed stores, at most a minute old (cleared with the catalogue). */
export function placeIndex(deps: AppDeps): Promise<PlaceIndex> {
  return catalogueCache(deps.db).get('ad-places', async () => {
    const [{ cities }, rows] = await Promise.all([
      storeCities(deps),
      deps.db
        .select({ city: stores.city, district: stores.district, latitude: stores.latitude, longitude: stores.longitude })
        .from(stores)
        .where(and(listedOnly('stores'), isNotNull(stores.city), ne(stores.city, ''))),
    ]);
    return buildPlaceIndex(cities, rows.map((r) => ({ ...r, city: r.city! })));
  });
}

/** Where a position is: the nearest store's town, and a district when a store of it is close; null far from every store. */
export function placeOfPosition(index: PlaceIndex, position: LatLng): Place | null {
  let nearest: { point: StorePoint; km: number } | null = null;
  for (const point of index.points) {
    const km = haversineKm(position, point);
    if (km <= PLACE_RADIUS_KM && (!nearest || km < nearest.km)) nearest = { point, km };
  }
  if (!nearest) return null;
  const city = nearest.point.city;
  let district: { name: string; km: number } | null = null;
  for (const point of index.points) {
    if (!point.district || foldPlace(point.city) !== foldPlace(city)) continue;
    const km = haversineKm(position, point);
    if (km <= DISTRICT_RADIUS_KM && (!district || km < district.km)) district = { name: point.district, km };
  }
  return { city, district: district?.name ?? null };
}

const hasWords = (text: string, words: string) => ` ${text} `.includes(` ${words} `);

/** A town (and a district of it) named in free text, such as a delivery address; null when none is. */
export function placeOfText(index: PlaceIndex, text: string | null | undefined): Place | null {
  if (!text) return null;
  const folded = foldPlace(text.replace(/[,;.()]/g, ' '));
  for (const [town, { city, districts }] of index.towns) {
    if (!hasWords(folded, town)) continue;
    for (const [quarter, district] of districts) if (quarter !== town && hasWords(folded, quarter)) return { city, district };
    return { city, district: null };
  }
  return null;
}

/** A town that has stores, as the stores spell it (« akanda » → « Akanda »), else null. */
export function knownTown(index: PlaceIndex, city: string | null | undefined): string | null {
  return city ? (index.towns.get(foldPlace(city))?.city ?? null) : null;
}

/**
 * A draft's target as it is kept: a place written as the stores spell it. The spec's audiences pass
 * as they are; a town or district without listed stores is a 400 that names it.
 */
export function canonicalTarget(index: PlaceIndex, value: string, target: AdTarget): string {
  if (target.kind !== 'place' || target.legacy) return value.trim();
  const town = index.towns.get(foldPlace(target.city));
  if (!town) throw new AppError('AD_TARGET_UNKNOWN', fr.ads.targetUnknown(target.city));
  if (!target.district) return `city:${town.city}`;
  const district = town.districts.get(foldPlace(target.district));
  if (!district) throw new AppError('AD_TARGET_UNKNOWN', fr.ads.targetUnknown(`${target.district}, ${town.city}`));
  return `district:${town.city}/${district}`;
}
