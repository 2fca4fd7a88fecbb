// /api/admin/catalogue/*: publish, hide, delete, merge and restore products and stores (issue 27,
// item 7). Moderators only (401 signed out, 403 for consumers and agents), checked before any body is read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { CatalogueEntriesQuerySchema, CatalogueEntriesSchema, CatalogueParamsSchema, MergeSchema, RemovalSchema } from '#contract/catalogue-hygiene';
import { fr } from '#contract/messages';
import { ModerationResultSchema } from '#contract/moderation';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { catalogueEntries, mergeEntry, publishEntry, removeEntry, restoreEntry } from './catalogue-removal.service';

const done = (message: string) => ({ success: true as const, message });

export async function catalogueRemovalRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = { onRequest: app.requireAdmin };
  const tags = ['admin'];
  const decisions = { 200: ModerationResultSchema, ...errorResponses(400, 401, 403, 404, 409, 410) };
  const texts = fr.catalogueHygiene;

  app.get(
    '/admin/catalogue',
    {
      ...base,
      schema: { tags, summary: 'Produits et magasins à confirmer ou retirés', querystring: CatalogueEntriesQuerySchema, response: { 200: CatalogueEntriesSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => catalogueEntries(deps, request.query),
  );

  app.post(
    '/admin/catalogue/:kind/:id/publish',
    { ...base, schema: { tags, summary: 'Publier l’ajout d’un nouveau contributeur', params: CatalogueParamsSchema, response: decisions } },
    async (request) => {
      await publishEntry(deps, principalOf(request), request.params.kind, request.params.id);
      return done(texts.published);
    },
  );

  const removals = {
    hide: { summary: 'Masquer un produit ou un magasin', message: texts.hidden },
    delete: { summary: 'Supprimer un produit ou un magasin (restaurable 30 jours)', message: texts.deleted },
  } as const;
  for (const action of ['hide', 'delete'] as const) {
    app.post(
      `/admin/catalogue/:kind/:id/${action}`,
      { ...base, schema: { tags, summary: removals[action].summary, params: CatalogueParamsSchema, body: RemovalSchema, response: decisions } },
      async (request) => {
        await removeEntry(deps, principalOf(request), request.params.kind, request.params.id, action, request.body.reason);
        return done(removals[action].message);
      },
    );
  }

  app.post(
    '/admin/catalogue/:kind/:id/merge',
    { ...base, schema: { tags, summary: 'Fusionner un doublon dans l’entrée qui reste', params: CatalogueParamsSchema, body: MergeSchema, response: decisions } },
    async (request) => {
      const { intoName } = await mergeEntry(deps, principalOf(request), request.params.kind, request.params.id, request.body.into_id, request.body.reason);
      return done(texts.merged(intoName));
    },
  );

  app.post(
    '/admin/catalogue/:kind/:id/restore',
    { ...base, schema: { tags, summary: 'Restaurer une entrée masquée, supprimée ou fusionnée', params: CatalogueParamsSchema, response: decisions } },
    async (request) => {
      await restoreEntry(deps, principalOf(request), request.params.kind, request.params.id);
      return done(texts.restored);
    },
  );
}
