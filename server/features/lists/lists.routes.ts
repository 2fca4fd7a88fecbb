import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, NoContentSchema } from '#contract/api-errors';
import { ListChangesResultSchema, ListChangesSchema } from '#contract/list-changes';
import { ImportResultSchema } from '#contract/imports';
import { CreateListSchema, ImportTextSchema, ProductSearchQuerySchema, ProductSuggestionsSchema, SaveListSchema, ShoppingListSchema } from '#contract/lists';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { IDEMPOTENCY_HEADER, replyOnce } from '../../platform/idempotency';
import { applyChanges, createList, deleteList, duplicateList, getList, importText, listLists, suggestProducts, updateList } from './lists.service';

const IdParams = z.object({ id: z.string() });
/** A pasted list can be long; the text limit itself is checked by the schema. */
const IMPORT_BODY_LIMIT = 1024 * 1024;

/** The list writes a phone may send again (offline replay, lost answer) carry an Idempotency-Key. Loose: the other headers stay. */
const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().optional().describe('Clé choisie par le client : une requête renvoyée avec la même clé reçoit la première réponse sans être appliquée deux fois.'),
});
const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

export async function listsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.requireConsumer };
  const tags = ['lists'];

  app.get('/shopping-lists', { ...guard, schema: { tags, response: { 200: z.array(ShoppingListSchema), ...errorResponses(401, 403) } } }, async (request) =>
    listLists(deps, principalOf(request)),
  );

  app.post(
    '/shopping-lists',
    { ...guard, schema: { body: CreateListSchema, headers: IdempotencyHeaders, tags, response: { 201: ShoppingListSchema, ...writeErrors } } },
    async (request, reply) => {
      const principal = principalOf(request);
      return replyOnce(deps, request, reply, principal.userId, 201, (d) => createList(d, principal, request.body));
    },
  );

  // Catalogue products for the list editor, with how many stores price each one.
  const suggestions = { 200: ProductSuggestionsSchema, ...errorResponses(400, 401, 403) };
  app.get('/shopping-lists/product-search', { ...guard, schema: { querystring: ProductSearchQuerySchema, tags, response: suggestions } }, async (request) =>
    suggestProducts(deps, principalOf(request), request.query.search, request.query.limit),
  );

  const imported = { 200: ImportResultSchema, ...errorResponses(400, 401, 403, 413, 422) };
  app.post('/shopping-lists/import-text', { ...guard, bodyLimit: IMPORT_BODY_LIMIT, schema: { body: ImportTextSchema, tags, response: imported } }, async (request) =>
    importText(deps, request.body.text, request.body.filename),
  );

  app.get('/shopping-lists/:id', { ...guard, schema: { params: IdParams, tags, response: { 200: ShoppingListSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    getList(deps, principalOf(request), request.params.id),
  );

  app.put(
    '/shopping-lists/:id',
    { ...guard, schema: { params: IdParams, body: SaveListSchema, headers: IdempotencyHeaders, tags, response: { 200: ShoppingListSchema, ...writeErrors } } },
    async (request, reply) => {
      const principal = principalOf(request);
      return replyOnce(deps, request, reply, principal.userId, 200, (d) => updateList(d, principal, request.params.id, request.body));
    },
  );

  // Changes made one at a time (the offline outbox replays them), merged item by item.
  app.post(
    '/shopping-lists/:id/changes',
    { ...guard, schema: { params: IdParams, body: ListChangesSchema, headers: IdempotencyHeaders, tags, response: { 200: ListChangesResultSchema, ...writeErrors } } },
    async (request, reply) => {
      const principal = principalOf(request);
      return replyOnce(deps, request, reply, principal.userId, 200, (d) => applyChanges(d, principal, request.params.id, request.body.changes));
    },
  );

  app.delete('/shopping-lists/:id', { ...guard, schema: { params: IdParams, tags, response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) } } }, async (request, reply) => {
    await deleteList(deps, principalOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/shopping-lists/:id/duplicate',
    { ...guard, schema: { params: IdParams, headers: IdempotencyHeaders, tags, response: { 201: ShoppingListSchema, ...writeErrors } } },
    async (request, reply) => {
      const principal = principalOf(request);
      return replyOnce(deps, request, reply, principal.userId, 201, (d) => duplicateList(d, principal, request.params.id));
    },
  );
}
