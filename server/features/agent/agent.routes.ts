// /api/delivery-agent/*: any agent may read where its application stands; the order routes are for
// approved agents only (403 with a French detail saying why: application pending or refused).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentApplicationStateSchema,
  AgentOrderResponseSchema,
  AgentOrderSchema,
  AvailableOrdersQuerySchema,
  AvailableOrdersResponseSchema,
  MyOrdersResponseSchema,
  UpdateStatusQuerySchema,
} from '#contract/agent';
import { errorResponses } from '#contract/api-errors';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { assertApprovedAgent } from './agent-access';
import { acceptOrder, applicationOf, availableOrdersSnapshot, myOrder, myOrders, updateOrderStatus } from './agent.service';

const OrderParams = z.object({ id: z.string() });

export async function agentRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const approvedAgent = async (request: FastifyRequest) => assertApprovedAgent(deps.db, principalOf(request).userId);
  const approved = { onRequest: [app.requireAgent, approvedAgent] };
  const tags = ['delivery-agent'];
  const answers = <T extends z.ZodTypeAny>(schema: T) => ({ 200: schema, ...errorResponses(400, 401, 403, 404, 409) });

  app.get(
    '/delivery-agent/application',
    { onRequest: app.requireAgent, schema: { tags, summary: 'État de la candidature du livreur', response: { 200: AgentApplicationStateSchema, ...errorResponses(401, 403) } } },
    async (request) => applicationOf(deps, principalOf(request)),
  );

  // { available_orders } — served from a shared snapshot with an ETag, so a phone polling an
  // unchanged list gets a 304 with no body.
  app.get(
    '/delivery-agent/available-orders',
    {
      ...approved,
      schema: {
        tags,
        summary: 'Commandes disponibles (sans les coordonnées des clients)',
        querystring: AvailableOrdersQuerySchema,
        response: { 200: AvailableOrdersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, typedReply) => {
      // The body is JSON already (the snapshot went through the schema): sent as it is, untyped.
      const reply = typedReply as unknown as FastifyReply;
      const { latitude, longitude } = request.query;
      const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      const snapshot = await availableOrdersSnapshot(deps, position);
      reply.header('etag', snapshot.etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === snapshot.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(snapshot.json);
    },
  );

  app.get('/delivery-agent/my-orders', { ...approved, schema: { tags, summary: 'Mes commandes', response: answers(MyOrdersResponseSchema) } }, async (request) => ({
    my_orders: await myOrders(deps, principalOf(request)),
  }));

  app.get(
    '/delivery-agent/orders/:id',
    { ...approved, schema: { tags, summary: 'Une de mes commandes', params: OrderParams, response: answers(AgentOrderSchema) } },
    async (request) => myOrder(deps, principalOf(request), request.params.id),
  );

  app.post(
    '/delivery-agent/accept-order/:id',
    { ...approved, schema: { tags, summary: 'Prendre une commande', params: OrderParams, response: answers(AgentOrderResponseSchema) } },
    async (request) => ({ message: fr.agent.accepted, order: await acceptOrder(deps, principalOf(request), request.params.id) }),
  );

  app.put(
    '/delivery-agent/update-status/:id',
    { ...approved, schema: { tags, summary: 'Changer le statut d’une de mes commandes', params: OrderParams, querystring: UpdateStatusQuerySchema, response: answers(AgentOrderResponseSchema) } },
    async (request) => ({
      message: fr.agent.statusUpdated,
      order: await updateOrderStatus(deps, principalOf(request), request.params.id, request.query.new_status),
    }),
  );
}
