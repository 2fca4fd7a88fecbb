import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { BookDeliveryQuerySchema, BookingDetailsSchema, BookingResultSchema, CreateCartResultSchema, CreateCartSchema, SandboxDecisionSchema } from '#contract/checkout';
import { SwitchStoreQuerySchema, SwitchStoreResponseSchema } from '#contract/optimiser';
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

  // 422: a store outside the delivery area of the cart's position, or no position at all.
  const cartCreated = { 201: CreateCartResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) };
  app.post('/shopping/create-cart', { ...guard, schema: { body: CreateCartSchema, tags, response: cartCreated } }, async (request, reply) =>
    reply.status(201).send(await createCart(deps, principalOf(request), request.body)),
  );

  const switched = { 200: SwitchStoreResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };
  app.post('/shopping/switch-store', { ...guard, schema: { querystring: SwitchStoreQuerySchema, tags, response: switched } }, async (request) =>
    switchStore(deps, principalOf(request), request.query.cart_id, request.query.item_index, request.query.new_store_id),
  );

  // 422 also when the chosen method has no provider on this deployment, or when a store of the cart
  // is outside the delivery area of the cart's position (nothing is created then).
  app.post(
    '/shopping/book-delivery',
    { ...guard, schema: { querystring: BookDeliveryQuerySchema, tags, response: { 201: BookingResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 502) } } },
    async (request, reply) => reply.status(201).send(await bookDelivery(deps, principalOf(request), request.query, payments)),
  );

  app.get('/shopping/bookings/:id', { ...guard, schema: { params: IdParams, tags, response: { 200: BookingDetailsSchema, ...errorResponses(401, 403, 404) } } }, async (request) =>
    bookingDetails(deps, principalOf(request), request.params.id, payments),
  );

  // The sandbox operator's "phone": the customer approves or declines the push (test mode only;
  // 404 where the sandbox is off, as in production).
  app.post(
    '/shopping/payments/:id/sandbox-decision',
    { ...guard, schema: { params: IdParams, body: SandboxDecisionSchema, tags, response: { 200: BookingDetailsSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => answerSandboxPayment(deps, principalOf(request), request.params.id, request.body.approve, payments),
  );
}
