import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { ContributionResponseSchema, ContributionSchema, FlagSchema, PriceHistoryQuerySchema, PriceHistorySchema } from '#contract/prices';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { flagPrice } from './price-flags';
import { contribute, priceHistory } from './prices.service';

const FlagResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export async function pricesRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['prices'];

  // The guard runs before the (large) body is read, so strangers cannot make us parse megabytes.
  app.post(
    '/prices/contribute',
    {
      onRequest: app.requireConsumer,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: ContributionSchema, tags, response: { 200: ContributionResponseSchema, 201: ContributionResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) } },
    },
    async (request, reply) => {
      const result = await contribute(deps, principalOf(request), request.body, request.ip);
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.post(
    '/prices/:observation_id/flag',
    {
      onRequest: app.requireConsumer,
      schema: {
        params: z.object({ observation_id: z.string() }),
        body: FlagSchema,
        tags,
        summary: 'Signaler ce prix',
        response: { 201: FlagResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await flagPrice(deps, principalOf(request), request.params.observation_id, request.body)),
  );

  app.get(
    '/products/:id/price-history',
    {
      onRequest: app.optionalUser,
      schema: { params: z.object({ id: z.string() }), querystring: PriceHistoryQuerySchema, tags, response: { 200: PriceHistorySchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => priceHistory(deps, request.params.id, request.query.days, request.principal),
  );
}
