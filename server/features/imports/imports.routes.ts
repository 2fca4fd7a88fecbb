// POST /api/extract-shopping-list (spec part 2 section 7): one document as multipart field `file`.
// The plain answer is the spec's JSON. A client that sends `Accept: application/x-ndjson` gets the
// analysis progress as it happens, one JSON object per line, then the result or the error.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';
import { errorResponses } from '#contract/api-errors';
import { DOCUMENT_MAX_BYTES, ImportResultSchema, type ImportStreamEvent, ImportStreamEventSchema } from '#contract/imports';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import { createAccountWorkLimiter } from '../../platform/account-work-limiter';
import { principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { readFileUpload } from '../../platform/multipart-upload';
import type { OcrPool } from '../../platform/ocr/ocr-pool';
import { extractShoppingList, type ImportProgress } from './imports.service';

const NDJSON = 'application/x-ndjson';
/** Documents one account may have in analysis at the same time (and IMPORTS_PER_USER_PER_HOUR an hour). */
const IMPORTS_AT_ONCE_PER_USER = 2;
/** Progress lines are sent at most this often (tesseract reports many times a second). */
const PROGRESS_EVERY_MS = 200;


/** The plain JSON answer, or (Accept: application/x-ndjson) the stream of events, one per line. */
const answers = {
  200: {
    description: 'Le résultat ; avec « Accept: application/x-ndjson », la progression puis le résultat ou l’erreur, un objet JSON par ligne.',
    content: { 'application/json': { schema: ImportResultSchema }, [NDJSON]: { schema: ImportStreamEventSchema } },
  },
  ...errorResponses(400, 401, 403, 413, 415, 422, 429, 503),
};

function streamProgress(reply: FastifyReply): { progress: ImportProgress; end: (event: ImportStreamEvent) => void } {
  const stream = new PassThrough();
  reply.header('Content-Type', `${NDJSON}; charset=utf-8`).header('X-Accel-Buffering', 'no');
  void reply.send(stream);
  let lastSent = 0;
  let lastStage = '';
  const write = (event: ImportStreamEvent) => stream.write(`${JSON.stringify(event)}\n`);
  return {
    progress: (stage, progress, page, pages) => {
      const at = Date.now();
      if (stage === lastStage && progress < 1 && at - lastSent < PROGRESS_EVERY_MS) return;
      lastSent = at;
      lastStage = stage;
      write({ type: 'progress', stage, progress: Math.round(progress * 100) / 100, ...(pages ? { page, pages } : {}) });
    },
    end: (event) => {
      write(event);
      stream.end();
    },
  };
}

export async function importsRoutes(fastify: FastifyInstance, { deps, ocr }: { deps: AppDeps; ocr: OcrPool }) {
  // One file, nothing else of size; the file limit is the spec's 10 MB (a larger one is a 413).
  await fastify.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });
  const limiter = createAccountWorkLimiter({ perHour: deps.config.imports.perUserPerHour, atOnce: IMPORTS_AT_ONCE_PER_USER, error: 'TOO_MANY_IMPORTS' }, deps.now);

  fastify.post('/extract-shopping-list', { onRequest: fastify.requireConsumer, compress: false, schema: { tags: ['lists'], consumes: ['multipart/form-data'], response: answers } }, async (request, reply) => {
    const release = limiter.acquire(principalOf(request).userId);
    try {
      const upload = await readFileUpload(request);
      if (!(request.headers.accept ?? '').includes(NDJSON)) return await extractShoppingList(deps, ocr, upload.bytes, upload.filename);
      // From here the status is 200 and what happens is told in the stream.
      const stream = streamProgress(reply);
      try {
        stream.progress('reading', 0);
        const result = await extractShoppingList(deps, ocr, upload.bytes, upload.filename, stream.progress);
        stream.end({ type: 'result', result });
      } catch (error) {
        if (error instanceof AppError) stream.end({ type: 'error', status: error.status, detail: error.detail, code: error.code });
        else {
          request.log.error({ err: error, reqId: request.id }, 'document import failed');
          stream.end({ type: 'error', status: 500, detail: fr.lists.importError, code: 'INTERNAL' });
        }
      }
      return reply;
    } finally {
      release();
    }
  });
}
