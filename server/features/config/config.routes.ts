// Public runtime settings the web app needs: map tiles, and which payment methods this server can
// take now (the sandbox is off in production: methods without a live operator are disabled). Also
// the load balancers' probes: /health (the process answers) and /ready (it should get traffic:
// database reachable, migrations applied, not stopping; else 503 with the reason in French).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fr } from '#contract/messages';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { errorResponses } from '#contract/api-errors';
import { PAYMENT_TYPES } from '#contract/orders';
import { PaymentAvailabilitySchema, type PaymentAvailability } from '#contract/payments';
import type { AppDeps } from '../../deps';
import { AppError } from '../../platform/errors';
import { paymentAvailability } from '../../platform/payments/providers';
import type { Readiness } from '../../platform/readiness';

const DemoAccountSchema = z.object({ email: z.string(), password: z.string(), full_name: z.string() });

const PublicConfigSchema = z.object({
  tile_url: z.string(),
  /** Demo mode: the demo accounts' credentials, for the login pages (null outside demo mode: they do not exist). */
  demo: z.object({ consumer: DemoAccountSchema, agent: DemoAccountSchema, moderator: DemoAccountSchema }).nullable(),
  payments: z.object({
    /** Whether the payment sandbox takes payments here (test orders). */
    sandbox: z.boolean(),
    methods: z.array(PaymentAvailabilitySchema),
  }),
});

const StatusSchema = z.object({ status: z.string() });

export async function configRoutes(fastify: FastifyInstance, { deps, readiness }: { deps: AppDeps; readiness: () => Promise<Readiness> }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const availability = paymentAvailability(deps.config);
  const methods: PaymentAvailability[] = PAYMENT_TYPES.map((type) => {
    const { available, testMode } = availability[type];
    return { method_type: type, available, test_mode: testMode, reason: available || type === 'cash' ? null : fr.livePayments.methodUnavailable[type] };
  });
  const body = { tile_url: deps.config.tileUrl, demo: deps.config.demoMode ? DEMO_ACCOUNTS : null, payments: { sandbox: deps.config.paymentsSandbox, methods } };
  app.get('/config', { schema: { tags: ['config'], security: [], response: { 200: PublicConfigSchema } } }, async () => body);
  app.get(
    '/health',
    { schema: { tags: ['config'], summary: 'Vivacité : le processus répond', security: [], response: { 200: StatusSchema } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['config'],
        summary: 'Disponibilité pour un répartiteur de charge : base joignable, migrations appliquées, instance pas en cours d’arrêt',
        security: [],
        response: { 200: StatusSchema, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      const state = await readiness();
      reply.header('Cache-Control', 'no-store');
      if (state.ready) return { status: 'ready' };
      const error = new AppError(state.code);
      if (state.cause) error.cause = state.cause;
      throw error;
    },
  );
}
