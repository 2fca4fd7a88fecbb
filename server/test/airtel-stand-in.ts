// A local stand-in for Airtel Africa's Open API (collection), for tests and the e2e journey: a real
// HTTP server on 127.0.0.1 that speaks the documented JSON (see platform/payments/airtel-money.ts),
// checks what a partner must send (credentials, bearer token, X-Country / X-Currency, body fields),
// keeps the transactions it was asked for, and — when the customer answers on the "phone" — posts
// the signed callback to the partner, as Airtel does. It also refunds a collection (reversed: TR),
// once, with the failures a partner must handle (refused, in doubt, no answer, service down).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { airtelCallbackHash } from '../platform/payments/airtel-money-callback';

export const STAND_IN_CREDENTIALS = { clientId: 'monpanier-test-client', clientSecret: 'stand-in-client-secret', callbackSecret: 'stand-in-callback-key' };

/** What the stand-in answers to the next payment request(s) for a number. */
export type PushBehaviour = 'accept' | 'unknown_number' | 'in_doubt' | 'hang' | 'server_down';

export type ReceivedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

/**
 * What the stand-in does with the next refund request(s) of a collection from this number:
 * accept (reversed at once), refuse, in_doubt (not reversed, answered "something went wrong"),
 * hang (reversed, never answered), server_down (503, nothing done).
 */
export type RefundBehaviour = 'accept' | 'refuse' | 'in_doubt' | 'hang' | 'server_down';

export type StandInTransaction = {
  id: string;
  msisdn: string;
  amount: number;
  reference: string;
  /** TR: reversed (refunded). */
  status: 'TIP' | 'TS' | 'TF' | 'TA' | 'TE' | 'TR';
  airtelMoneyId: string | null;
  /** Airtel's id of the refund, once the collection is reversed. */
  refundId: string | null;
};

/** Where callbacks go: a URL, or a function (tests deliver them through app.inject). Answers the HTTP status. */
export type CallbackTarget = string | ((body: object) => Promise<number>);

export type AirtelStandIn = {
  baseUrl: string;
  received: ReceivedRequest[];
  tokenRequests: () => number;
  transactions: Map<string, StandInTransaction>;
  /** How payment requests to this number are answered from now on. */
  behave: (msisdn: string, behaviour: PushBehaviour) => void;
  /** How refunds of this number's collections are answered from now on. */
  behaveRefund: (msisdn: string, behaviour: RefundBehaviour) => void;
  /** The refund requests received (POST /standard/v1/payments/refund), answered or not. */
  refundRequests: () => ReceivedRequest[];
  /** Every token issued so far stops being accepted (Airtel answers 401). */
  revokeTokens: () => void;
  /** The customer approves or declines the latest push to this number; the callback is posted. Returns its HTTP status. */
  customerAnswers: (msisdn: string, approve: boolean) => Promise<number | null>;
  /** Sets a transaction's status without a callback (a lost callback, an expiry…). */
  setStatus: (id: string, status: StandInTransaction['status']) => void;
  /** The signed callback body Airtel would post for a transaction. */
  callbackBody: (id: string, secret?: string) => object;
  setCallbackTarget: (target: CallbackTarget | null) => void;
  close: () => Promise<void>;
};

const OK_STATUS = { code: '200', message: 'SUCCESS', result_code: 'ESB000010', response_code: 'DP00800001006', success: true };

