// /api/merchants/* (a store manager's merchant account) and /api/admin/merchant-applications/*
// (moderators decide on them), issue 29, item 3. Every route checks who asks before reading a body.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { MerchantApplicationListSchema, MerchantApplicationSchema, MerchantApplicationsQuerySchema, MerchantPricesSchema, MerchantSchema } from '#contract/merchants';
import { OptionalReasonSchema, ReasonSchema } from '#contract/moderation';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { applyForMerchant, approveMerchant, merchantApplications, myMerchant, refuseMerchant } from './merchant-applications.service';
import { merchantPrices } from './merchant-prices.service';

const IdParams = z.object({ id: z.string() });

export async function merchantsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchants'];

  app.post(
    '/merchants/application',
    { onRequest: app.requireUser, schema: { tags, summary: 'Demander un compte marchand pour un magasin', body: MerchantApplicationSchema, response: { 201: MerchantSchema, ...errorResponses(400, 401, 404, 409) } } },
    async (request, reply) => reply.code(201).send(await applyForMerchant(deps, principalOf(request), request.body)),
  );

  app.get(
    '/merchants/me',
    { onRequest: app.requireUser, schema: { tags, summary: 'Mon compte marchand', response: { 200: MerchantSchema, ...errorResponses(401, 404) } } },
    async (request) => myMerchant(deps, principalOf(request)),
  );

  app.get(
    '/merchants/prices',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Les prix annoncés par mon magasin, ce que voient les clients, et le magasin voisin le moins cher', response: { 200: MerchantPricesSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => merchantPrices(deps, principalOf(request)),
  );

  const admin = { onRequest: app.requireAdmin };
  const decisions = { 200: MerchantSchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.get(
    '/admin/merchant-applications',
    { ...admin, schema: { tags: ['admin'], summary: 'Demandes de comptes marchands', querystring: MerchantApplicationsQuerySchema, response: { 200: MerchantApplicationListSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => merchantApplications(deps, request.query.status),
  );

  app.post(
    '/admin/merchant-applications/:id/approve',
    { ...admin, schema: { tags: ['admin'], summary: 'Valider un compte marchand', params: IdParams, body: OptionalReasonSchema.nullish(), response: decisions } },
    async (request) => approveMerchant(deps, principalOf(request), request.params.id, request.body?.reason ?? null),
  );

  app.post(
    '/admin/merchant-applications/:id/refuse',
    { ...admin, schema: { tags: ['admin'], summary: 'Refuser un compte marchand (motif obligatoire)', params: IdParams, body: ReasonSchema, response: decisions } },
    async (request) => refuseMerchant(deps, principalOf(request), request.params.id, request.body.reason),
  );
}
