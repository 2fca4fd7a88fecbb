// Stores and the "maps service" places (spec part 2 sections 3, 7, 9; part 1 section 3). Places are
// served from our own stores table, so the app needs no vendor key.
import { z } from './zod';
import { LOCATION_WATCH, NEARBY_INVITE, PLACES } from './constants';
import { fr } from './messages';
import { LatitudeField, LongitudeField } from './products';

// The places, nearby-invite and geolocation constants live with the business constants, which a
// page can read without zod.
export { LOCATION_WATCH, NEARBY_INVITE, PLACES };

/** Our own stores (part 1 section 3). */
export const StoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  chain: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
  opening_hours: z.record(z.string(), z.string()),
  rating: z.number().nullable(),
  source: z.string(),
});
export type Store = z.infer<typeof StoreSchema>;

/**
 * A place as the spec's maps service returns it, made from one of our stores. `distance` is in km
 * (the nearby-store shape); `distance_m` in metres (the store-suggestion shape).
 */
export const PlaceSchema = StoreSchema.extend({
  place_id: z.string(),
  vicinity: z.string(),
  distance: z.number().nullable(),
  distance_m: z.number().nullable(),
  from_places: z.literal(true),
});
export type Place = z.infer<typeof PlaceSchema>;

/** GET /api/places/nearby-stores and /api/places/search-stores. */
export const PlacesResponseSchema = z.object({ success: z.literal(true), stores: z.array(PlaceSchema) });
export type PlacesResponse = z.infer<typeof PlacesResponseSchema>;
export type StoreCreateResponse = Store & { already_existed: boolean };

const positionMessage = fr.stores.positionInvalid;

/** POST /api/stores (part 1 section 7): sent when a place is chosen. */
export const StoreCreateSchema = z.object({
  name: z.string({ error: fr.stores.nameRequired }).trim().min(1, { error: fr.stores.nameRequired }).max(200, { error: fr.common.invalidValue }),
  address: z.string().trim().max(300).nullable().optional(),
  latitude: LatitudeField(positionMessage),
  longitude: LongitudeField(positionMessage),
  phone: z.string().trim().max(40).nullable().optional(),
  opening_hours: z.record(z.string().max(40), z.string().max(200)).nullable().optional(),
});
export type StoreCreate = z.input<typeof StoreCreateSchema>;

const queryLatitude = z.coerce.number({ error: positionMessage }).min(-90, { error: positionMessage }).max(90, { error: positionMessage });
const queryLongitude = z.coerce.number({ error: positionMessage }).min(-180, { error: positionMessage }).max(180, { error: positionMessage });
const radius = z.coerce.number({ error: fr.common.invalidValue }).positive({ error: fr.common.invalidValue }).max(PLACES.maxRadiusKm * 1000);

/** GET /api/places/nearby-stores. */
export const NearbyStoresQuerySchema = z.object({
  latitude: queryLatitude,
  longitude: queryLongitude,
  radius: radius.default(PLACES.dialogNearbyRadiusM),
  limit: z.coerce.number().int().min(1).max(PLACES.maxResults).default(PLACES.maxResults),
});

/** GET /api/places/search-stores. The position, when given, orders the results by distance. */
export const SearchStoresQuerySchema = z.object({
  query: z.string({ error: fr.stores.queryTooShort }).trim().min(PLACES.queryMinLength, { error: fr.stores.queryTooShort }).max(100),
  latitude: queryLatitude.optional(),
  longitude: queryLongitude.optional(),
  radius: radius.default(PLACES.dialogSearchRadiusM),
  limit: z.coerce.number().int().min(1).max(PLACES.maxResults).default(20),
});

/** radius=5 is 5 km (the catalogue prompt), radius=5000 is 5000 m (the dialogs). */
export function radiusToKm(radiusValue: number): number {
  return radiusValue <= PLACES.kmRadiusThreshold ? radiusValue : radiusValue / 1000;
}
