// Public runtime settings the web app needs: map tiles, and which payment methods this server can
// take now (the sandbox is off in production: methods without a live operator are disabled).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fr } from '#contract/messages';
import { PAYMENT_TYPES } from '#contract/orders';
import { PaymentAvailabilitySchema, type PaymentAvailability } from '#contract/payments';
import type { AppDeps } from '../../deps';
import { paymentAvailability } from '../../platform/payments/providers';

const PublicConfigSchema = z.object({
  tile_url: z.string(),
  payments: z.object({
    /** Whether the payment sandbox takes payments here (test orders). */
    sandbox: z.boolean(),
    methods: z.array(PaymentAvailabilitySchema),
  }),
});

export async function configRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const availability = paymentAvailability(deps.config);
  const methods: PaymentAvailability[] = PAYMENT_TYPES.map((type) => {
    const { available, testMode } = availability[type];
    return { method_type: type, available, test_mode: testMode, reason: available || type === 'cash' ? null : fr.livePayments.methodUnavailable[type] };
  });
  const body = { tile_url: deps.config.tileUrl, payments: { sandbox: deps.config.paymentsSandbox, methods } };
  app.get('/config', { schema: { tags: ['config'], security: [], response: { 200: PublicConfigSchema } } }, async () => body);
  app.get('/health', { schema: { tags: ['config'] } }, async () => ({ status: 'ok' }));
}
