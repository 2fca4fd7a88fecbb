// POST /api/recognize-product (spec part 2 section 7): `{ image_base64 }` (a data URL or bare
// base64) → `{ success, data: { suggested_product, detected_labels } }`.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { RECOGNITION_IMAGE_MAX_CHARS, RECOGNITIONS_PER_USER_PER_HOUR, RecognitionResultSchema, RecognizeProductSchema } from '#contract/recognition';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { createAccountWorkLimiter } from '../../platform/account-work-limiter';
import { AppError } from '../../platform/errors';
import type { OcrPool } from '../../platform/ocr/ocr-pool';
import { recogniseProduct } from './recognition.service';

/** A 10 MB photo as base64 in JSON, and a little more; beyond it the photo's own French 413. */
const RECOGNITION_BODY_LIMIT = RECOGNITION_IMAGE_MAX_CHARS + 64 * 1024;
/** Photos one account may have in analysis at once. */
const RECOGNITIONS_AT_ONCE = 2;

export async function recognitionRoutes(fastify: FastifyInstance, { deps, ocr }: { deps: AppDeps; ocr: OcrPool }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = createAccountWorkLimiter({ perHour: RECOGNITIONS_PER_USER_PER_HOUR, atOnce: RECOGNITIONS_AT_ONCE, error: 'TOO_MANY_RECOGNITIONS' }, deps.now);
  const appErrorHandler = app.errorHandler;

  app.post(
    '/recognize-product',
    {
      onRequest: app.requireConsumer,
      bodyLimit: RECOGNITION_BODY_LIMIT,
      // A body over the limit is a photo over 10 MB: say so in the spec's words, not the generic ones.
      errorHandler(error: FastifyError, request, reply) {
        const mapped = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('RECOGNITION_IMAGE_TOO_LARGE') : error;
        return appErrorHandler.call(this, mapped as FastifyError, request, reply);
      },
      schema: {
        tags: ['products'],
        summary: 'Reconnaissance de produit par photo',
        body: RecognizeProductSchema,
        response: { 200: RecognitionResultSchema, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 503) },
      },
    },
    async (request) => {
      const release = limiter.acquire(principalOf(request).userId);
      try {
        return await recogniseProduct(deps, ocr, request.body.image_base64);
      } finally {
        release();
      }
    },
  );
}
