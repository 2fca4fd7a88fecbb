import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookDeliveryQuerySchema, CreateCartSchema, SandboxDecisionSchema } from '#contract/checkout';
import { SwitchStoreQuerySchema } from '#contract/optimiser';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import type { PaymentProviders } from '../../platform/payments/providers';
import { answerSandboxPayment, bookDelivery, bookingDetails } from './booking.service';
import { createCart, switchStore } from './carts.service';

const IdParams = z.object({ id: z.string() });

/** `payments` says which operator collects each method (platform/payments/providers.ts). */
export async function checkoutRoutes(fastify: FastifyInstance, { deps, payments }: { deps: AppDeps; payments: PaymentProviders }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireConsumer };
  const tags = ['checkout'];

  app.post('/shopping/create-cart', { ...guard, schema: { body: CreateCartSchema, tags } }, async (request, reply) =>
    reply.status(201).send(await createCart(deps, principalOf(request), request.body)),
  );

  app.post('/shopping/switch-store', { ...guard, schema: { querystring: SwitchStoreQuerySchema, tags } }, async (request) =>
    switchStore(deps, principalOf(request), request.query.cart_id, request.query.item_index, request.query.new_store_id),
  );

  app.post('/shopping/book-delivery', { ...guard, schema: { querystring: BookDeliveryQuerySchema, tags } }, async (request, reply) =>
    reply.status(201).send(await bookDelivery(deps, principalOf(request), request.query, payments)),
  );

  app.get('/shopping/bookings/:id', { ...guard, schema: { params: IdParams, tags } }, async (request) =>
    bookingDetails(deps, principalOf(request), request.params.id, payments),
  );

  // The sandbox operator's "phone": the customer approves or declines the push (test mode only).
  app.post('/shopping/payments/:id/sandbox-decision', { ...guard, schema: { params: IdParams, body: SandboxDecisionSchema, tags } }, async (request) =>
    answerSandboxPayment(deps, principalOf(request), request.params.id, request.body.approve, payments),
  );
}
