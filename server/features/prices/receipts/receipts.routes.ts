// POST /api/prices/receipts (issue 29, item 1): a till receipt — photo (JPEG, PNG, WebP) or PDF,
// ≤ 10 MB, typed by content — as multipart field `file`, with the shopper's `latitude` and
// `longitude` as fields before it (or in the query); answers the read receipt (201, or 200 when
// the owner had sent that file already). GET /api/prices/receipts/{receipt_id}: the same answer,
// for its owner and moderators. POST …/{receipt_id}/submit: the reviewed prices (receipt-submit.ts). Heavy work, bounded per account as list imports are (French 429).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { DOCUMENT_MAX_BYTES } from '#contract/imports';
import {
  ReceiptLabelDecisionSchema,
  ReceiptLabelsQuerySchema,
  ReceiptLabelsSchema,
  ReceiptParamsSchema,
  ReceiptProcessingSchema,
  ReceiptSchema,
  ReceiptSubmitSchema,
  ReceiptSubmittedSchema,
  ReceiptUploadFieldsSchema,
} from '#contract/receipts';
import type { AppDeps } from '../../../deps';
import { sendPrivateImage } from '../../../platform/private-files';
import { createAccountWorkLimiter } from '../../../platform/account-work-limiter';
import { principalOf } from '../../../platform/auth-guard';
import { AppError } from '../../../platform/errors';
import { readFileUpload } from '../../../platform/multipart-upload';
import type { OcrPool } from '../../../platform/ocr/ocr-pool';
import type { Position } from './receipt-matching';
import { decideReceiptLabel, receiptLabels } from './receipt-labels-moderation';
import { readReceiptUpload, receiptFor, receiptProof } from './receipts.service';
import { submitReceipt } from './receipt-submit';

/** Receipts one account may have in reading at once (and IMPORTS_PER_USER_PER_HOUR an hour, as documents). */
const RECEIPTS_AT_ONCE = 2;

/** The position sent with the file or in the query: both or neither, within range. */
function positionOf(values: Record<string, unknown>): Position | null {
  const parsed = ReceiptUploadFieldsSchema.safeParse(values);
  if (!parsed.success) throw new AppError('RECEIPT_POSITION');
  const { latitude, longitude } = parsed.data;
  if ((latitude === undefined) !== (longitude === undefined)) throw new AppError('RECEIPT_POSITION');
  return latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
}

export async function receiptsRoutes(fastify: FastifyInstance, { deps, ocr }: { deps: AppDeps; ocr: OcrPool }) {
  await fastify.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });
  const limiter = createAccountWorkLimiter({ perHour: deps.config.imports.perUserPerHour, atOnce: RECEIPTS_AT_ONCE, error: 'TOO_MANY_IMPORTS' }, deps.now);

  fastify.post(
    '/prices/receipts',
    {
      onRequest: fastify.requireConsumer,
      compress: false,
      schema: {
        tags: ['prices'],
        summary: 'Lire un ticket de caisse',
        consumes: ['multipart/form-data'],
        response: { 200: ReceiptSchema, 201: ReceiptSchema, 202: ReceiptProcessingSchema, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const release = limiter.acquire(principal.userId);
      // The account's slot is held until the reading ends, also when it goes on after a 202.
      let settled: Promise<unknown> = Promise.resolve();
      try {
        const upload = await readFileUpload(request);
        const position = positionOf({ ...(request.query as Record<string, unknown>), ...upload.fields });
        const answer = await readReceiptUpload(deps, ocr, principal, upload.bytes, position);
        settled = answer.settled;
        if (answer.processing) return reply.code(202).send({ receipt_id: answer.receipt.receipt_id, status: 'processing' as const });
        return reply.code(answer.created ? 201 : 200).send(answer.receipt);
      } finally {
        void settled.then(release);
      }
    },
  );

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/prices/receipts/:receipt_id',
    {
      onRequest: fastify.requireUser,
      schema: { tags: ['prices'], summary: 'Un ticket de caisse lu', params: ReceiptParamsSchema, response: { 200: ReceiptSchema, ...errorResponses(401, 404) } },
    },
    async (request) => receiptFor(deps, principalOf(request), request.params.receipt_id),
  );

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/prices/receipts/:receipt_id/proof',
    {
      onRequest: fastify.requireUser,
      schema: {
        tags: ['prices'],
        summary: 'La photo d’un ticket, données personnelles masquées',
        params: ReceiptParamsSchema,
        response: { 200: { description: 'L’image (WebP)', content: { 'image/webp': { schema: z.file() } } }, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      return sendPrivateImage(reply, await receiptProof(deps, principalOf(request), request.params.receipt_id));
    },
  );

  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/prices/receipts/:receipt_id/submit',
    {
      onRequest: fastify.requireConsumer,
      schema: {
        tags: ['prices'],
        summary: 'Envoyer les prix d’un ticket relu',
        params: ReceiptParamsSchema,
        body: ReceiptSubmitSchema,
        response: { 201: ReceiptSubmittedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await submitReceipt(deps, principalOf(request), request.params.receipt_id, request.body, request.ip)),
  );

  // Moderators and the labels receipts teach (receipt-labels-moderation.ts).
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/admin/receipt-labels',
    { onRequest: fastify.requireAdmin, schema: { tags: ['admin'], summary: 'Étiquettes de tickets apprises', querystring: ReceiptLabelsQuerySchema, response: { 200: ReceiptLabelsSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => receiptLabels(deps.db, request.query.state),
  );
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/admin/receipt-labels/decision',
    { onRequest: fastify.requireAdmin, schema: { tags: ['admin'], summary: 'Valider ou refuser une étiquette de ticket', body: ReceiptLabelDecisionSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await decideReceiptLabel(deps, principalOf(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
