// The Airtel Money adapter against the local stand-in, over real HTTP on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAirtelStandIn, STAND_IN_CREDENTIALS, type AirtelStandIn } from '../../test/airtel-stand-in';
import { airtelMsisdn, createAirtelMoneyProvider, maskMsisdn, type AirtelMoneyOptions } from './airtel-money';
import { PaymentProviderError, type CollectionRequest } from './provider';

let standIn: AirtelStandIn;
let clock = 0;
let warnings: string[] = [];

beforeAll(async () => {
  standIn = await startAirtelStandIn();
});
afterAll(() => standIn.close());
afterEach(() => {
  warnings = [];
});

let counter = 0;
function airtel(overrides: Partial<AirtelMoneyOptions> = {}) {
  return createAirtelMoneyProvider({
    baseUrl: standIn.baseUrl,
    clientId: STAND_IN_CREDENTIALS.clientId,
    clientSecret: STAND_IN_CREDENTIALS.clientSecret,
    timeoutMs: 2000,
    now: () => clock,
    log: { warn: (_details, message) => warnings.push(message) },
    ...overrides,
  });
}
const request = (overrides: Partial<CollectionRequest> = {}): CollectionRequest => ({
  merchantReference: `mp_test_${++counter}`,
  amountXaf: 7600,
  method: 'airtel_money',
  phoneNumber: '+241 07 12 34 56',
  card: null,
  description: 'MonPanier 1a2b3c4d',
  ...overrides,
});
const receivedSince = (start: number) => standIn.received.slice(start);

