import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportTextSchema, ProductSearchQuerySchema, SaveListSchema } from '#contract/lists';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { createList, deleteList, duplicateList, getList, importText, listLists, suggestProducts, updateList } from './lists.service';

const IdParams = z.object({ id: z.string() });
/** A pasted list can be long; the text limit itself is checked by the schema. */
const IMPORT_BODY_LIMIT = 1024 * 1024;

export async function listsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preHandler: app.requireConsumer };
  const tags = ['lists'];

  app.get('/shopping-lists', { ...guard, schema: { tags } }, async (request) => listLists(deps, principalOf(request)));

  app.post('/shopping-lists', { ...guard, schema: { body: SaveListSchema, tags } }, async (request, reply) =>
    reply.status(201).send(await createList(deps, principalOf(request), request.body)),
  );

  // Catalogue products for the list editor, with how many stores price each one.
  app.get('/shopping-lists/product-search', { ...guard, schema: { querystring: ProductSearchQuerySchema, tags } }, async (request) =>
    suggestProducts(deps, request.query.search, request.query.limit),
  );

  app.post('/shopping-lists/import-text', { ...guard, bodyLimit: IMPORT_BODY_LIMIT, schema: { body: ImportTextSchema, tags } }, async (request) =>
    importText(deps, request.body.text, request.body.filename),
  );

  app.get('/shopping-lists/:id', { ...guard, schema: { params: IdParams, tags } }, async (request) => getList(deps, principalOf(request), request.params.id));

  app.put('/shopping-lists/:id', { ...guard, schema: { params: IdParams, body: SaveListSchema, tags } }, async (request) =>
    updateList(deps, principalOf(request), request.params.id, request.body),
  );

  app.delete('/shopping-lists/:id', { ...guard, schema: { params: IdParams, tags } }, async (request, reply) => {
    await deleteList(deps, principalOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/shopping-lists/:id/duplicate', { ...guard, schema: { params: IdParams, tags } }, async (request, reply) =>
    reply.status(201).send(await duplicateList(deps, principalOf(request), request.params.id)),
  );
}
