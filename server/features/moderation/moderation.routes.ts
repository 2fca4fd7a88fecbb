// /api/admin/*: the moderation space's API. Every route is for moderators only (401 signed out, 403
// for consumers and agents), checked before any body is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { fr } from '#contract/messages';
import {
  AdminOrderPageSchema,
  AdminOrdersQuerySchema,
  AgentApplicationPageSchema,
  AgentApplicationsQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  ContributorProfileSchema,
  ModerationResultSchema,
  ObservationQueueQuerySchema,
  ObservationQueueSchema,
  OptionalReasonSchema,
  ProductRevisionsSchema,
  QueueCountsSchema,
  ReasonSchema,
  RevertSchema,
  BarcodeClaimSchema,
  ProductSizeSchema,
  SuggestionPageSchema,
  SuggestionsQuerySchema,
} from '#contract/moderation';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { adminOrderPage } from './admin-orders.service';
import { agentApplicationPage, approveAgent, refuseAgent } from './agent-applications.service';
import { auditPage } from './audit';
import { contributorProfile } from './contributors';
import { approveObservation, observationQueue, queueCounts, rejectObservation } from './observation-queue.service';
import { applySuggestion, claimBarcode, productRevisionsOf, refuseSuggestion, revertProduct, setProductSize, suggestionPage } from './product-moderation.service';
import { reinstateUser, suspendUser } from './users-moderation.service';

const IdParams = z.object({ id: z.string() });
const done = (message: string) => ({ success: true as const, message });

