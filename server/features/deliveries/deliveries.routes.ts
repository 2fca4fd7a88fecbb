import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { cancelDelivery, listDeliveries } from './deliveries.service';

export async function deliveriesRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.requireConsumer };
  const tags = ['deliveries'];

  app.get('/deliveries', { ...guarded, schema: { tags } }, async (request) => listDeliveries(deps, principalOf(request)));

  app.post('/deliveries/:id/cancel', { ...guarded, schema: { params: z.object({ id: z.string() }), tags } }, async (request) =>
    cancelDelivery(deps, principalOf(request), request.params.id),
  );
}
