// Airtel Money as a PaymentProvider: Airtel Africa's Open API, "Collection" product (USSD push: the
// customer gets a prompt on the phone and approves it with the Airtel Money PIN).
//
// Taken from Airtel Africa's public developer documentation (developers.airtel.africa, pages
// "Authorization" and "Collection-APIs", as reproduced in public integration notes for Uganda,
// Zambia and Madagascar; the API is the same in every Airtel Africa country):
// - OAuth2, client credentials: POST /auth/oauth2/token with JSON {client_id, client_secret,
//   grant_type: "client_credentials"} → {access_token, expires_in (seconds, a string in the samples:
//   "180"), token_type: "bearer"}. One token serves every API.
// - USSD push: POST /merchant/v1/payments/ with headers Accept: */*, Content-Type: application/json,
//   X-Country, X-Currency, Authorization: Bearer <token>; body {reference, subscriber: {country,
//   currency, msisdn — WITHOUT the country code}, transaction: {amount, country, currency, id — the
//   partner's unique id}} → {data: {transaction: {id, status}}, status: {code, message, result_code,
//   response_code, success}}. success: true only says the push was sent.
// - Transaction enquiry: GET /standard/v1/payments/{partner id} → data.transaction.status TS
//   (success), TF (failed), TA (ambiguous), TIP (in progress), TE (expired). Airtel recommends the
//   first enquiry no sooner than three minutes after the payment request; its samples answer
//   status.success false even for TS, so only data.transaction.status is read.
// - Refund: POST /standard/v1/payments/refund with {transaction: {airtel_money_id}} — Airtel's own
//   id of the collection (callback and enquiry give it) — → {data: {transaction: {airtel_money_id,
//   status: "SUCCESS"}}, status: {…}}. A refunded collection is reversed: its enquiry answers TR.
//   ROUTER117, HTTP 408 and the 5xx other than 503 leave a refund in doubt ("do an enquiry").
// - Codes: ESB000010 success; ESB000001, ESB000004, ROUTER117 and HTTP 408 mean "in doubt, do a
//   transaction enquiry"; DP00800001000/-003/-024 ambiguous, in progress, under processing;
//   DP00800001010 and ESB000045 transaction not found; ESB000011 request failed.
// Assumptions (not in the documentation; to confirm with Airtel Gabon at onboarding):
// - Gabon is X-Country GA / X-Currency XAF, amounts in whole francs; the base URL is configurable
//   (some countries moved from openapi.airtel.africa to a national domain).
// - msisdn is the national number as the customer types it after +241, leading 0 kept.
// - Our own reference (mp_<uuid>) is accepted as transaction.id; it is also what we store as the
//   provider reference, since enquiries and callbacks name the payment by it.
// - An enquiry answering "transaction not found" (made after the enquiry interval) means the push
//   never reached Airtel: the payment failed.
// - Message signing (x-signature / x-key headers) is not required for Gabon's collection product.
// - A refund is for the whole amount (the API takes no amount), and Airtel reverses a collection
//   once: a refund is asked only after an enquiry shows the collection still TS (not TR), so asking
//   again after an unknown outcome cannot give the money back twice.
//
// Secrets (client secret, tokens) and full phone numbers never appear in errors or logs.
import type { Collection, CollectionRequest, PaymentProvider, ProviderPaymentStatus, Refund, RefundRequest } from './provider';
import { PaymentProviderError, type PaymentFailureKind } from './provider';

export const AIRTEL_MONEY_PROVIDER = 'airtel_money';

/** Airtel's advice: the first enquiry at least three minutes after the request. */
export const AIRTEL_STATUS_ENQUIRY_INTERVAL_MS = 3 * 60_000;

/** A token is replaced this long before Airtel says it expires (tokens live 180 s in the samples). */
const TOKEN_EARLY_REFRESH_S = 30;

const AMBIGUOUS_CODES = new Set(['ESB000001', 'ESB000004', 'ROUTER117']);
const IN_FLIGHT_CODES = new Set(['DP00800001000', 'DP00800001003', 'DP00800001024']);
const NOT_FOUND_CODES = new Set(['DP00800001010', 'ESB000045']);
const FAILED_CODES = new Set(['ESB000011']);
/** A collection given back (refunded): Airtel's enquiry status for it. */
const REVERSED = 'TR';

export type AirtelMoneyOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  country?: string;
  currency?: string;
  /** Milliseconds clock for the token cache (tests move it). */
  now?: () => number;
  log?: { warn: (details: object, message: string) => void };
};

/** Transaction status codes (enquiry `status`, callback `status_code`) as a payment status. */
export function airtelTransactionStatus(code: string | undefined): ProviderPaymentStatus {
  if (code === 'TS') return 'succeeded';
  if (code === 'TF' || code === 'TE') return 'failed';
  return 'pending'; // TIP in progress, TA ambiguous (asked again later), or a code we do not know
}

