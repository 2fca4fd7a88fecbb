import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentMethodInputSchema } from '#contract/payments';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { addPaymentMethod, deletePaymentMethod, listPaymentMethods, makeDefaultPaymentMethod } from './payment-methods.service';

const IdParams = z.object({ id: z.string() });

export async function paymentMethodsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preHandler: app.requireConsumer };
  const tags = ['payment-methods'];

  app.get('/user/payment-methods', { ...guard, schema: { tags } }, async (request) => listPaymentMethods(deps, principalOf(request)));

  app.post('/user/payment-methods', { ...guard, schema: { body: PaymentMethodInputSchema, tags } }, async (request, reply) =>
    reply.status(201).send(await addPaymentMethod(deps, principalOf(request), request.body)),
  );

  app.put('/user/payment-methods/:id/default', { ...guard, schema: { params: IdParams, tags } }, async (request) =>
    makeDefaultPaymentMethod(deps, principalOf(request), request.params.id),
  );

  app.delete('/user/payment-methods/:id', { ...guard, schema: { params: IdParams, tags } }, async (request, reply) => {
    await deletePaymentMethod(deps, principalOf(request), request.params.id);
    return reply.status(204).send();
  });
}
