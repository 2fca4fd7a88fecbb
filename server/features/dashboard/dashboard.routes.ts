import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { dashboardSummary } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/dashboard', { onRequest: app.requireConsumer, schema: { tags: ['dashboard'] } }, async (request) =>
    dashboardSummary(deps, principalOf(request)),
  );
}