function reply(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const failure = (code: string, resultCode: string, responseCode: string, message: string) => ({ status: { code, message, result_code: resultCode, response_code: responseCode, success: false } });

export async function startAirtelStandIn(options: { tokenLifetimeSeconds?: number; callbackTarget?: CallbackTarget; port?: number } = {}): Promise<AirtelStandIn> {
  const received: ReceivedRequest[] = [];
  const transactions = new Map<string, StandInTransaction>();
  const behaviours = new Map<string, PushBehaviour>();
  const refundBehaviours = new Map<string, RefundBehaviour>();
  const validTokens = new Set<string>();
  const sockets = new Set<Socket>();
  let tokenRequests = 0;
  let callbackTarget = options.callbackTarget ?? null;

  const routes = (req: IncomingMessage, body: unknown, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === '/auth/oauth2/token') {
      tokenRequests += 1;
      const b = body as Record<string, unknown> | null;
      if (b?.grant_type !== 'client_credentials' || b.client_id !== STAND_IN_CREDENTIALS.clientId || b.client_secret !== STAND_IN_CREDENTIALS.clientSecret) {
        return reply(res, 401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
      }
      const token = randomBytes(16).toString('hex');
      validTokens.add(token);
      return reply(res, 200, { access_token: token, expires_in: String(options.tokenLifetimeSeconds ?? 180), token_type: 'bearer' });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !validTokens.has(bearer)) return reply(res, 401, failure('401', 'ROUTER000', '', 'Unauthorized'));
    if (req.headers['x-country'] !== 'GA' || req.headers['x-currency'] !== 'XAF') return reply(res, 400, failure('400', 'ROUTER006', '', 'Invalid Country'));

    if (req.method === 'POST' && path === '/merchant/v1/payments/') {
      const b = body as { reference?: unknown; subscriber?: Record<string, unknown>; transaction?: Record<string, unknown> } | null;
      const msisdn = b?.subscriber?.msisdn;
      const t = b?.transaction;
      const valid =
        req.headers['content-type']?.startsWith('application/json') &&
        typeof b?.reference === 'string' &&
        typeof msisdn === 'string' &&
        /^\d{7,12}$/.test(msisdn) &&
        typeof t?.id === 'string' &&
        Number.isInteger(t.amount) &&
        (t.amount as number) > 0 &&
        t.country === 'GA' &&
        t.currency === 'XAF';
      if (!valid) return reply(res, 400, failure('400', 'ESB000008', 'DP00800001002', 'Field validation error'));
      if (transactions.has(t.id as string)) return reply(res, 400, failure('400', 'ESB000041', 'DP00800001002', 'External Transaction ID already exists'));
      const behaviour = behaviours.get(msisdn) ?? 'accept';
      if (behaviour === 'unknown_number') return reply(res, 400, failure('400', 'ESB000008', 'DP00800001005', 'Msisdn Not Found'));
      if (behaviour === 'server_down') return reply(res, 503, failure('503', 'ESB000011', '', 'Service Unavailable'));
      // The push went out (or may have): Airtel knows the transaction from here on.
      transactions.set(t.id as string, { id: t.id as string, msisdn, amount: t.amount as number, reference: b!.reference as string, status: 'TIP', airtelMoneyId: null, refundId: null });
      if (behaviour === 'hang') return; // never answers: the partner's timeout decides
      if (behaviour === 'in_doubt') return reply(res, 500, failure('500', 'ESB000001', 'DP00800001000', 'Something went wrong'));
      return reply(res, 200, { data: { transaction: { id: t.id, status: 'SUCCESS' } }, status: OK_STATUS });
    }

    if (req.method === 'POST' && path === '/standard/v1/payments/refund') {
      const id = (body as { transaction?: { airtel_money_id?: unknown } } | null)?.transaction?.airtel_money_id;
      if (typeof id !== 'string' || !id) return reply(res, 400, failure('400', 'ESB000008', '', 'Field validation error'));
      const tx = [...transactions.values()].find((t) => t.airtelMoneyId === id);
      if (!tx) return reply(res, 400, failure('400', 'ESB000045', 'DP00800001010', 'No Transaction Found'));
      const behaviour = refundBehaviours.get(tx.msisdn) ?? 'accept';
      if (behaviour === 'server_down') return reply(res, 503, failure('503', 'ESB000011', '', 'Service Unavailable'));
      if (behaviour === 'in_doubt') return reply(res, 500, failure('500', 'ESB000001', 'DP00800001000', 'Something went wrong'));
      // Airtel reverses a collection once: a second refund of the same one is refused.
      if (behaviour === 'refuse' || tx.status !== 'TS') return reply(res, 400, failure('400', 'ESB000011', 'DP00800001001', 'Refund failed'));
      tx.status = 'TR';
      tx.refundId = `RF${Date.now()}.${randomBytes(3).toString('hex').toUpperCase()}`;
      if (behaviour === 'hang') return; // reversed, but the answer never comes
      return reply(res, 200, { data: { transaction: { airtel_money_id: tx.refundId, status: 'SUCCESS' } }, status: { ...OK_STATUS, success: false } });
    }

    const enquiry = /^\/standard\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && enquiry) {
      const tx = transactions.get(decodeURIComponent(enquiry[1]));
      if (!tx) return reply(res, 200, failure('200', 'ESB000045', 'DP00800001010', 'No Transaction Found'));
      // As in Airtel's samples, status.success says little; data.transaction.status is the answer.
      return reply(res, 200, {
        data: { transaction: { airtel_money_id: tx.airtelMoneyId ?? '', id: tx.id, message: tx.status === 'TS' ? 'success' : tx.status, status: tx.status } },
        status: { ...OK_STATUS, success: tx.status === 'TS' },
      });
    }
    return reply(res, 404, failure('404', 'ROUTER404', '', 'Not Found'));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return reply(res, 400, failure('400', 'ESB000008', '', 'Malformed JSON'));
      }
      received.push({ method: req.method ?? '', path: req.url ?? '/', headers: req.headers, body });
      routes(req, body, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const callbackBody = (id: string, secret = STAND_IN_CREDENTIALS.callbackSecret) => {
    const tx = transactions.get(id);
    if (!tx) throw new Error(`transaction inconnue du stand-in : ${id}`);
    const transaction = {
      id: tx.id,
      message: tx.status === 'TS' ? `Paid XAF ${tx.amount} to MONPANIER, Trans ID ${tx.airtelMoneyId}.` : 'Transaction failed',
      status_code: tx.status,
      airtel_money_id: tx.airtelMoneyId ?? '',
    };
    return { transaction, hash: airtelCallbackHash(secret, transaction) };
  };

  async function postCallback(id: string): Promise<number | null> {
    if (!callbackTarget) return null;
    const body = callbackBody(id);
    if (typeof callbackTarget === 'function') return callbackTarget(body);
    const res = await fetch(callbackTarget, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.status;
  }

  const setStatus = (id: string, status: StandInTransaction['status']) => {
    const tx = transactions.get(id);
    if (!tx) throw new Error(`transaction inconnue du stand-in : ${id}`);
    tx.status = status;
    if (status === 'TS') tx.airtelMoneyId ??= `MP${Date.now()}.${randomBytes(3).toString('hex').toUpperCase()}`;
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    tokenRequests: () => tokenRequests,
    transactions,
    behave: (msisdn, behaviour) => void behaviours.set(msisdn, behaviour),
    behaveRefund: (msisdn, behaviour) => void refundBehaviours.set(msisdn, behaviour),
    refundRequests: () => received.filter((r) => r.method === 'POST' && r.path === '/standard/v1/payments/refund'),
    revokeTokens: () => validTokens.clear(),
    customerAnswers: async (msisdn, approve) => {
      const latest = [...transactions.values()].filter((t) => t.msisdn === msisdn).at(-1);
      if (!latest) throw new Error(`aucune demande de paiement envoyée au ${msisdn}`);
      setStatus(latest.id, approve ? 'TS' : 'TF');
      return postCallback(latest.id);
    },
    setStatus,
    callbackBody,
    setCallbackTarget: (target) => {
      callbackTarget = target;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
