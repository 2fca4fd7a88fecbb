// The promo banner's HTTP side: the slides of the signed-in user, the impression of a shown ad, and
// the tracked link of a click (a redirect to the ad's public page /annonces/{id} in the web app —
// the spec gives an ad no URL of its own) and that page's read of a running ad. Also starts the promotional notifications' pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdPublicSchema, BannerQuerySchema, BannerSlidesSchema } from '#contract/ads-banner';
import { errorResponses } from '#contract/api-errors';
import type { AppDeps } from '../../deps';
import { bearerToken, principalOf } from '../../platform/auth-guard';
import { SESSIONS_CACHE } from '../../platform/cache-invalidation';
import { readCacheOf } from '../../platform/read-cache';
import type { LatLng } from '../../platform/geo';
import { loadSigningKey } from '../auth/tokens';
import { createClickTokens } from './ad-click-token';
import { registerAdPromotionsJob } from './ad-promotions';
import { bannerFor, publicAd, recordClick, recordImpression } from './banner.service';

const IdParams = z.object({ id: z.string() });
/**
 * The banner is read on every signed-in page: whom a bearer token names is remembered this long, so
 * a page view costs no session query. A logout, suspension or role change on any instance clears
 * this cache on all of them (sessionsChanged); every other route checks the session each time.
 */
const PRINCIPAL_TTL_MS = 15_000;
const ClickQuerySchema = z.object({ t: z.string().max(100).optional() });

const positionOf = (query: { lat?: number; lng?: number }): LatLng | null =>
  query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : null;

export async function bannerRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const clickTokens = createClickTokens(await loadSigningKey(deps.db, deps.config.sessionSecret));
  const bannerDeps = { ...deps, clickTokens };
  const tags = ['ads'];
  registerAdPromotionsJob(fastify, deps);
  // Keyed by the token itself: a cached principal is only ever given back to its own bearer.
  const principals = readCacheOf(deps.db, SESSIONS_CACHE, { ttlMs: PRINCIPAL_TTL_MS, maxEntries: 20_000 });
  const signedIn = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return app.requireUser(request); // answers 401
    request.principal = await principals.get(token, async () => {
      await app.requireUser(request);
      return principalOf(request);
    });
  };

  app.get(
    '/ads/banner',
    {
      onRequest: signedIn,
      // About 2 KB: gzip would save ~1.4 KB a page but cost more CPU than the rest of the answer.
      compress: false,
      schema: {
        tags,
        summary: "Les diapositives du bandeau : annonces de l'audience de l'utilisateur, puis messages MonPanier (5 au plus)",
        querystring: BannerQuerySchema,
        response: { 200: BannerSlidesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => bannerFor(bannerDeps, principalOf(request).userId, positionOf(request.query)),
  );

  app.post(
    '/ads/:id/impression',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "Une annonce affichée dans le bandeau (comptée une fois par jour et par utilisateur)",
        params: IdParams,
        querystring: BannerQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await recordImpression(deps, principalOf(request).userId, request.params.id, positionOf(request.query));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/ads/:id/public',
    {
      schema: {
        tags,
        summary: "Le contenu d'une annonce en cours de diffusion, pour sa page publique /annonces/{id}",
        security: [],
        params: IdParams,
        response: { 200: AdPublicSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => publicAd(deps, request.params.id),
  );

  app.get(
    '/ads/:id/click',
    {
      schema: {
        tags,
        summary: "Le lien suivi d'une annonce : compte le clic et redirige vers /annonces/{id}",
        security: [],
        params: IdParams,
        querystring: ClickQuerySchema,
        response: { 302: z.null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const userId = (await signedInUser(app, request)) ?? clickTokens.open(request.query.t, deps.now());
      const location = await recordClick(deps, request.params.id, userId);
      return reply.header('Cache-Control', 'no-store').redirect(location, 302);
    },
  );
}

/** The bearer's user when one is sent and valid; a link followed by a browser has none, which is fine. */
async function signedInUser(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!bearerToken(request)) return null;
  try {
    await app.requireUser(request);
    return request.principal?.userId ?? null;
  } catch {
    return null;
  }
}
