// Public runtime settings the web app needs (map tiles, payment sandbox flag).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export async function configRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/config', { schema: { tags: ['config'] } }, async () => ({ tile_url: deps.config.tileUrl }));
  app.get('/health', { schema: { tags: ['config'] } }, async () => ({ status: 'ok' }));
}