/** The number Airtel expects: digits only, without Gabon's +241 / 00241 prefix. */
export function airtelMsisdn(phone: string | null, countryCode = '241'): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith(countryCode) && digits.length > countryCode.length + 7) digits = digits.slice(countryCode.length);
  return digits.length >= 7 && digits.length <= 12 ? digits : null;
}

/** "07123456" → "07****56", for logs. */
export const maskMsisdn = (msisdn: string) => `${msisdn.slice(0, 2)}${'*'.repeat(Math.max(msisdn.length - 4, 0))}${msisdn.slice(-2)}`;

type AirtelAnswer = {
  access_token?: unknown;
  expires_in?: unknown;
  data?: { transaction?: { id?: unknown; status?: unknown; airtel_money_id?: unknown } };
  status?: { code?: unknown; result_code?: unknown; response_code?: unknown; success?: unknown };
};

type HttpAnswer = { status: number; body: AirtelAnswer | null };

/** Thrown by `send` when no answer came back; `sent` says whether the request may have arrived. */
class NoAnswer extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function codesOf(answer: HttpAnswer): string {
  const s = answer.body?.status;
  return [`HTTP ${answer.status}`, text(s?.result_code), text(s?.response_code)].filter(Boolean).join(' ');
}

export function createAirtelMoneyProvider(options: AirtelMoneyOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const country = options.country ?? 'GA';
  const currency = options.currency ?? 'XAF';
  const now = options.now ?? Date.now;
  let token: { value: string; refreshAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function send(method: 'GET' | 'POST', path: string, body: unknown, bearer: string | null): Promise<HttpAnswer> {
    const headers: Record<string, string> = { Accept: '*/*' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer) Object.assign(headers, { 'X-Country': country, 'X-Currency': currency, Authorization: `Bearer ${bearer}` });
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      // Refused or unresolvable: nothing left this machine. Anything else (timeout, reset) may have arrived.
      const unsent = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new NoAnswer(timedOut ? `pas de réponse en ${options.timeoutMs} ms` : `connexion impossible (${code ?? (error as Error).name})`, !unsent);
    }
    const raw = await response.text().catch(() => '');
    let parsed: AirtelAnswer | null = null;
    try {
      parsed = raw ? (JSON.parse(raw) as AirtelAnswer) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed && typeof parsed === 'object' ? parsed : null };
  }

  function fail(what: string, detail: string, kind: PaymentFailureKind): never {
    const error = new PaymentProviderError(`Airtel Money, ${what} : ${detail}`, kind);
    options.log?.warn({ provider: AIRTEL_MONEY_PROVIDER, kind }, error.message);
    throw error;
  }

  async function fetchToken(): Promise<string> {
    let answer: HttpAnswer;
    try {
      answer = await send('POST', '/auth/oauth2/token', { client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'client_credentials' }, null);
    } catch (error) {
      // No payment request has gone out yet: nothing can have been collected.
      return fail('jeton', (error as Error).message, 'unavailable');
    }
    const value = text(answer.body?.access_token);
    if (answer.status !== 200 || !value) return fail('jeton refusé', codesOf(answer), 'unavailable');
    const lifetime = Number(answer.body?.expires_in);
    const seconds = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 60;
    token = { value, refreshAt: now() + Math.max(seconds - TOKEN_EARLY_REFRESH_S, seconds / 2) * 1000 };
    return value;
  }

  /** The cached token while it is fresh; concurrent callers share one token request. */
  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** An authorised call; a token Airtel no longer accepts (401) is replaced once. */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpAnswer> {
    const first = await send(method, path, body, await accessToken());
    if (first.status !== 401) return first;
    token = null;
    return send(method, path, body, await accessToken());
  }

  return {
    name: AIRTEL_MONEY_PROVIDER,
    testMode: false,
    statusEnquiryIntervalMs: AIRTEL_STATUS_ENQUIRY_INTERVAL_MS,

    async requestPayment(request: CollectionRequest): Promise<Collection> {
      if (request.method !== 'airtel_money') fail('paiement', `moyen ${request.method} non pris en charge`, 'declined');
      if (!Number.isSafeInteger(request.amountXaf) || request.amountXaf <= 0) fail('paiement', 'montant invalide', 'declined');
      const msisdn = airtelMsisdn(request.phoneNumber);
      if (!msisdn) fail('paiement', 'numéro invalide', 'declined');
      const body = {
        reference: request.description,
        subscriber: { country, currency, msisdn },
        transaction: { amount: request.amountXaf, country, currency, id: request.merchantReference },
      };
      let answer: HttpAnswer;
      try {
        answer = await authorised('POST', '/merchant/v1/payments/', body);
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        const noAnswer = error as NoAnswer;
        return fail(`paiement ${maskMsisdn(msisdn)}`, noAnswer.message, noAnswer.sent ? 'ambiguous' : 'unavailable');
      }
      const status = answer.body?.status;
      const resultCode = text(status?.result_code) ?? '';
      const responseCode = text(status?.response_code) ?? '';
      const accepted = answer.status >= 200 && answer.status < 300 && (status?.success === true || IN_FLIGHT_CODES.has(responseCode));
      if (accepted) return { providerReference: request.merchantReference, status: 'pending', customerStep: 'phone_confirmation' };
      const inDoubt = AMBIGUOUS_CODES.has(resultCode) || answer.status === 408 || (answer.status >= 500 && answer.status !== 502 && answer.status !== 503);
      const kind: PaymentFailureKind = inDoubt ? 'ambiguous' : answer.status >= 500 || answer.status === 429 ? 'unavailable' : 'declined';
      return fail(`paiement ${maskMsisdn(msisdn)}`, codesOf(answer), kind);
    },

    async paymentStatus(providerReference: string): Promise<ProviderPaymentStatus> {
      const transaction = await enquire('statut', providerReference);
      return transaction ? airtelTransactionStatus(transaction.code) : 'failed';
    },

    async refund(request: RefundRequest): Promise<Refund> {
      if (!Number.isSafeInteger(request.amountXaf) || request.amountXaf <= 0) fail('remboursement', 'montant invalide', 'declined');
      // Airtel refunds by its own id of the collection, which the enquiry gives; the enquiry also
      // tells whether the collection was already reversed (a refund whose answer was lost).
      const original = await enquire('remboursement', request.providerReference);
      if (original?.code === REVERSED) return { status: 'succeeded', reference: original.airtelMoneyId };
      if (!original || original.code !== 'TS' || !original.airtelMoneyId) {
        return fail('remboursement', `paiement ${original ? original.code : 'introuvable'} chez Airtel`, 'declined');
      }
      let answer: HttpAnswer;
      try {
        answer = await authorised('POST', '/standard/v1/payments/refund', { transaction: { airtel_money_id: original.airtelMoneyId } });
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        const noAnswer = error as NoAnswer;
        return fail(`remboursement ${request.refundReference}`, noAnswer.message, noAnswer.sent ? 'ambiguous' : 'unavailable');
      }
      const status = answer.body?.status;
      const codes = [text(status?.result_code), text(status?.response_code)].filter((c): c is string => Boolean(c));
      const transactionStatus = text(answer.body?.data?.transaction?.status)?.toUpperCase();
      const reference = text(answer.body?.data?.transaction?.airtel_money_id) || original.airtelMoneyId;
      if (answer.status >= 200 && answer.status < 300) {
        if (transactionStatus === 'SUCCESS' || transactionStatus === 'TS' || transactionStatus === REVERSED || (!transactionStatus && codes.includes('ESB000010'))) {
          return { status: 'succeeded', reference };
        }
        if (transactionStatus === 'TIP' || codes.some((c) => IN_FLIGHT_CODES.has(c))) return { status: 'pending', reference };
        if (transactionStatus === 'FAILED' || transactionStatus === 'TF' || codes.some((c) => FAILED_CODES.has(c))) return { status: 'failed', reference };
        return fail(`remboursement ${request.refundReference}`, `réponse inattendue (${codesOf(answer)})`, 'ambiguous');
      }
      const inDoubt = codes.some((c) => AMBIGUOUS_CODES.has(c)) || answer.status === 408 || (answer.status >= 500 && answer.status !== 503);
      const kind: PaymentFailureKind = inDoubt ? 'ambiguous' : answer.status === 503 || answer.status === 429 ? 'unavailable' : 'declined';
      return fail(`remboursement ${request.refundReference}`, codesOf(answer), kind);
    },
  };

  /** Transaction enquiry: its status code and Airtel's id for it; null when Airtel does not know it. */
  async function enquire(what: string, providerReference: string): Promise<{ code: string; airtelMoneyId: string | null } | null> {
    let answer: HttpAnswer;
    try {
      answer = await authorised('GET', `/standard/v1/payments/${encodeURIComponent(providerReference)}`);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      return fail(what, (error as Error).message, 'unavailable');
    }
    const codes = [text(answer.body?.status?.result_code), text(answer.body?.status?.response_code)];
    if (codes.some((c) => c && NOT_FOUND_CODES.has(c))) return null;
    const code = text(answer.body?.data?.transaction?.status);
    if (answer.status < 200 || answer.status >= 300 || !code) return fail(what, codesOf(answer), 'unavailable');
    return { code, airtelMoneyId: text(answer.body?.data?.transaction?.airtel_money_id) || null };
  }
}
