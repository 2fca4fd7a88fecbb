// Completing a delivery with proof (issue 30, item 3): POST /api/delivery-agent/orders/{id}/complete
// takes JSON { handover_code } or a multipart `photo` (JPEG, PNG or WebP by content, ≤ 5 MB), for the
// order's agent only. GET /api/deliveries/{id}/proof serves the door photo to the order's customer
// and to moderators, from private storage (never /uploads).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AgentOrderResponseSchema } from '#contract/agent';
import { errorResponses } from '#contract/api-errors';
import { CompleteWithCodeSchema, DOOR_PHOTO_MAX_BYTES } from '#contract/handover';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { sendPrivateImage } from '../../platform/private-files';
import { AppError } from '../../platform/errors';
import { assertApprovedAgent } from './agent-access';
import { completeWithCode, completeWithPhoto, deliveryProof } from './handover.service';

const OrderParams = z.object({ id: z.string() });

/** The `photo` part of a multipart body; over the limit is the photo's own 413. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'photo') throw new AppError('DOOR_PHOTO_REQUIRED');
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('DOOR_PHOTO_REQUIRED');
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('DOOR_PHOTO_TOO_LARGE');
    throw new AppError('DOOR_PHOTO_REQUIRED');
  }
}

export async function handoverRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  await fastify.register(multipart, { limits: { fileSize: DOOR_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const approvedAgent = async (request: FastifyRequest) => assertApprovedAgent(deps.db, principalOf(request).userId);

  app.post(
    '/delivery-agent/orders/:id/complete',
    {
      onRequest: [app.requireAgent, approvedAgent],
      schema: {
        tags: ['delivery-agent'],
        summary: 'Terminer une livraison : le code de remise du client (JSON { handover_code }) ou une photo à la porte (multipart `photo`)',
        params: OrderParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: AgentOrderResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 423) },
      },
    },
    async (request) => {
      const agent = principalOf(request);
      if (request.isMultipart()) {
        const order = await completeWithPhoto(deps, agent, request.params.id, await readPhoto(request));
        return { message: fr.handover.deliveredWithoutCode, order };
      }
      const body = CompleteWithCodeSchema.safeParse(request.body ?? {});
      if (!body.success) throw new AppError('VALIDATION', fr.handover.codeFormat);
      return { message: fr.handover.delivered, order: await completeWithCode(deps, agent, request.params.id, body.data.handover_code) };
    },
  );

  app.get(
    '/deliveries/:id/proof',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['deliveries'],
        summary: 'La photo de remise d’une livraison terminée sans code (le client et les modérateurs)',
        params: OrderParams,
        response: { 200: { description: 'L’image (WebP)', content: { 'image/webp': { schema: z.file() } } }, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => sendPrivateImage(reply, await deliveryProof(deps, principalOf(request), request.params.id)),
  );
}