export async function moderationRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = { onRequest: app.requireAdmin };
  const tags = ['admin'];
  const reads = <T extends z.ZodTypeAny>(schema: T) => ({ 200: schema, ...errorResponses(400, 401, 403, 404) });
  const decisions = { 200: ModerationResultSchema, ...errorResponses(400, 401, 403, 404, 409) };
  const texts = fr.adminUi;

  app.get('/admin/queue', { ...base, schema: { tags, summary: 'Files de modération (nombres)', response: reads(QueueCountsSchema) } }, async () => queueCounts(deps.db));

  app.get(
    '/admin/price-observations',
    { ...base, schema: { tags, summary: 'Prix retenus ou signalés, avec leurs preuves', querystring: ObservationQueueQuerySchema, response: reads(ObservationQueueSchema) } },
    async (request) => observationQueue(deps, request.query.status, request.query.page, request.query.limit),
  );

  app.post(
    '/admin/price-observations/:id/approve',
    { ...base, schema: { tags, summary: 'Valider un prix', params: IdParams, body: OptionalReasonSchema.nullish(), response: decisions } },
    async (request) => {
      await approveObservation(deps, principalOf(request), request.params.id, request.body?.reason ?? null);
      return done(texts.approved);
    },
  );

  app.post(
    '/admin/price-observations/:id/reject',
    { ...base, schema: { tags, summary: 'Refuser un prix', params: IdParams, body: ReasonSchema, response: decisions } },
    async (request) => {
      await rejectObservation(deps, principalOf(request), request.params.id, request.body.reason);
      return done(texts.rejected);
    },
  );

  app.get(
    '/admin/product-suggestions',
    { ...base, schema: { tags, summary: 'Modifications de produits proposées', querystring: SuggestionsQuerySchema, response: reads(SuggestionPageSchema) } },
    async (request) => suggestionPage(deps, request.query.status, request.query.page, request.query.limit),
  );

  app.post(
    '/admin/product-suggestions/:id/apply',
    { ...base, schema: { tags, summary: 'Appliquer une modification proposée', params: IdParams, body: OptionalReasonSchema.nullish(), response: decisions } },
    async (request) => {
      await applySuggestion(deps, principalOf(request), request.params.id, request.body?.reason ?? null);
      return done(texts.suggestionApplied);
    },
  );

  app.post(
    '/admin/product-suggestions/:id/refuse',
    { ...base, schema: { tags, summary: 'Refuser une modification proposée', params: IdParams, body: ReasonSchema, response: decisions } },
    async (request) => {
      await refuseSuggestion(deps, principalOf(request), request.params.id, request.body.reason);
      return done(texts.suggestionRefused);
    },
  );

  app.get(
    '/admin/products/:id/revisions',
    { ...base, schema: { tags, summary: 'Historique des versions d’un produit', params: IdParams, response: reads(ProductRevisionsSchema) } },
    async (request) => ({ revisions: await productRevisionsOf(deps, request.params.id) }),
  );

  app.post(
    '/admin/products/:id/revert',
    { ...base, schema: { tags, summary: 'Revenir à une version antérieure d’un produit', params: IdParams, body: RevertSchema, response: decisions } },
    async (request) => {
      await revertProduct(deps, principalOf(request), request.params.id, request.body.revision_id);
      return done(texts.reverted);
    },
  );

  app.post(
    '/admin/products/:id/barcode',
    { ...base, schema: { tags, summary: 'Attribuer un code-barres au bon produit (le produit qui le portait le perd)', params: IdParams, body: BarcodeClaimSchema, response: decisions } },
    async (request) => {
      await claimBarcode(deps, principalOf(request), request.params.id, request.body.barcode);
      return done(texts.barcodeClaimed);
    },
  );

  app.put(
    '/admin/products/:id/size',
    { ...base, schema: { tags, summary: 'Corriger la contenance et le lot d’un produit (ils ne suivent plus son nom, sauf from_name)', params: IdParams, body: ProductSizeSchema, response: decisions } },
    async (request) => {
      await setProductSize(deps, principalOf(request), request.params.id, request.body);
      return done(texts.sizeSaved);
    },
  );

  app.get(
    '/admin/users/:id',
    { ...base, schema: { tags, summary: 'Profil de contributeur', params: IdParams, response: reads(ContributorProfileSchema) } },
    async (request) => contributorProfile(deps.db, request.params.id),
  );

  app.post(
    '/admin/users/:id/suspend',
    { ...base, schema: { tags, summary: 'Suspendre un compte', params: IdParams, body: ReasonSchema, response: decisions } },
    async (request) => {
      await suspendUser(deps, principalOf(request), request.params.id, request.body.reason);
      return done(texts.suspended);
    },
  );

  app.post(
    '/admin/users/:id/reinstate',
    { ...base, schema: { tags, summary: 'Rétablir un compte suspendu', params: IdParams, body: OptionalReasonSchema.nullish(), response: decisions } },
    async (request) => {
      await reinstateUser(deps, principalOf(request), request.params.id, request.body?.reason ?? null);
      return done(texts.reinstated);
    },
  );

  app.get(
    '/admin/agent-applications',
    {
      ...base,
      schema: { tags, summary: 'Candidatures de livreurs', querystring: AgentApplicationsQuerySchema, response: reads(AgentApplicationPageSchema) },
    },
    async (request) => agentApplicationPage(deps, request.query.status, request.query.page, request.query.limit),
  );

  app.post(
    '/admin/agent-applications/:id/approve',
    { ...base, schema: { tags, summary: 'Accepter un livreur', params: IdParams, body: OptionalReasonSchema.nullish(), response: decisions } },
    async (request) => {
      await approveAgent(deps, principalOf(request), request.params.id, request.body?.reason ?? null);
      return done(fr.agentVetting.approvedResult);
    },
  );

  app.post(
    '/admin/agent-applications/:id/refuse',
    { ...base, schema: { tags, summary: 'Refuser un livreur (motif obligatoire)', params: IdParams, body: ReasonSchema, response: decisions } },
    async (request) => {
      await refuseAgent(deps, principalOf(request), request.params.id, request.body.reason);
      return done(fr.agentVetting.refusedResult);
    },
  );

  app.get(
    '/admin/orders',
    {
      ...base,
      schema: {
        tags,
        summary: 'Commandes (lecture seule) : commandes test et remboursements à suivre',
        querystring: AdminOrdersQuerySchema,
        response: reads(AdminOrderPageSchema),
      },
    },
    async (request) => adminOrderPage(deps.db, request.query),
  );

  app.get(
    '/admin/audit',
    { ...base, schema: { tags, summary: 'Journal des actions des modérateurs', querystring: AuditQuerySchema, response: reads(AuditPageSchema) } },
    async (request) => auditPage(deps.db, request.query.page, request.query.limit),
  );
}
