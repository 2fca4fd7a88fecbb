// Stores and places. The spec's "maps service places" are answered from our own stores table (seeded
// with real Gabonese stores, grown by users and by imports, see store-import.ts), so nothing depends
// on a vendor key. Distances are real haversine distances.
import { type SQL, and, asc, between, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PLACES, type NearbyStoresQuerySchema, type Place, type SearchStoresQuerySchema, type Store, type StoreCreate, radiusToKm } from '#contract/stores';
import type { ShopInput } from '#contract/products';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { stores } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { haversineKm, type LatLng } from '../../platform/geo';
import { isUuid } from '../../platform/ids';
import { matchCondition, withFuzzyThreshold, type SearchMode } from '../../platform/text-search';
import { isNearMiss, understandWords } from '../products/search-query';
import { assertCreationQuota } from '../products/creation-quota';
import { confirmBy, listedOnly, listingForNewEntry, notHidden, visibleTo } from '../products/catalogue-listing';
import type { Principal } from '../../platform/auth-guard';
import type { StoreCity } from '#contract/nearby-prices';
import { catalogueCache } from '../products/catalogue-cache';
import type { CityPoint } from '../products/prices-near';

export type StoreRow = typeof stores.$inferSelect;

export function toApiStore(row: StoreRow): Store {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    district: row.district,
    chain: row.chain,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    opening_hours: row.openingHours ?? {},
    rating: row.rating,
    source: row.source,
  };
}

function toPlace(row: StoreRow, from?: LatLng): Place {
  const km = from ? haversineKm(from, row) : null;
  const vicinity = [row.address, row.district, row.city].filter(Boolean)[0] ?? '';
  return {
    ...toApiStore(row),
    place_id: row.id,
    vicinity,
    distance: km === null ? null : Math.round(km * 1000) / 1000,
    distance_m: km === null ? null : Math.round(km * 1000),
    from_places: true,
  };
}

/** GET /api/stores: the stores everyone sees (catalogue-listing.ts). */
export async function listStores(deps: AppDeps): Promise<Store[]> {
  const rows = await deps.db.select().from(stores).where(listedOnly('stores')).orderBy(asc(stores.name));
  return rows.map(toApiStore);
}

/** The towns of the stores everyone sees: each with its number of stores, and every store's position (for the nearest town). */
export type StoreCities = { cities: StoreCity[]; points: CityPoint[] };

/**
 * The towns the listed stores are in (stores.city), the one with most stores first: the city filter
 * of a product's prices, and which town a position is in. Kept with the catalogue (catalogue-cache.ts):
 * a store import or a moderator's removal clears it.
 */
export function storeCities(deps: AppDeps): Promise<StoreCities> {
  return catalogueCache(deps.db).get('store-cities', async () => {
    const points = await deps.db
      .select({ city: sql<string>`${stores.city}`, latitude: stores.latitude, longitude: stores.longitude })
      .from(stores)
      .where(and(listedOnly('stores'), isNotNull(stores.city), ne(stores.city, '')));
    const counts = new Map<string, number>();
    for (const { city } of points) counts.set(city, (counts.get(city) ?? 0) + 1);
    const cities = [...counts].map(([city, store_count]) => ({ city, store_count })).sort((a, b) => b.store_count - a.store_count || a.city.localeCompare(b.city, 'fr'));
    return { cities, points };
  });
}

/** The store, if `viewer` may see it; else STORE_NOT_FOUND as if there were none. */
export async function findStore(db: DbOrTx, id: string, viewer: Principal): Promise<StoreRow> {
  const [row] = isUuid(id) ? await db.select().from(stores).where(eq(stores.id, id)) : [];
  if (!row || !visibleTo(row, viewer)) throw new AppError('STORE_NOT_FOUND');
  return row;
}

/** Degrees of latitude and longitude that cover `km` around a point (a box the index can use). */
function boundingBox(center: LatLng, km: number) {
  const dLat = km / 111.32;
  const cos = Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180));
  const dLng = km / (111.32 * cos);
  return { minLat: center.latitude - dLat, maxLat: center.latitude + dLat, minLng: center.longitude - dLng, maxLng: center.longitude + dLng };
}

async function storesWithin(db: DbOrTx, center: LatLng, km: number, extra?: SQL): Promise<{ row: StoreRow; km: number }[]> {
  const box = boundingBox(center, km);
  const rows = await db
    .select()
    .from(stores)
    .where(and(between(stores.latitude, box.minLat, box.maxLat), between(stores.longitude, box.minLng, box.maxLng), extra));
  return rows
    .map((row) => ({ row, km: haversineKm(center, row) }))
    .filter((s) => s.km <= km)
    .sort((a, b) => a.km - b.km || a.row.name.localeCompare(b.row.name, 'fr'));
}

/** GET /api/places/nearby-stores: stores within the radius, nearest first. */
export async function nearbyPlaces(deps: AppDeps, query: z.output<typeof NearbyStoresQuerySchema>): Promise<Place[]> {
  const center = { latitude: query.latitude, longitude: query.longitude };
  const found = await storesWithin(deps.db, center, radiusToKm(query.radius), listedOnly('stores'));
  return found.slice(0, query.limit).map((s) => toPlace(s.row, center));
}

