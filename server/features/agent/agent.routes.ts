import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateStatusQuerySchema, type AgentOrderResponse, type AvailableOrdersResponse, type MyOrdersResponse } from '#contract/agent';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { acceptOrder, availableOrders, myOrders, updateOrderStatus } from './agent.service';

const OrderParams = z.object({ id: z.string() });

export async function agentRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.requireAgent };
  const tags = ['delivery-agent'];

  app.get('/delivery-agent/available-orders', { ...guarded, schema: { tags } }, async (): Promise<AvailableOrdersResponse> => ({
    available_orders: await availableOrders(deps),
  }));

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
