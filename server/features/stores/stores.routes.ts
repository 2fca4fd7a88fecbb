import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { StoreCitiesResponseSchema } from '#contract/nearby-prices';
import { NearbyStoresQuerySchema, PlacesResponseSchema, SearchStoresQuerySchema, StoreCreateSchema, StoreSchema } from '#contract/stores';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { createStore, listStores, nearbyPlaces, searchPlaces, storeCities } from './stores.service';

/** POST /api/stores: the store, created (201) or found within 50 m under the same name (200). */
const StoreCreatedSchema = StoreSchema.extend({ already_existed: z.boolean() });

export async function storesRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['stores'];

  // Public: the city filter of a product's prices works signed out too.
  app.get('/stores/cities', { schema: { tags, summary: 'Les villes des magasins', response: { 200: StoreCitiesResponseSchema } } }, async () => ({
    cities: (await storeCities(deps)).cities,
  }));

  app.get('/stores', { onRequest: app.requireUser, schema: { tags, response: { 200: z.array(StoreSchema), ...errorResponses(401) } } }, async () => listStores(deps));

  app.post('/stores', { onRequest: app.requireConsumer, schema: { body: StoreCreateSchema, tags, response: { 200: StoreCreatedSchema, 201: StoreCreatedSchema, ...errorResponses(400, 401, 403, 429) } } }, async (request, reply) => {
    const { store, created } = await createStore(deps, request.body, principalOf(request).userId);
    return reply.status(created ? 201 : 200).send({ ...store, already_existed: !created });
  });

  const places = { 200: PlacesResponseSchema, ...errorResponses(400, 401) };
  app.get('/places/nearby-stores', { onRequest: app.requireUser, schema: { querystring: NearbyStoresQuerySchema, tags, response: places } }, async (request) => ({
    success: true as const,
    stores: await nearbyPlaces(deps, request.query),
  }));

  app.get('/places/search-stores', { onRequest: app.requireUser, schema: { querystring: SearchStoresQuerySchema, tags, response: places } }, async (request) => ({
    success: true as const,
    stores: await searchPlaces(deps, request.query),
  }));
}