async function failureOf(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('Airtel Money adapter: access token', () => {
  it('fetches one token for concurrent calls, reuses it, and fetches a new one shortly before it expires', async () => {
    const provider = airtel();
    const tokensBefore = standIn.tokenRequests();
    const [a, b] = await Promise.all([provider.requestPayment(request()), provider.requestPayment(request({ phoneNumber: '07 22 33 44' }))]);
    await provider.paymentStatus(a.providerReference);
    expect(b.status).toBe('pending');
    expect(standIn.tokenRequests() - tokensBefore).toBe(1);

    clock += 149_000; // the stand-in's tokens live 180 s; replaced 30 s early
    await provider.paymentStatus(a.providerReference);
    expect(standIn.tokenRequests() - tokensBefore).toBe(1);
    clock += 2_000;
    await provider.paymentStatus(a.providerReference);
    expect(standIn.tokenRequests() - tokensBefore).toBe(2);
  });

  it('asks for a new token once when Airtel no longer accepts the cached one', async () => {
    const provider = airtel();
    const collection = await provider.requestPayment(request());
    const tokensBefore = standIn.tokenRequests();
    standIn.revokeTokens();
    expect(await provider.paymentStatus(collection.providerReference)).toBe('pending');
    expect(standIn.tokenRequests() - tokensBefore).toBe(1);
  });

  it('sends the client credentials as documented and refuses to go on with wrong ones', async () => {
    const start = standIn.received.length;
    await airtel().requestPayment(request());
    const [tokenCall] = receivedSince(start);
    expect(tokenCall).toMatchObject({ method: 'POST', path: '/auth/oauth2/token' });
    expect(tokenCall.headers['content-type']).toBe('application/json');
    expect(tokenCall.headers.authorization).toBeUndefined();
    expect(tokenCall.body).toEqual({ client_id: STAND_IN_CREDENTIALS.clientId, client_secret: STAND_IN_CREDENTIALS.clientSecret, grant_type: 'client_credentials' });

    const before = standIn.received.length;
    const error = await failureOf(airtel({ clientSecret: 'wrong-secret-value' }).requestPayment(request()));
    expect(error.kind).toBe('unavailable');
    expect(receivedSince(before).map((r) => r.path)).toEqual(['/auth/oauth2/token']); // no payment request went out
    expect(error.message).not.toContain('wrong-secret-value');
  });
});

describe('Airtel Money adapter: USSD push', () => {
  it('sends the documented headers and body: Gabon, XAF, the number without +241, our reference as transaction id', async () => {
    const start = standIn.received.length;
    const req = request();
    const collection = await airtel().requestPayment(req);
    expect(collection).toEqual({ providerReference: req.merchantReference, status: 'pending', customerStep: 'phone_confirmation' });
    const push = receivedSince(start).find((r) => r.path === '/merchant/v1/payments/')!;
    expect(push.method).toBe('POST');
    expect(push.headers).toMatchObject({ accept: '*/*', 'content-type': 'application/json', 'x-country': 'GA', 'x-currency': 'XAF' });
    expect(push.headers.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
    expect(push.body).toEqual({
      reference: 'MonPanier 1a2b3c4d',
      subscriber: { country: 'GA', currency: 'XAF', msisdn: '07123456' },
      transaction: { amount: 7600, country: 'GA', currency: 'XAF', id: req.merchantReference },
    });
    expect(standIn.transactions.get(req.merchantReference)).toMatchObject({ status: 'TIP', msisdn: '07123456', amount: 7600 });
  });

  it('turns each operator answer into what it says about the money, without the full number or a secret in the message', async () => {
    const cases: [string, Parameters<AirtelStandIn['behave']>[1], string][] = [
      ['07000001', 'unknown_number', 'declined'],
      ['07000002', 'server_down', 'unavailable'],
      ['07000003', 'in_doubt', 'ambiguous'],
    ];
    for (const [msisdn, behaviour, kind] of cases) {
      standIn.behave(msisdn, behaviour);
      const error = await failureOf(airtel().requestPayment(request({ phoneNumber: msisdn })));
      expect(error.kind, behaviour).toBe(kind);
      expect(error.message).not.toContain(msisdn);
      expect(error.message).toContain(maskMsisdn(msisdn));
    }
    expect(warnings).toHaveLength(3);
    expect(warnings.join(' ')).not.toMatch(new RegExp(`${STAND_IN_CREDENTIALS.clientSecret}|0700000`));
  });

  it('a request left unanswered is in doubt (the push may have gone out); an unreachable operator is unavailable', async () => {
    standIn.behave('07000004', 'hang');
    const req = request({ phoneNumber: '07000004' });
    const error = await failureOf(airtel({ timeoutMs: 300 }).requestPayment(req));
    expect(error.kind).toBe('ambiguous');
    expect(error.message).toContain('300 ms');
    expect(standIn.transactions.has(req.merchantReference)).toBe(true);

    const closed = await startAirtelStandIn();
    const closedUrl = closed.baseUrl;
    await closed.close();
    const unreachable = await failureOf(airtel({ baseUrl: closedUrl }).requestPayment(request()));
    expect(unreachable.kind).toBe('unavailable');
  });

  it('refuses what Airtel would refuse before sending anything', async () => {
    const start = standIn.received.length;
    for (const bad of [request({ phoneNumber: null }), request({ phoneNumber: '12' }), request({ amountXaf: 0 }), request({ method: 'moov_money' })]) {
      expect((await failureOf(airtel().requestPayment(bad))).kind).toBe('declined');
    }
    expect(receivedSince(start)).toHaveLength(0);
  });
});

describe('Airtel Money adapter: status enquiry', () => {
  it('maps every transaction status code, and a transaction Airtel does not know as failed', async () => {
    const provider = airtel();
    const { providerReference } = await provider.requestPayment(request());
    const expected = { TIP: 'pending', TA: 'pending', TS: 'succeeded', TF: 'failed', TE: 'failed' } as const;
    for (const [code, status] of Object.entries(expected)) {
      standIn.setStatus(providerReference, code as keyof typeof expected);
      expect(await provider.paymentStatus(providerReference), code).toBe(status);
    }
    const start = standIn.received.length;
    expect(await provider.paymentStatus('mp_never_sent')).toBe('failed');
    expect(receivedSince(start)[0]).toMatchObject({ method: 'GET', path: '/standard/v1/payments/mp_never_sent' });
    expect(receivedSince(start)[0].headers).toMatchObject({ 'x-country': 'GA', 'x-currency': 'XAF' });
  });

  it('an enquiry that gets no answer is an error the caller retries later, not a status', async () => {
    const closed = await startAirtelStandIn();
    const url = closed.baseUrl;
    await closed.close();
    expect((await failureOf(airtel({ baseUrl: url }).paymentStatus('mp_x'))).kind).toBe('unavailable');
  });
});

describe('Airtel Money adapter: refund', () => {
  /** A collection the customer approved (TS, with Airtel's id), as a refund finds it. */
  async function collected(provider: ReturnType<typeof airtel>, phoneNumber = '07 31 00 00') {
    const { providerReference } = await provider.requestPayment(request({ phoneNumber }));
    standIn.setStatus(providerReference, 'TS');
    return { providerReference, refund: { providerReference, amountXaf: 7600, refundReference: `rf_${providerReference}` } };
  }

  it("looks the collection up, then asks the refund with Airtel's id of it, as documented", async () => {
    const provider = airtel();
    const { providerReference, refund } = await collected(provider);
    const start = standIn.received.length;
    const answer = await provider.refund(refund);
    const tx = standIn.transactions.get(providerReference)!;
    expect(answer).toEqual({ status: 'succeeded', reference: tx.refundId });
    expect(tx.status).toBe('TR');
    const [enquiry, post] = receivedSince(start);
    expect(enquiry).toMatchObject({ method: 'GET', path: `/standard/v1/payments/${providerReference}` });
    expect(post).toMatchObject({ method: 'POST', path: '/standard/v1/payments/refund', body: { transaction: { airtel_money_id: tx.airtelMoneyId } } });
    expect(post.headers).toMatchObject({ 'content-type': 'application/json', 'x-country': 'GA', 'x-currency': 'XAF' });
    expect(post.headers.authorization).toMatch(/^Bearer /);
  });

  it('asked again for a collection already reversed, answers its refund without a second request', async () => {
    const provider = airtel();
    const { refund } = await collected(provider, '07 31 00 01');
    await provider.refund(refund);
    const before = standIn.refundRequests().length;
    expect(await provider.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect(standIn.refundRequests()).toHaveLength(before);
  });

  it('turns each answer into what it says about the money', async () => {
    const cases: [string, Parameters<AirtelStandIn['behaveRefund']>[1], string, 'TS' | 'TR'][] = [
      ['07310002', 'refuse', 'declined', 'TS'],
      ['07310003', 'in_doubt', 'ambiguous', 'TS'],
      ['07310004', 'server_down', 'unavailable', 'TS'],
    ];
    for (const [msisdn, behaviour, kind, after] of cases) {
      standIn.behaveRefund(msisdn, behaviour);
      const provider = airtel();
      const { providerReference, refund } = await collected(provider, msisdn);
      const error = await failureOf(provider.refund(refund));
      expect(error.kind, behaviour).toBe(kind);
      expect(error.message).not.toContain(STAND_IN_CREDENTIALS.clientSecret);
      expect(standIn.transactions.get(providerReference)!.status, behaviour).toBe(after);
    }
  });

  it('a refund left unanswered is in doubt (Airtel may have done it); an unreachable Airtel sent nothing', async () => {
    standIn.behaveRefund('07310005', 'hang');
    const provider = airtel({ timeoutMs: 300 });
    const { providerReference, refund } = await collected(provider, '07310005');
    expect((await failureOf(provider.refund(refund))).kind).toBe('ambiguous');
    expect(standIn.transactions.get(providerReference)!.status).toBe('TR'); // done after all: asking again says so
    expect(await provider.refund(refund)).toMatchObject({ status: 'succeeded' });

    const closed = await startAirtelStandIn();
    const url = closed.baseUrl;
    await closed.close();
    expect((await failureOf(airtel({ baseUrl: url }).refund(refund))).kind).toBe('unavailable');
  });

  it('refuses to refund what Airtel never collected, before asking any refund', async () => {
    const provider = airtel();
    const { providerReference } = await provider.requestPayment(request({ phoneNumber: '07310006' })); // still TIP
    const before = standIn.refundRequests().length;
    expect((await failureOf(provider.refund({ providerReference, amountXaf: 7600, refundReference: 'rf_1' }))).kind).toBe('declined');
    expect((await failureOf(provider.refund({ providerReference: 'mp_never_sent', amountXaf: 7600, refundReference: 'rf_2' }))).kind).toBe('declined');
    expect((await failureOf(provider.refund({ providerReference, amountXaf: 0, refundReference: 'rf_3' }))).kind).toBe('declined');
    expect(standIn.refundRequests()).toHaveLength(before);
  });
});

describe('airtelMsisdn', () => {
  it('keeps the national number, without the +241 / 00241 prefix', () => {
    expect(airtelMsisdn('+241 07 12 34 56')).toBe('07123456');
    expect(airtelMsisdn('00241 07-12-34-56')).toBe('07123456');
    expect(airtelMsisdn('07 12 34 56')).toBe('07123456');
    expect(airtelMsisdn('(+241) 077 12 34 56')).toBe('077123456');
    expect(airtelMsisdn('')).toBeNull();
    expect(airtelMsisdn(null)).toBeNull();
    expect(airtelMsisdn('123')).toBeNull();
  });
});
