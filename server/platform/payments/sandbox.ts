// The built-in payment provider: a sandbox operator. It accepts every request and keeps it pending
// until the customer answers on the sandbox "phone" (the confirmation the app shows, labelled
// 'mode test'): approve → succeeded, decline → failed. No money moves, so a refund is recorded as
// succeeded at once. It exists only where the configuration allows it (never silently in production).
//
// Its state lives in memory, as an operator's would live on its side. The customer's answer and
// the status check that follows happen in the same request, so one API process is enough; after
// a restart a pending payment simply waits for the customer to answer again.
import { randomUUID } from 'node:crypto';
import type { Collection, CollectionRequest, PaymentProvider, ProviderPaymentStatus, Refund, RefundRequest } from './provider';
import { PaymentProviderError } from './provider';

type SandboxPayment = { request: CollectionRequest; status: ProviderPaymentStatus };

export type SandboxProvider = PaymentProvider & {
  /** The customer's answer on the sandbox phone or card page. */
  customerAnswer(providerReference: string, approve: boolean): void;
};

export const SANDBOX_PROVIDER = 'sandbox';

/** The sandbox's refund: it took no money, so there is none to give back; the refund is recorded as done. */
export async function sandboxRefund(request: RefundRequest): Promise<Refund> {
  if (!Number.isSafeInteger(request.amountXaf) || request.amountXaf <= 0) throw new PaymentProviderError('montant invalide');
  return { status: 'succeeded', reference: `sbx_rf_${randomUUID()}` };
}

export function createSandboxProvider(): SandboxProvider {
  const payments = new Map<string, SandboxPayment>();
  return {
    name: SANDBOX_PROVIDER,
    testMode: true,
    statusEnquiryIntervalMs: 0,
    async requestPayment(request: CollectionRequest): Promise<Collection> {
      if (!Number.isSafeInteger(request.amountXaf) || request.amountXaf <= 0) throw new PaymentProviderError('montant invalide');
      if (request.method !== 'card' && !request.phoneNumber) throw new PaymentProviderError('numéro manquant');
      const providerReference = `sbx_${randomUUID()}`;
      payments.set(providerReference, { request, status: 'pending' });
      return { providerReference, status: 'pending', customerStep: request.method === 'card' ? 'card_authentication' : 'phone_confirmation' };
    },
    async paymentStatus(providerReference: string): Promise<ProviderPaymentStatus> {
      const status = payments.get(providerReference)?.status ?? 'pending';
      // A final answer is read once, then recorded by checkout: the sandbox forgets it.
      if (status !== 'pending') payments.delete(providerReference);
      return status;
    },
    refund: sandboxRefund,
    customerAnswer(providerReference: string, approve: boolean): void {
      const known = payments.get(providerReference);
      // A payment requested before a restart is remembered again from the customer's answer.
      if (known && known.status !== 'pending') return;
      payments.set(providerReference, { request: known?.request ?? ({} as CollectionRequest), status: approve ? 'succeeded' : 'failed' });
    },
  };
}
