// The callback Airtel Money posts to the partner's callback URL when a collection moves (Airtel
// Africa developer documentation, "Collection-APIs › Callback with / without authentication"):
//   {"transaction": {"id": <partner id>, "message": …, "status_code": "TS" | "TF" | …,
//    "airtel_money_id": …}, "hash": <base64 HMAC-SHA256>}
// With callback authentication enabled in the application's settings on Airtel's portal, `hash` is
// the Base64 HMAC-SHA256 of the callback payload under the private key shown there. MonPanier
// requires it: an unsigned callback could confirm an order nobody paid.
//
// Assumption: the public notes disagree on the exact bytes signed — the `transaction` object alone,
// or the payload without `hash` ({"transaction": …}), both compact JSON in the order received. Both
// are accepted; each is an HMAC under our secret, so neither lets anyone without the key through.
// The documentation also says callbacks may carry intermediate statuses: only TS and TF settle.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors';
import { airtelTransactionStatus } from './airtel-money';
import type { ProviderPaymentStatus } from './provider';

const CallbackSchema = z.object({
  transaction: z.looseObject({
    id: z.string().min(1).max(200),
    status_code: z.string().min(1).max(20),
    message: z.string().max(2000).optional(),
    airtel_money_id: z.string().max(200).optional(),
  }),
  hash: z.string().max(500).optional(),
});

export type AirtelCallback = {
  /** Our reference for the payment (transaction.id). */
  reference: string;
  status: ProviderPaymentStatus;
  /** Airtel's own id for the money movement (on success), for reconciliation. */
  airtelMoneyId: string | null;
};

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload, 'utf8').digest();

function hashMatches(secret: string, hash: string, transaction: unknown): boolean {
  const received = Buffer.from(hash, 'base64');
  const candidates = [JSON.stringify(transaction), JSON.stringify({ transaction })];
  return candidates.some((payload) => {
    const expected = sign(secret, payload);
    return received.length === expected.length && timingSafeEqual(received, expected);
  });
}

/** The signature Airtel puts in `hash` (the `transaction` object signed); the stand-in uses it too. */
export const airtelCallbackHash = (secret: string, transaction: object) => sign(secret, JSON.stringify(transaction)).toString('base64');

/**
 * Checks a callback body as received (parsed JSON, keys in the order sent): 400 when it is not an
 * Airtel callback, 401 when its hash is missing or wrong. Nothing is read from a refused callback.
 */
export function readAirtelCallback(body: unknown, secret: string): AirtelCallback {
  const parsed = CallbackSchema.safeParse(body);
  if (!parsed.success) throw new AppError('VALIDATION');
  const { hash, transaction } = parsed.data;
  // The raw object, not zod's copy: the hash covers the fields in the order Airtel sent them.
  const signed = (body as { transaction: unknown }).transaction;
  if (!hash || !hashMatches(secret, hash, signed)) throw new AppError('PAYMENT_CALLBACK_UNAUTHENTICATED');
  return { reference: transaction.id, status: airtelTransactionStatus(transaction.status_code), airtelMoneyId: transaction.airtel_money_id ?? null };
}
