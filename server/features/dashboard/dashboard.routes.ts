import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '#contract/api-errors';
import { DashboardSummarySchema } from '#contract/dashboard';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { dashboardSummary } from './dashboard.service';

export async function dashboardRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard', { onRequest: app.requireConsumer, schema: { tags: ['dashboard'], response: { 200: DashboardSummarySchema, ...errorResponses(401, 403) } } }, async (request) =>
    dashboardSummary(deps, principalOf(request)),
  );
}
