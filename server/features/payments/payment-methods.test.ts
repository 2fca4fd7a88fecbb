import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGabon } from '#contract/format';
import type { PaymentMethod, PaymentMethodList } from '#contract/payments';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
const year = Number(todayInGabon().slice(0, 4));

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);
const add = (who: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/user/payment-methods', headers: as(who), payload });
const listOf = async (who: SignedIn) => ((await ctx.app.inject({ method: 'GET', url: '/api/user/payment-methods', headers: as(who) })).json() as PaymentMethodList).payment_methods;
const card = (overrides: Record<string, unknown> = {}) => ({
  method_type: 'card',
  display_name: 'Ma Visa',
  details: { card_number: '4242 4242 4242 4242', card_name: 'aïcha mba', expiry_month: '09', expiry_year: year + 2, ...overrides },
});

describe('payment methods API', () => {
  it('stores a card as brand, last four digits, upper-cased holder and expiry: never the full number', async () => {
    const res = await add(alice, card());
    expect(res.statusCode, res.body).toBe(201);
    const method = res.json() as PaymentMethod;
    expect(method).toMatchObject({
      method_type: 'card',
      display_name: 'Ma Visa',
      is_default: true,
      details: { card_brand: 'visa', card_last4: '4242', card_name: 'AÏCHA MBA', expiry_month: '09', expiry_year: year + 2, card_number: '•••• •••• •••• 4242' },
    });
    // Neither the payment_methods table nor any other table holds the number.
    const dump = await ctx.db.execute(sql`select to_jsonb(pm)::text as row from payment_methods pm`);
    const text = JSON.stringify((dump as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('4242');
    expect(text).not.toMatch(/4242\s*4242\s*4242/);
    expect(text).not.toContain('424242424242');
    const everywhere = await ctx.db.execute(sql`
      select count(*)::int as n from (
        select to_jsonb(t)::text as v from payments t union all
        select to_jsonb(t)::text from orders t union all
        select to_jsonb(t)::text from carts t union all
        select to_jsonb(t)::text from notifications t
      ) all_rows where v like '%4242424242424242%'`);
    expect((everywhere as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    expect(JSON.stringify(await listOf(alice))).not.toContain('4242424242424242');
  });

  it('detects the brand and refuses numbers that fail the Luhn check', async () => {
    const mastercard = (await add(alice, card({ card_number: '5555555555554444' }))).json() as PaymentMethod;
    expect(mastercard.details).toMatchObject({ card_brand: 'mastercard', card_last4: '4444' });
    const invalid = await add(alice, card({ card_number: '4242 4242 4242 4241' }));
    expect(invalid.statusCode).toBe(400);
    expect(detailOf(invalid)).toBe('Numéro de carte invalide');
    const letters = await add(alice, card({ card_number: '4242-abcd-4242-4242' }));
    expect(detailOf(letters)).toBe('Numéro de carte invalide');
  });

  it('applies the spec messages for missing fields and refuses expired cards', async () => {
    const cases: [object, string][] = [
      [{ display_name: 'Sans type', details: {} }, 'Veuillez remplir tous les champs requis'],
      [{ method_type: 'bitcoin', display_name: 'Crypto', details: {} }, 'Veuillez remplir tous les champs requis'],
      [{ method_type: 'airtel_money', display_name: '  ', details: { phone_number: '+241 07 12 34 56' } }, 'Veuillez remplir tous les champs requis'],
      [{ method_type: 'airtel_money', display_name: 'Airtel', details: {} }, 'Veuillez entrer votre numéro de téléphone'],
      [{ method_type: 'moov_money', display_name: 'Moov', details: { phone_number: 'appelez-moi' } }, 'Le numéro de téléphone est invalide'],
      [{ method_type: 'card', display_name: 'Carte', details: { card_number: '4242424242424242' } }, 'Veuillez remplir toutes les informations de la carte'],
      [card({ expiry_month: '13' }), "Date d'expiration invalide"],
      [card({ expiry_year: year - 1 }), 'La carte est expirée'],
      [card({ expiry_year: year + 10 }), "Date d'expiration invalide"],
    ];
    for (const [payload, message] of cases) {
      const res = await add(bob, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(detailOf(res)).toBe(message);
    }
    expect(await listOf(bob)).toEqual([]);
  });

  it('keeps exactly one default: the first method, then whichever is chosen, then the next one after a delete', async () => {
    const carol = await registerUser(ctx.app);
    const airtel = (await add(carol, { method_type: 'airtel_money', display_name: 'Airtel', details: { phone_number: '+241 07 12 34 56' } })).json() as PaymentMethod;
    expect(airtel.is_default).toBe(true);
    const cash = (await add(carol, { method_type: 'cash', display_name: 'Espèces', details: { payment_on_delivery: true } })).json() as PaymentMethod;
    expect(cash).toMatchObject({ is_default: false, details: { payment_on_delivery: true } });
    const moov = (await add(carol, { method_type: 'moov_money', display_name: 'Moov', details: { phone_number: '066123456' }, is_default: true })).json() as PaymentMethod;
    expect(moov.is_default).toBe(true);
    const defaults = async () => (await listOf(carol)).filter((m) => m.is_default).map((m) => m.id);
    expect(await defaults()).toEqual([moov.id]);

    const chosen = await ctx.app.inject({ method: 'PUT', url: `/api/user/payment-methods/${cash.id}/default`, headers: as(carol) });
    expect(chosen.statusCode).toBe(200);
    expect(await defaults()).toEqual([cash.id]);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/user/payment-methods/${cash.id}`, headers: as(carol) })).statusCode).toBe(204);
    expect(await defaults()).toHaveLength(1);
    expect((await listOf(carol)).map((m) => m.id).sort()).toEqual([airtel.id, moov.id].sort());
  });

  it('several "first" methods added at the same instant: all saved, exactly one default, never a 500', async () => {
    // On PostgreSQL these run on separate connections and used to collide on the unique default index.
    for (let round = 0; round < 3; round++) {
      const dave = await registerUser(ctx.app);
      const answers = await Promise.all(
        ['Airtel', 'Moov', 'Espèces', 'Airtel 2'].map((name, i) =>
          add(dave, i === 2 ? { method_type: 'cash', display_name: name, details: {} } : { method_type: i === 1 ? 'moov_money' : 'airtel_money', display_name: name, details: { phone_number: `+241 07 12 34 5${i}` } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
      const methods = await listOf(dave);
      expect(methods).toHaveLength(4);
      expect(methods.filter((m) => m.is_default)).toHaveLength(1);
      expect(answers.filter((a) => (a.json() as PaymentMethod).is_default)).toHaveLength(1);
    }
  });

  it('choosing and deleting concurrently keeps exactly one default', async () => {
    const erin = await registerUser(ctx.app);
    const ids: string[] = [];
    for (const name of ['Un', 'Deux', 'Trois']) ids.push(((await add(erin, { method_type: 'cash', display_name: name, details: {} })).json() as PaymentMethod).id);
    const answers = await Promise.all([
      ctx.app.inject({ method: 'PUT', url: `/api/user/payment-methods/${ids[1]}/default`, headers: as(erin) }),
      ctx.app.inject({ method: 'PUT', url: `/api/user/payment-methods/${ids[2]}/default`, headers: as(erin) }),
      ctx.app.inject({ method: 'DELETE', url: `/api/user/payment-methods/${ids[0]}`, headers: as(erin) }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 204]);
    const left = await listOf(erin);
    expect(left).toHaveLength(2);
    expect(left.filter((m) => m.is_default)).toHaveLength(1);
  });

  it("hides another user's methods: listing, deleting or choosing them answers 404", async () => {
    const mine = (await add(alice, { method_type: 'cash', display_name: 'Cash', details: {} })).json() as PaymentMethod;
    expect((await listOf(bob)).map((m) => m.id)).not.toContain(mine.id);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/user/payment-methods/${mine.id}`, headers: as(bob) });
    expect(del.statusCode).toBe(404);
    expect(detailOf(del)).toBe('Mode de paiement introuvable');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/user/payment-methods/${mine.id}/default`, headers: as(bob) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/user/payment-methods/nope', headers: as(bob) })).statusCode).toBe(404);
    expect((await listOf(alice)).map((m) => m.id)).toContain(mine.id);
  });

  it('is for consumers only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/payment-methods' })).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/payment-methods', headers: as(agent) })).statusCode).toBe(403);
  });
});
