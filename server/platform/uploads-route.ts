// GET /uploads/<key>: the uploaded files, the same answer whichever store holds them (local disk or
// the S3 bucket), so any instance serves any file. Keys are content hashes: a file never changes,
// so it is cached a year (`immutable`), revalidated by ETag and served by byte ranges (videos).
// With S3_PUBLIC_URL the browser is sent to the public bucket or CDN instead (storage-s3.ts says why
// streaming is the default); the redirect itself is kept a day only, so that choice stays reversible.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { AppError } from './errors';
import { type ByteRange, contentTypeOf, type FileStorage, IMMUTABLE_CACHE_CONTROL, isStorageKey, UPLOADS_URL_PREFIX } from './storage';

const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';
const PRIVATE_FOLDER = 'private/';

/** The file's bytes, with the type of its key's extension (an image, a video, or application/octet-stream). */
const fileBytes = { 'image/*': { schema: z.file() }, 'video/*': { schema: z.file() }, 'application/octet-stream': { schema: z.file() } };
const answers = {
  200: { description: 'Le fichier', content: fileBytes },
  206: { description: 'Une partie du fichier (en-tête Range)', content: fileBytes },
  302: z.undefined().describe('Le fichier est servi par le stockage public (S3_PUBLIC_URL) : en-tête Location'),
  304: z.undefined().describe('Inchangé (If-None-Match)'),
  416: z.undefined().describe('Plage demandée hors du fichier'),
  ...errorResponses(404),
};

export function registerUploads(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${UPLOADS_URL_PREFIX}*`, { schema: { tags: ['uploads'], security: [], response: answers } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // private/: files only their feature serves, to whom it decides (a receipt's proof).
    if (!isStorageKey(key) || key.startsWith(PRIVATE_FOLDER)) throw new AppError('ROUTE_NOT_FOUND');
    if (storage.publicUrl) {
      return reply.header('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(`${storage.publicUrl}/${key}`, 302);
    }
    const ifNoneMatch = request.headers['if-none-match'];
    const file = await storage.read(key, { ifNoneMatch, range: parseRange(request.headers.range) });
    if (!file) throw new AppError('ROUTE_NOT_FOUND');
    reply.header('Cache-Control', IMMUTABLE_CACHE_CONTROL).header('Accept-Ranges', 'bytes');
    if (file.status === 'not-modified') return reply.header('ETag', file.etag).code(304).send();
    if (file.status === 'range-not-satisfiable') {
      if (file.size !== undefined) reply.header('Content-Range', `bytes */${file.size}`);
      return reply.code(416).send();
    }
    reply.header('ETag', file.etag).type(contentTypeOf(key));
    if (file.lastModified) reply.header('Last-Modified', file.lastModified.toUTCString());
    return sendBody(reply, file);
  });
}

function sendBody(reply: FastifyReply, file: Extract<Awaited<ReturnType<FileStorage['read']>>, { status: 'found' }>) {
  if (!file.range) return reply.header('Content-Length', file.size).send(file.body);
  const { start, end } = file.range;
  return reply
    .code(206)
    .header('Content-Range', `bytes ${start}-${end}/${file.size}`)
    .header('Content-Length', end - start + 1)
    .send(file.body);
}

/**
 * One range of a `Range: bytes=…` header. Several ranges, or a header this does not read, are
 * ignored and the whole file is sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}
