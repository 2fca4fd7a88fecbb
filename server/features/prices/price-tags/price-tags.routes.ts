// POST /api/prices/price-tags (issue 29, item 2): one photo of a shelf label as multipart field
// `file` → the product and the price read on it (price-tags.service.ts). Signed-in consumers only;
// heavy work, so bounded per account as product photos are (French 429).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '#contract/api-errors';
import { PRICE_TAG_MAX_BYTES, PRICE_TAGS_PER_USER_PER_HOUR, PriceTagResultSchema } from '#contract/price-tags';
import type { AppDeps } from '../../../deps';
import { createAccountWorkLimiter } from '../../../platform/account-work-limiter';
import { principalOf } from '../../../platform/auth-guard';
import { readFileUpload } from '../../../platform/multipart-upload';
import type { OcrPool } from '../../../platform/ocr/ocr-pool';
import { readPriceTag } from './price-tags.service';

/** Label photos one account may have in analysis at once. */
const PRICE_TAGS_AT_ONCE = 2;

export async function priceTagsRoutes(fastify: FastifyInstance, { deps, ocr }: { deps: AppDeps; ocr: OcrPool }) {
  await fastify.register(multipart, { limits: { fileSize: PRICE_TAG_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });
  const limiter = createAccountWorkLimiter({ perHour: PRICE_TAGS_PER_USER_PER_HOUR, atOnce: PRICE_TAGS_AT_ONCE, error: 'TOO_MANY_RECOGNITIONS' }, deps.now);

  fastify.post(
    '/prices/price-tags',
    {
      onRequest: fastify.requireConsumer,
      schema: {
        tags: ['prices'],
        summary: 'Lire une étiquette de prix en rayon',
        consumes: ['multipart/form-data'],
        response: { 200: PriceTagResultSchema, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 503) },
      },
    },
    async (request) => {
      const release = limiter.acquire(principalOf(request).userId);
      try {
        return await readPriceTag(deps, ocr, (await readFileUpload(request)).bytes);
      } finally {
        release();
      }
    },
  );
}
