// /api/merchants/price-lists/* (issue 29, item 3): an approved merchant uploads its store's price
// list (CSV or XLSX, ≤ 5 MB, multipart field `file`), corrects the column mapping, reads it back
// and publishes the reviewed lines as the store's announced prices. Who asks is checked before the
// file is read; another merchant's list is a 404. Uploads are bounded per account as list imports
// are (French 429).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { PRICE_LIST_MAX_BYTES, PriceListMappingSchema, PriceListParamsSchema, PriceListPublishSchema, PriceListPublishedSchema, PriceListSchema } from '#contract/merchants';
import type { AppDeps } from '../../deps';
import { createAccountWorkLimiter } from '../../platform/account-work-limiter';
import { principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { readFileUpload, type Uploaded } from '../../platform/multipart-upload';
import { approvedMerchant } from './merchant-access';
import { readPriceListFile } from './price-list-file';
import { createPriceList, priceListOf, publishPriceList, remapPriceList } from './price-lists.service';

/** Lists one account may have in reading at once (and IMPORTS_PER_USER_PER_HOUR an hour, as list imports). */
const LISTS_AT_ONCE = 2;

/** The file, its size limit told as the price list's own 413. */
async function readListUpload(request: Parameters<typeof readFileUpload>[0]): Promise<Uploaded> {
  try {
    return await readFileUpload(request);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PRICE_LIST_TOO_LARGE');
    throw error;
  }
}

export async function priceListsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  await fastify.register(multipart, { limits: { fileSize: PRICE_LIST_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 } });
  const limiter = createAccountWorkLimiter({ perHour: deps.config.imports.perUserPerHour, atOnce: LISTS_AT_ONCE, error: 'TOO_MANY_IMPORTS' }, deps.now);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['merchants'];
  const merchantOf = (request: Parameters<typeof principalOf>[0]) => approvedMerchant(deps.db, principalOf(request).userId);

  app.post(
    '/merchants/price-lists',
    {
      onRequest: app.requireUser,
      compress: false,
      schema: {
        tags,
        summary: 'Envoyer une liste de prix (CSV ou XLSX)',
        consumes: ['multipart/form-data'],
        response: { 201: PriceListSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const merchant = await merchantOf(request);
      const release = limiter.acquire(merchant.merchant.userId);
      try {
        const upload = await readListUpload(request);
        const table = await readPriceListFile(upload.bytes);
        return reply.code(201).send(await createPriceList(deps, merchant, table, upload.filename));
      } finally {
        release();
      }
    },
  );

  app.get(
    '/merchants/price-lists/:id',
    { onRequest: app.requireUser, schema: { tags, summary: 'Une liste de prix lue', params: PriceListParamsSchema, response: { 200: PriceListSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => priceListOf(deps, await merchantOf(request), request.params.id),
  );

  app.put(
    '/merchants/price-lists/:id/mapping',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Choisir les colonnes d’une liste de prix', params: PriceListParamsSchema, body: PriceListMappingSchema, response: { 200: PriceListSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => remapPriceList(deps, await merchantOf(request), request.params.id, request.body),
  );

  app.post(
    '/merchants/price-lists/:id/publish',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Publier les prix relus d’une liste',
        params: PriceListParamsSchema,
        body: PriceListPublishSchema,
        response: { 201: PriceListPublishedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await publishPriceList(deps, await merchantOf(request), principalOf(request), request.params.id, request.body, request.ip)),
  );
}
