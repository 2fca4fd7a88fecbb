import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, NoContentSchema } from '#contract/api-errors';
import { PaymentMethodInputSchema, PaymentMethodListSchema, PaymentMethodSchema } from '#contract/payments';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { addPaymentMethod, deletePaymentMethod, listPaymentMethods, makeDefaultPaymentMethod } from './payment-methods.service';

const IdParams = z.object({ id: z.string() });

export async function paymentMethodsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireConsumer };
  const tags = ['payment-methods'];

  app.get('/user/payment-methods', { ...guard, schema: { tags, response: { 200: PaymentMethodListSchema, ...errorResponses(401, 403) } } }, async (request) =>
    listPaymentMethods(deps, principalOf(request)),
  );

  app.post('/user/payment-methods', { ...guard, schema: { body: PaymentMethodInputSchema, tags, response: { 201: PaymentMethodSchema, ...errorResponses(400, 401, 403, 409) } } }, async (request, reply) =>
    reply.status(201).send(await addPaymentMethod(deps, principalOf(request), request.body)),
  );

  app.put('/user/payment-methods/:id/default', { ...guard, schema: { params: IdParams, tags, response: { 200: PaymentMethodSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    makeDefaultPaymentMethod(deps, principalOf(request), request.params.id),
  );

  app.delete('/user/payment-methods/:id', { ...guard, schema: { params: IdParams, tags, response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request, reply) => {
    await deletePaymentMethod(deps, principalOf(request), request.params.id);
    return reply.status(204).send();
  });
}
