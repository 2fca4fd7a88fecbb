// Who an ad's audience is: the spec's audiences (all, libreville, port-gentil, new_users,
// frequent_users) and the places that have stores ('city:Akanda', 'district:Libreville/Glass',
// contract/ads.ts). A user's facts — account age, delivered orders, saved city, last delivery — come
// from one indexed query and are kept a minute per user, so the banner shown on every page costs no
// extra query. Only a delivered order or a new saved city changes them, and the ads offered follow
// within that minute: clearing every user's entry on each change, on every instance, would cost more
// than it shows.
//   A place (town, district): the device position when the web sends one (ad-places.ts: the nearest
//     store's town, and its district when a store of it is close); else the town the user saved
//     (users.preferences.city, with the district of their last delivery when it went there); else
//     where the last delivered order went (its GPS point, else a town and district in its address).
//   libreville / port-gentil (the spec's two cities, kept as they were): the device position (the
//     nearer of the two cities within 60 km); else the saved town (Akanda and Owendo are greater
//     Libreville); else the city of the last delivered order. Registration only asks for a country,
//     which says nothing of the city.
//   new_users: an account younger than 30 days.  frequent_users: at least 3 delivered orders.
import { sql } from 'drizzle-orm';
import { adTargetKey } from '#contract/ads';
import type { DbOrTx, Db } from '../../db/client';
import { haversineKm, type LatLng } from '../../platform/geo';
import { invalidateCache } from '../../platform/cache-invalidation';
import { readCacheOf } from '../../platform/read-cache';
import { queryRowsPrepared } from '../../platform/sql-rows';
import { knownTown, type Place, type PlaceIndex, placeOfPosition, placeOfText } from './ad-places';

export type City = 'libreville' | 'port-gentil';

export const CITY_CENTRES: Record<City, LatLng> = {
  libreville: { latitude: 0.4162, longitude: 9.4673 },
  'port-gentil': { latitude: -0.7193, longitude: 8.7815 },
};
/** The two cities are ~145 km apart, so their circles never overlap. */
export const CITY_RADIUS_KM = 60;
export const NEW_USER_DAYS = 30;
export const FREQUENT_USER_ORDERS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
const FACTS_TTL_MS = 60_000;

export type AudienceFacts = {
  createdAt: Date;
  deliveredOrders: number;
  /** Where the user's last delivered order went (of the spec's two cities); null when unknown. */
  homeCity: City | null;
  /** The town the user saved (users.preferences.city), as they saved it. */
  savedCity?: string | null;
  /** The last delivered order's GPS point and address, when there is one. */
  lastDelivery?: { position: LatLng | null; address: string | null } | null;
};

/** The nearer of the two cities when within CITY_RADIUS_KM, else null. */
export function cityOfPosition(position: LatLng): City | null {
  let best: { city: City; km: number } | null = null;
  for (const [city, centre] of Object.entries(CITY_CENTRES) as [City, LatLng][]) {
    const km = haversineKm(position, centre);
    if (km <= CITY_RADIUS_KM && (!best || km < best.km)) best = { city, km };
  }
  return best?.city ?? null;
}

// Akanda and Owendo are part of greater Libreville; Angondjé is a district of Akanda.
const LIBREVILLE_WORDS = /\b(libreville|akanda|owendo|angondj[eé])\b/i;
const PORT_GENTIL_WORDS = /\bport[\s-]*gentil\b/i;

/** A city named in free text (an address, a region), else null. */
export function cityOfText(text: string | null | undefined): City | null {
  if (!text) return null;
  if (PORT_GENTIL_WORDS.test(text)) return 'port-gentil';
  if (LIBREVILLE_WORDS.test(text)) return 'libreville';
  return null;
}

/** Where the user is for place targets (see the header), or null. */
export function placeOf(facts: AudienceFacts, index: PlaceIndex, position?: LatLng | null): Place | null {
  const here = position ? placeOfPosition(index, position) : null;
  if (here) return here;
  const delivered = facts.lastDelivery ? ((facts.lastDelivery.position && placeOfPosition(index, facts.lastDelivery.position)) ?? placeOfText(index, facts.lastDelivery.address)) : null;
  const saved = knownTown(index, facts.savedCity);
  if (saved) return { city: saved, district: delivered?.city === saved ? delivered.district : null };
  return delivered;
}