const STORE_SEARCH_TEXT = sql`mp_fold(${stores.name} || ' ' || coalesce(${stores.address}, '') || ' ' || coalesce(${stores.district}, ''))`;

/** Stores whose text holds every word of the search (read as a product search's words are, search-query.ts), or with `fuzzy` nearly. */
async function storesMatching(db: DbOrTx, search: string, mode: SearchMode): Promise<StoreRow[]> {
  const words = understandWords(search);
  const condition = matchCondition(STORE_SEARCH_TEXT, words.text, mode);
  if (!condition) return [];
  const rows = await db.select().from(stores).where(and(condition, listedOnly('stores'))).orderBy(asc(stores.name)).limit(500);
  // Near misses only when the search misspells the store's words, never a store sharing letters.
  return mode === 'exact' ? rows : rows.filter((row) => isNearMiss(words.typed, row.name, `${row.address ?? ''} ${row.district ?? ''}`));
}

/**
 * GET /api/places/search-stores: stores whose name, address or district match the text (accents,
 * case and a typo ignored). With a position they come nearest first; the radius is a bias, as with
 * a maps service, so a store named exactly is still found from another town.
 */
export async function searchPlaces(deps: AppDeps, query: z.output<typeof SearchStoresQuerySchema>): Promise<Place[]> {
  let rows = await storesMatching(deps.db, query.query, 'exact');
  if (rows.length === 0) rows = await withFuzzyThreshold(deps.db, (tx) => storesMatching(tx, query.query, 'fuzzy'));
  const center = query.latitude !== undefined && query.longitude !== undefined ? { latitude: query.latitude, longitude: query.longitude } : undefined;
  const places = rows.map((row) => toPlace(row, center));
  if (center) places.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  return places.slice(0, query.limit);
}

type NewStore = { name: string; address?: string | null; latitude: number; longitude: number; phone?: string | null; openingHours?: Record<string, string> | null };

/**
 * Finds the store of that name within 50 m, or creates it. A lock on the folded name makes two
 * people adding the same store at the same moment end with one row.
 */
export async function findOrCreateStore(tx: Tx, input: NewStore, createdBy: string | null): Promise<{ row: StoreRow; created: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('store:' || mp_fold(${input.name})))`);
  const center = { latitude: input.latitude, longitude: input.longitude };
  // A hidden store is not found again; a pending one is (the same shop), and an established person
  // adding it again confirms it.
  const [same] = await storesWithin(tx, center, PLACES.duplicateWithinM / 1000, and(sql`mp_fold(${stores.name}) = mp_fold(${input.name})`, notHidden('stores')));
  if (same) {
    if (createdBy && (await confirmBy(tx, 'stores', same.row.id, createdBy))) return { row: { ...same.row, listing: 'listed' }, created: false };
    return { row: same.row, created: false };
  }
  if (createdBy) await assertCreationQuota(tx, 'stores', createdBy, new Date());
  const listing = createdBy ? await listingForNewEntry(tx, createdBy) : 'listed';
  const [row] = await tx
    .insert(stores)
    .values({
      name: input.name,
      address: input.address ?? '',
      latitude: input.latitude,
      longitude: input.longitude,
      phone: input.phone ?? null,
      openingHours: input.openingHours ?? {},
      source: 'user',
      listing,
      createdBy,
    })
    .returning();
  return { row, created: true };
}

/** POST /api/stores. */
export async function createStore(deps: AppDeps, input: StoreCreate & { name: string }, userId: string): Promise<{ store: Store; created: boolean }> {
  const { row, created } = await deps.db.transaction((tx) =>
    findOrCreateStore(
      tx,
      { name: input.name, address: input.address, latitude: input.latitude, longitude: input.longitude, phone: input.phone, openingHours: input.opening_hours },
      userId,
    ),
  );
  return { store: toApiStore(row), created };
}

/**
 * The shop of a product form: a known store id, a place (name and position: found within 50 m or
 * created), or a name alone that names exactly one known store. Null when no shop was given.
 */
export async function resolveShop(tx: Tx, shop: ShopInput, principal: Principal): Promise<StoreRow | null> {
  const userId = principal.userId;
  if (shop.shop_id) return findStore(tx, shop.shop_id, principal);
  const name = shop.shop_name?.trim();
  if (!name) return null;
  if (shop.shop_latitude != null && shop.shop_longitude != null) {
    const { row } = await findOrCreateStore(tx, { name, address: shop.shop_address, latitude: shop.shop_latitude, longitude: shop.shop_longitude }, userId);
    return row;
  }
  const named = await tx.select().from(stores).where(and(sql`mp_fold(${stores.name}) = mp_fold(${name})`, listedOnly('stores'))).limit(2);
  if (named.length !== 1) throw new AppError('SHOP_UNKNOWN');
  return named[0];
}
