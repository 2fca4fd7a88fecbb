// /api/admin/ads: moderators review ads (401 signed out, 403 for consumers and agents). An action the
// ad's status does not allow answers 409 in French.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdApproveSchema, AdDecisionSchema, AdminAdPageSchema, AdminAdsQuerySchema } from '#contract/ads-api';
import { errorResponses } from '#contract/api-errors';
import { ReasonSchema } from '#contract/moderation';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import type { PaymentProviders } from '../../platform/payments/providers';
import { adminAdPage, approveAd, markAdPaymentReceived, markAdRefundSent, rejectAd } from './ads-admin.service';

const IdParams = z.object({ id: z.string() });

export async function adsAdminRoutes(fastify: FastifyInstance, { deps, payments }: { deps: AppDeps; payments: PaymentProviders }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = { onRequest: app.requireAdmin };
  const tags = ['admin'];
  const decisions = { 200: AdDecisionSchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.get(
    '/admin/ads',
    { ...base, schema: { tags, summary: 'Annonces, par statut', querystring: AdminAdsQuerySchema, response: { 200: AdminAdPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => adminAdPage(deps, request.query.status, request.query.page, request.query.limit),
  );

  app.post(
    '/admin/ads/:id/approve',
    { ...base, schema: { tags, summary: 'Valider une annonce', params: IdParams, body: AdApproveSchema.nullish(), response: decisions } },
    async (request) => approveAd(deps, principalOf(request), request.params.id, request.body?.starts_at),
  );

  app.post(
    '/admin/ads/:id/reject',
    { ...base, schema: { tags, summary: 'Refuser une annonce (motif obligatoire, remboursement)', params: IdParams, body: ReasonSchema, response: decisions } },
    async (request) => rejectAd(deps, principalOf(request), request.params.id, request.body.reason, payments, request.log),
  );

  app.post(
    '/admin/ads/:id/payment-received',
    { ...base, schema: { tags, summary: 'Virement bancaire reçu', params: IdParams, response: decisions } },
    async (request) => markAdPaymentReceived(deps, principalOf(request), request.params.id),
  );

  app.post(
    '/admin/ads/:id/refund-sent',
    { ...base, schema: { tags, summary: 'Virement de remboursement envoyé', params: IdParams, response: decisions } },
    async (request) => markAdRefundSent(deps, principalOf(request), request.params.id),
  );
}
