// /api/ads: advertisers' ads. Any signed-in consumer may advertise (merchants are consumers here);
// agents and moderators get 403, strangers 401. Another user's ad is "not found".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdDraftSchema, AdPlacesSchema } from '#contract/ads';
import { AdListSchema, AdPaySchema, AdResponseSchema, AdSandboxDecisionSchema } from '#contract/ads-api';
import { errorResponses } from '#contract/api-errors';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import type { PaymentProviders } from '../../platform/payments/providers';
import { AD_BODY_LIMIT } from './ad-media';
import { adDetails, answerAdSandbox, payAd } from './ad-payments';
import { adPlaces, createAd, myAds, pauseOrResume, updateAd } from './ads.service';

const IdParams = z.object({ id: z.string() });

export async function adsRoutes(fastify: FastifyInstance, { deps, payments }: { deps: AppDeps; payments: PaymentProviders }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireConsumer };
  const tags = ['ads'];
  const one = (...errors: number[]) => ({ 200: AdResponseSchema, ...errorResponses(...errors) });

  // Media arrive as data URLs: 400 missing, 413 over 10 MB, 415 not an accepted image or video;
  // 400 too for a town or district without listed stores.
  app.post(
    '/ads',
    { ...guard, bodyLimit: AD_BODY_LIMIT, schema: { tags, summary: 'Créer une annonce (brouillon)', body: AdDraftSchema, response: { 201: AdResponseSchema, ...errorResponses(400, 401, 403, 413, 415) } } },
    async (request, reply) => reply.status(201).send(await createAd(deps, principalOf(request), request.body)),
  );

  // The wizard's targeting: every town with listed stores and its districts with stores.
  app.get('/ads/places', { ...guard, schema: { tags, summary: 'Les villes et quartiers qui ont des magasins, pour cibler une annonce', response: { 200: AdPlacesSchema, ...errorResponses(401, 403) } } }, async () =>
    adPlaces(deps),
  );

  app.get('/ads/mine', { ...guard, schema: { tags, summary: 'Mes annonces, avec leurs statistiques', response: { 200: AdListSchema, ...errorResponses(401, 403) } } }, async (request) =>
    myAds(deps, principalOf(request)),
  );

  app.get('/ads/:id', { ...guard, schema: { tags, summary: 'Une de mes annonces', params: IdParams, response: one(401, 403, 404) } }, async (request) =>
    adDetails(deps, principalOf(request), request.params.id, payments),
  );

  // Free edits for 2 hours after creation; later, an approved ad goes back to review (409 once final).
  app.put(
    '/ads/:id',
    { ...guard, bodyLimit: AD_BODY_LIMIT, schema: { tags, summary: 'Modifier une annonce', params: IdParams, body: AdDraftSchema, response: one(400, 401, 403, 404, 409, 413, 415) } },
    async (request) => updateAd(deps, principalOf(request), request.params.id, request.body),
  );

  // 422 when this deployment has no operator for the method (nothing changes then).
  app.post(
    '/ads/:id/pay',
    { ...guard, schema: { tags, summary: 'Payer une annonce', params: IdParams, body: AdPaySchema.default({}), response: one(400, 401, 403, 404, 409, 422, 502) } },
    async (request) => payAd(deps, principalOf(request), request.params.id, request.body, payments),
  );

  // The sandbox operator's "phone" (test mode only; 404 where the sandbox is off, as in production).
  app.post(
    '/ads/:id/sandbox-decision',
    { ...guard, schema: { tags, summary: 'Réponse au paiement de test', params: IdParams, body: AdSandboxDecisionSchema, response: one(400, 401, 403, 404, 409) } },
    async (request) => answerAdSandbox(deps, principalOf(request), request.params.id, request.body.approve, payments),
  );

  app.post('/ads/:id/pause', { ...guard, schema: { tags, summary: 'Mettre une annonce en pause', params: IdParams, response: one(401, 403, 404, 409) } }, async (request) =>
    pauseOrResume(deps, principalOf(request), request.params.id, 'pause'),
  );

  app.post('/ads/:id/resume', { ...guard, schema: { tags, summary: 'Reprendre une annonce', params: IdParams, response: one(401, 403, 404, 409) } }, async (request) =>
    pauseOrResume(deps, principalOf(request), request.params.id, 'resume'),
  );
}
