// Callbacks the payment operators post when a payment moves. They carry no user session: each is
// authenticated as its operator documents (Airtel Money: an HMAC of the payload), then the payment
// it names is settled. A repeated callback answers 200 and changes nothing.
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '#contract/api-errors';
import { OperatorCallbackAnswerSchema } from '#contract/checkout';
import type { AppDeps } from '../../deps';
import { AppError } from '../../platform/errors';
import { readAirtelCallback } from '../../platform/payments/airtel-money-callback';
import type { PaymentProviders } from '../../platform/payments/providers';
import { settleFromOperator } from './payment-settlement.service';

export async function paymentCallbackRoutes(app: FastifyInstance, { deps, payments }: { deps: AppDeps; payments: PaymentProviders }) {
  // The body is checked inside the handler, on the object as received: the hash covers its exact fields.
  app.post('/payments/callbacks/airtel', { schema: { tags: ['payments'], security: [], response: { 200: OperatorCallbackAnswerSchema, ...errorResponses(400, 401, 404) } } }, async (request) => {
    const airtel = payments.airtelMoney;
    if (!airtel) throw new AppError('ROUTE_NOT_FOUND'); // this deployment does not collect through Airtel
    const callback = readAirtelCallback(request.body, airtel.callbackSecret);
    await settleFromOperator(deps, airtel.provider.name, callback.reference, callback.status);
    request.log.info({ reference: callback.reference, status: callback.status, airtelMoneyId: callback.airtelMoneyId }, 'Airtel Money callback');
    return { status: 'ok' };
  });
}
