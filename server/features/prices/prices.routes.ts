import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContributionSchema, PriceHistoryQuerySchema } from '#contract/prices';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { IMAGE_BODY_LIMIT } from '../../platform/images';
import { contribute, priceHistory } from './prices.service';

export async function pricesRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['prices'];

  // The guard runs before the (large) body is read, so strangers cannot make us parse megabytes.
  app.post(
    '/prices/contribute',
    { onRequest: app.requireConsumer, bodyLimit: IMAGE_BODY_LIMIT, schema: { body: ContributionSchema, tags } },
    async (request, reply) => {
      const result = await contribute(deps, principalOf(request), request.body);
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/products/:id/price-history',
    { onRequest: app.optionalUser, schema: { params: z.object({ id: z.string() }), querystring: PriceHistoryQuerySchema, tags } },
    async (request) => priceHistory(deps, request.params.id, request.query.days),
  );
}
