// Who an ad's audience is (spec part 2 "Ad options": all, libreville, port-gentil, new_users,
// frequent_users). A user's facts — account age, delivered orders, home city — come from one indexed
// query and are kept a minute per user, so the banner shown on every page costs no extra query. Only
// a delivered order changes them, and the ads offered follow within that minute: clearing every
// user's entry on each delivery, on every instance, would cost more than it shows.
//   libreville / port-gentil: the device position when the web sends one (the nearer of the two
//     cities within 60 km); otherwise the city of the user's last delivered order (its GPS point,
//     else its address text). Registration only asks for a country, which says nothing of the city.
//   new_users: an account younger than 30 days.  frequent_users: at least 3 delivered orders.
import { sql } from 'drizzle-orm';
import type { AdAudience } from '#contract/ads';
import type { DbOrTx, Db } from '../../db/client';
import { haversineKm, type LatLng } from '../../platform/geo';
import { invalidateCache } from '../../platform/cache-invalidation';
import { readCacheOf } from '../../platform/read-cache';
import { queryRowsPrepared } from '../../platform/sql-rows';

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
  /** Where the user's last delivered order went; null when unknown. */
  homeCity: City | null;
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

/** The audiences this user belongs to now. */
export function audiencesOf(facts: AudienceFacts, now: Date, position?: LatLng | null): Set<AdAudience> {
  const audiences = new Set<AdAudience>(['all']);
  const city = (position ? cityOfPosition(position) : null) ?? facts.homeCity;
  if (city) audiences.add(city);
  if (now.getTime() - facts.createdAt.getTime() < NEW_USER_DAYS * DAY_MS) audiences.add('new_users');
  if (facts.deliveredOrders >= FREQUENT_USER_ORDERS) audiences.add('frequent_users');
  return audiences;
}

type FactsRow = {
  id: string;
  created_at: Date | string;
  delivered: number | string;
  latitude: number | null;
  longitude: number | null;
  delivery_address: string | null;
};

// One pass per user: the count and the latest delivered order both walk orders_user_idx.
const factsQuery = (where: ReturnType<typeof sql>) => sql`
  select u.id, u.created_at,
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
  return { createdAt: new Date(row.created_at), deliveredOrders: Number(row.delivered), homeCity };
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
