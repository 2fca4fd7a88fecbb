import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { airtelCallbackHash, readAirtelCallback } from './airtel-money-callback';

const SECRET = 'cle-privee-de-test';
// The documented sample payload (Airtel's "Callback with authentication"), for Gabon.
const transaction = {
  id: 'mp_7f3a',
  message: 'Paid XAF 7,600 to MONPANIER Charge XAF 0, Trans ID MP210603.1234.L06941.',
  status_code: 'TS',
  airtel_money_id: 'MP210603.1234.L06941',
};
const signed = (tx: object = transaction, secret = SECRET) => ({ transaction: tx, hash: airtelCallbackHash(secret, tx) });
const rejection = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as { code: string; status: number };
  }
  throw new Error('accepté');
};

describe('readAirtelCallback', () => {
  it('accepts a callback signed with our key and reads its status', () => {
    expect(readAirtelCallback(signed(), SECRET)).toEqual({ reference: 'mp_7f3a', status: 'succeeded', airtelMoneyId: 'MP210603.1234.L06941' });
    expect(readAirtelCallback(signed({ ...transaction, status_code: 'TF' }), SECRET).status).toBe('failed');
    // Intermediate statuses settle nothing.
    expect(readAirtelCallback(signed({ ...transaction, status_code: 'TIP' }), SECRET).status).toBe('pending');
  });

  it('also accepts the hash computed over the payload without it ({"transaction": …})', () => {
    const hash = createHmac('sha256', SECRET).update(JSON.stringify({ transaction })).digest('base64');
    expect(readAirtelCallback({ transaction, hash }, SECRET).status).toBe('succeeded');
  });

  it('hashes the fields in the order Airtel sent them, extra fields included', () => {
    const reordered = { airtel_money_id: 'X1', status_code: 'TS', id: 'mp_9', message: 'ok', amount: '7600' };
    expect(readAirtelCallback(signed(reordered), SECRET).reference).toBe('mp_9');
  });

  it('refuses a missing hash, another key, or a changed field with 401', () => {
    const forged = signed();
    const cases = [
      { transaction },
      signed(transaction, 'une-autre-cle'),
      { ...forged, transaction: { ...transaction, status_code: 'TF' } },
      { ...forged, hash: 'pas du base64 !' },
    ];
    for (const body of cases) expect(rejection(() => readAirtelCallback(body, SECRET))).toMatchObject({ code: 'PAYMENT_CALLBACK_UNAUTHENTICATED', status: 401 });
  });

  it('refuses what is not an Airtel callback with 400', () => {
    for (const body of [null, 'texte', {}, { transaction: { id: 'x' } }, { transaction: { id: '', status_code: 'TS' } }]) {
      expect(rejection(() => readAirtelCallback(body, SECRET))).toMatchObject({ code: 'VALIDATION', status: 400 });
    }
  });
});
