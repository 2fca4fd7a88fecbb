import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { CreateDeliveryRequestSchema, DeliveryRequestSchema } from '#contract/orders';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { createDeliveryFromList } from '../checkout/checkout.service';
import { cancelDelivery, deliveryById, listDeliveries } from './deliveries.service';

export async function deliveriesRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireConsumer };
  const tags = ['deliveries'];

  app.get('/deliveries', { ...guarded, schema: { tags, response: { 200: z.array(DeliveryRequestSchema), ...errorResponses(401, 403) } } }, async (request) =>
    listDeliveries(deps, principalOf(request)),
  );

  // Optimise-and-book lives with the checkout (one booking path): best prices from the request's
  // position, a cart, cash on delivery — so the order follows the same lifecycle as any booking.
  const created = { 201: DeliveryRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 422) };
  app.post('/deliveries', { ...guarded, schema: { body: CreateDeliveryRequestSchema, tags, response: created } }, async (request, reply) => {
    const order = await createDeliveryFromList(deps, principalOf(request), request.body);
    return reply.status(201).send(await deliveryById(deps, order.id));
  });

  const cancelled = { 200: DeliveryRequestSchema, ...errorResponses(400, 401, 403, 404, 409) };
  app.post('/deliveries/:id/cancel', { ...guarded, schema: { params: z.object({ id: z.string() }), tags, response: cancelled } }, async (request) =>
    cancelDelivery(deps, principalOf(request), request.params.id),
  );
}