/**
 * The audiences this user belongs to now, as target keys (contract/ads.ts adTargetKey): 'all', the
 * segments, 'libreville' / 'port-gentil', and with the store places, their town and district.
 */
export function audiencesOf(facts: AudienceFacts, now: Date, position?: LatLng | null, index?: PlaceIndex): Set<string> {
  const audiences = new Set<string>(['all']);
  const city = (position ? cityOfPosition(position) : null) ?? cityOfText(facts.savedCity) ?? facts.homeCity;
  if (city) audiences.add(city);
  if (now.getTime() - facts.createdAt.getTime() < NEW_USER_DAYS * DAY_MS) audiences.add('new_users');
  if (facts.deliveredOrders >= FREQUENT_USER_ORDERS) audiences.add('frequent_users');
  const place = index ? placeOf(facts, index, position) : null;
  if (place) {
    audiences.add(adTargetKey({ kind: 'place', city: place.city, district: null }));
    if (place.district) audiences.add(adTargetKey({ kind: 'place', city: place.city, district: place.district }));
  }
  return audiences;
}

type FactsRow = {
  id: string;
  created_at: Date | string;
  delivered: number | string;
  latitude: number | null;
  longitude: number | null;
  delivery_address: string | null;
  saved_city: string | null;
};

// One pass per user: the count and the latest delivered order both walk orders_user_idx.
const factsQuery = (where: ReturnType<typeof sql>) => sql`
  select u.id, u.created_at, u.preferences ->> 'city' as saved_city,
    (select count(*) from orders o where o.user_id = u.id and o.status = 'delivered') as delivered,
    last.latitude, last.longitude, last.delivery_address
  from users u
  left join lateral (
    select o.latitude, o.longitude, o.delivery_address from orders o
    where o.user_id = u.id and o.status = 'delivered'
    order by o.created_at desc limit 1
  ) last on true
  where ${where}`;

function toFacts(row: FactsRow): AudienceFacts {
  const lastPosition = row.latitude !== null && row.longitude !== null ? { latitude: Number(row.latitude), longitude: Number(row.longitude) } : null;
  const homeCity = (lastPosition && cityOfPosition(lastPosition)) ?? cityOfText(row.delivery_address);
  const delivered = Number(row.delivered);
  return {
    createdAt: new Date(row.created_at),
    deliveredOrders: delivered,
    homeCity,
    savedCity: row.saved_city,
    lastDelivery: delivered > 0 ? { position: lastPosition, address: row.delivery_address } : null,
  };
}

export async function loadAudienceFacts(db: DbOrTx, userId: string): Promise<AudienceFacts | null> {
  const [row] = await queryRowsPrepared<FactsRow>(db, factsQuery(sql`u.id = ${userId}`));
  return row ? toFacts(row) : null;
}

/** The facts of many users at once (the promotional notifications' pass). */
export async function loadAudienceFactsOfUsers(db: DbOrTx, userIds: string[]): Promise<Map<string, AudienceFacts>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRowsPrepared<FactsRow>(db, factsQuery(sql`u.id = any(${`{${userIds.join(',')}}`}::uuid[])`));
  return new Map(rows.map((row) => [row.id, toFacts(row)]));
}

const FACTS_CACHE = 'ad-audience-facts';
const factsCache = (db: Db) => readCacheOf(db, FACTS_CACHE, { ttlMs: FACTS_TTL_MS, maxEntries: 50_000 });

/** The user's facts, at most a minute old: the banner is read on every page. */
export function cachedAudienceFacts(db: Db, userId: string): Promise<AudienceFacts | null> {
  return factsCache(db).get(userId, () => loadAudienceFacts(db, userId));
}

/** Forgets every user's cached facts, in every instance (tests; after a change that must show at once). */
export function forgetAudienceFacts(db: Db): Promise<void> {
  return invalidateCache(db, FACTS_CACHE);
}
