import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { DemoOptimizationSchema, OptimizeRequestSchema, OptimizeResponseSchema } from '#contract/optimiser';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { demoOptimization, optimizeAndSaveCart } from './optimiser.service';

export async function optimiserRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['optimiser'];

  app.post('/shopping/optimize', { onRequest: app.requireConsumer, schema: { body: OptimizeRequestSchema, tags, response: { 200: OptimizeResponseSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) =>
    optimizeAndSaveCart(deps, principalOf(request), request.body),
  );

  // Public: the demo page works signed out. The result never changes, so it may be cached.
  app.get('/shopping/demo-optimization', { schema: { tags, response: { 200: DemoOptimizationSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return demoOptimization();
  });
}
