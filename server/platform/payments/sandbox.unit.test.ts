import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './provider';
import { createSandboxProvider } from './sandbox';

const request = { merchantReference: 'mp_1', amountXaf: 12_500, method: 'airtel_money' as const, phoneNumber: '+241 07 12 34 56', card: null, description: 'Commande' };

describe('sandbox payment provider', () => {
  it('keeps a mobile money payment pending until the customer approves it on the phone', async () => {
    const sandbox = createSandboxProvider();
    const collection = await sandbox.requestPayment(request);
    expect(collection).toMatchObject({ status: 'pending', customerStep: 'phone_confirmation' });
    expect(await sandbox.paymentStatus(collection.providerReference)).toBe('pending');
    sandbox.customerAnswer(collection.providerReference, true);
    // A final answer is final: a second answer before it is read changes nothing.
    sandbox.customerAnswer(collection.providerReference, false);
    expect(await sandbox.paymentStatus(collection.providerReference)).toBe('succeeded');
  });

  it('fails a declined card payment and gives every payment its own reference', async () => {
    const sandbox = createSandboxProvider();
    const a = await sandbox.requestPayment({ ...request, method: 'card', phoneNumber: null, card: { brand: 'visa', last4: '4242' } });
    const b = await sandbox.requestPayment(request);
    expect(a.customerStep).toBe('card_authentication');
    expect(a.providerReference).not.toBe(b.providerReference);
    sandbox.customerAnswer(a.providerReference, false);
    expect(await sandbox.paymentStatus(b.providerReference)).toBe('pending');
    expect(await sandbox.paymentStatus(a.providerReference)).toBe('failed');
  });

  it('records a refund as done at once: it took no money', async () => {
    const sandbox = createSandboxProvider();
    const { providerReference } = await sandbox.requestPayment(request);
    const refund = await sandbox.refund({ providerReference, amountXaf: 12_500, refundReference: 'rf_1' });
    expect(refund).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^sbx_rf_/) });
    await expect(sandbox.refund({ providerReference, amountXaf: 0, refundReference: 'rf_2' })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refuses what an operator would refuse', async () => {
    const sandbox = createSandboxProvider();
    await expect(sandbox.requestPayment({ ...request, amountXaf: 0 })).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(sandbox.requestPayment({ ...request, phoneNumber: null })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
