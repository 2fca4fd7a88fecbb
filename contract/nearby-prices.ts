// « Prix près de chez vous » (issue 28, item 5): the position GET /api/products/{id} may be given,
// the cities the stores are in (the price list's city filter) and the city a user keeps as a
// preference. The server orders a product's prices by the user's city first, then by price; the
// web app filters them by the chosen city.
import { z } from './zod';
import { fr } from './messages';

/**
 * A store added without a town (by a user, or an import whose source had none) counts as in the
 * town of the nearest store that has one, if that store is within this distance.
 */
export const STORE_CITY_RADIUS_KM = 15;

/**
 * A latitude or longitude of a query string: a number within ±`limit`, else `message` (an empty
 * value is refused, not read as 0). The OpenAPI document shows it as the number it is.
 */
const queryCoordinate = (limit: number, message: string, description: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message }))
    .meta({ type: 'number', minimum: -limit, maximum: limit, minLength: undefined, description });

/** GET /api/products/{id}?latitude&longitude: the user's position, both or neither. */
export const ProductDetailQuerySchema = z
  .object({
    latitude: queryCoordinate(90, fr.nearbyPrices.latitudeInvalid, 'Latitude de l’utilisateur (degrés, WGS84), avec longitude').optional(),
    longitude: queryCoordinate(180, fr.nearbyPrices.longitudeInvalid, 'Longitude de l’utilisateur (degrés, WGS84), avec latitude').optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { error: fr.nearbyPrices.positionIncomplete, path: ['latitude'] });
export type ProductDetailQuery = z.input<typeof ProductDetailQuerySchema>;

/** The city a user keeps for the prices of a product (users.preferences.city); null: every city. */
export const CityPreferenceField = z
  .string({ error: fr.nearbyPrices.cityInvalid })
  .trim()
  .min(1, { error: fr.nearbyPrices.cityInvalid })
  .max(80, { error: fr.nearbyPrices.cityInvalid })
  .nullable();

export const StoreCitySchema = z.object({ city: z.string(), store_count: z.number().int() });
export type StoreCity = z.infer<typeof StoreCitySchema>;

/** GET /api/stores/cities: the towns the stores everyone sees are in, the one with most stores first. */
export const StoreCitiesResponseSchema = z.object({ cities: z.array(StoreCitySchema) });
export type StoreCitiesResponse = z.infer<typeof StoreCitiesResponseSchema>;
