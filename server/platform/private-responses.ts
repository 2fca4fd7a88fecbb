// Answers that depend on who is asking are never stored by a browser or a proxy: every API response
// to a signed-in request (a route's guard resolved the principal) and every answer to a write (login
// and registration answers carry tokens) gets `Cache-Control: no-store`. Public reads — the catalogue,
// the demo optimisation — keep the caching their routes chose.
import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerPrivateResponses(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(`${apiPrefix}/`)) return payload;
    if (request.principal || !READS.has(request.method)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
