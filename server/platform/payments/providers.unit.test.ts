import { describe, expect, it } from 'vitest';
import { createPaymentProviders, paymentAvailability } from './providers';

const airtelMoney = { baseUrl: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret', callbackSecret: 'key', timeoutMs: 1000 };

describe('payment providers by configuration', () => {
  it('with the sandbox on (development), every method can be paid; card, Moov Money and Airtel without credentials are test payments', () => {
    const providers = createPaymentProviders({ paymentsSandbox: true, airtelMoney: null });
    for (const method of ['card', 'moov_money', 'airtel_money'] as const) expect(providers.forMethod(method)?.name).toBe('sandbox');
    expect(providers.sandbox).not.toBeNull();
    expect(paymentAvailability({ paymentsSandbox: true, airtelMoney: null })).toEqual({
      cash: { available: true, testMode: false },
      airtel_money: { available: true, testMode: true },
      moov_money: { available: true, testMode: true },
      card: { available: true, testMode: true },
    });
  });

  it('with the sandbox off (production), the sandbox does not exist and methods without a live operator have no provider', () => {
    const providers = createPaymentProviders({ paymentsSandbox: false, airtelMoney: null });
    expect(providers.sandbox).toBeNull();
    expect(providers.named('sandbox')).toBeUndefined();
    for (const method of ['card', 'moov_money', 'airtel_money'] as const) expect(providers.forMethod(method)).toBeNull();
    expect(Object.values(paymentAvailability({ paymentsSandbox: false, airtelMoney: null })).filter((m) => m.available)).toHaveLength(1); // cash
  });

  it('with Airtel configured and the sandbox off, Airtel Money is live and the rest stays closed', () => {
    const providers = createPaymentProviders({ paymentsSandbox: false, airtelMoney });
    expect(providers.forMethod('airtel_money')).toMatchObject({ name: 'airtel_money', testMode: false });
    expect(providers.forMethod('card')).toBeNull();
    expect(paymentAvailability({ paymentsSandbox: false, airtelMoney }).airtel_money).toEqual({ available: true, testMode: false });
  });

  it('still records the refund of a past sandbox payment where the sandbox is off: it moved no money', async () => {
    const providers = createPaymentProviders({ paymentsSandbox: false, airtelMoney: null });
    const refunder = providers.refunder('sandbox')!;
    expect(refunder.testMode).toBe(true);
    expect(await refunder.refund({ providerReference: 'sbx_1', amountXaf: 5000, refundReference: 'rf_1' })).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^sbx_rf_/) });
    expect(providers.refunder('unknown_operator')).toBeUndefined();
  });
});
