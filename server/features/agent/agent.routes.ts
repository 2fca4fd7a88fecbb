import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateStatusQuerySchema, type AgentOrderResponse, type MyOrdersResponse } from '#contract/agent';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { acceptOrder, availableOrdersSnapshot, myOrders, updateOrderStatus } from './agent.service';

const OrderParams = z.object({ id: z.string() });

export async function agentRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireAgent };
  const tags = ['delivery-agent'];

  // { available_orders } — served from a shared snapshot with an ETag, so a phone polling an
  // unchanged list gets a 304 with no body.
  app.get('/delivery-agent/available-orders', { ...guarded, schema: { tags } }, async (request, reply) => {
    const snapshot = await availableOrdersSnapshot(deps);
    reply.header('etag', snapshot.etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === snapshot.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(snapshot.json);
  });

  app.get('/delivery-agent/my-orders', { ...guarded, schema: { tags } }, async (request): Promise<MyOrdersResponse> => ({
    my_orders: await myOrders(deps, principalOf(request)),
  }));

  app.post('/delivery-agent/accept-order/:id', { ...guarded, schema: { params: OrderParams, tags } }, async (request): Promise<AgentOrderResponse> => ({
    message: fr.agent.accepted,
    order: await acceptOrder(deps, principalOf(request), request.params.id),
  }));

  app.put(
    '/delivery-agent/update-status/:id',
    { ...guarded, schema: { params: OrderParams, querystring: UpdateStatusQuerySchema, tags } },
    async (request): Promise<AgentOrderResponse> => ({
      message: fr.agent.statusUpdated,
      order: await updateOrderStatus(deps, principalOf(request), request.params.id, request.query.new_status),
    }),
  );
}
