// Invariants of the price consensus over random observation streams (fast-check). "Honest" voices
// are other contributors (and moderators' approvals); the attacker is one account, or one burst of
// accounts registered from one address, which the consensus sees as one voice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRUST } from '#contract/prices';
import { type CountedObservation, consensusOf, pricesAgree, trustWeight, voicesOf } from './consensus';

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const DAY = 86_400_000;
let ids = 0;
const nextId = (prefix: string) => `${prefix}-${String(++ids).padStart(8, '0')}`;

/** A price in XAF, from a few francs to the 10 million the API accepts. */
const anyPrice = fc.integer({ min: 1, max: 10_000_000 });
const anyReputation = fc.integer({ min: -30, max: 200 });

type HonestVoice = { voice: string; observations: CountedObservation[] };

/** Honest contributors: each speaks one to three times, at minute granularity over 200 days. */
function honestVoices(price: fc.Arbitrary<number>, { verified = true, max = 12 } = {}) {
  return fc
    .array(
      fc.record({
        prices: fc.array(price, { minLength: 1, maxLength: 3 }),
        minutes: fc.array(fc.integer({ min: 0, max: 200 * 24 * 60 }), { minLength: 3, maxLength: 3 }),
        reputation: anyReputation,
        located: fc.boolean(),
        verified: verified ? fc.boolean() : fc.constant(false),
      }),
      { minLength: 1, maxLength: max },
    )
    .map((voices): HonestVoice[] =>
      voices.map((v, index) => {
        const voice = `honest-${index}`;
        const trust = trustWeight(v.reputation, v.located);
        return {
          voice,
          observations: v.prices.map((price, k) => ({
            observationId: nextId('h'),
            voice,
            price,
            observedAt: new Date(T0 + v.minutes[k] * MINUTE),
            trust,
            // A moderator approves one observation now and then.
            verified: v.verified && k === 0,
          })),
        };
      }),
    );
}

/**
 * One account: any number of contributions, any reputation, with or without a position, and any
 * prices — half of them close to `near` (where agreeing with someone is likely), when given.
 */
const attackerNear = (near?: number) => {
  const price = near ? fc.oneof(anyPrice, fc.double({ min: 0.7, max: 1.4, noNaN: true }).map((f) => Math.max(1, Math.round(near * f)))) : anyPrice;
  return fc
    .record({
      prices: fc.array(price, { minLength: 1, maxLength: 15 }),
      minutes: fc.array(fc.integer({ min: 0, max: 260 * 24 * 60 }), { minLength: 15, maxLength: 15 }),
      reputation: anyReputation,
      located: fc.boolean(),
    })
    .map((a) =>
      a.prices.map(
        (price, k): CountedObservation => ({
          observationId: nextId('a'),
          voice: 'attacker',
          price,
          // Half a minute off the honest grid: no two observations share an instant.
          observedAt: new Date(T0 + a.minutes[k] * MINUTE + 30_000),
          trust: trustWeight(a.reputation, a.located),
          verified: false,
        }),
      ),
    );
};
const attacker = attackerNear();

const allOf = (voices: HonestVoice[]) => voices.flatMap((v) => v.observations);
const shown = (observations: CountedObservation[]) => consensusOf(voicesOf(observations));
const earliest = (observations: CountedObservation[]) => Math.min(...observations.map((o) => o.observedAt.getTime()));

/** The attacker came after a price was already shown (otherwise there was no price to move). */
const cameAfter = (honest: CountedObservation[], attack: CountedObservation[]) => earliest(attack) > earliest(honest);

const RUNS = { numRuns: 2000 };

describe('price consensus: one account', () => {
  it('never shows a price that no other contributor reported within 10 %', () => {
    fc.assert(
      fc.property(honestVoices(anyPrice), attacker, (honest, attack) => {
        fc.pre(cameAfter(allOf(honest), attack));
        const observations = [...allOf(honest), ...attack];
        const result = shown(observations)!;
        const honestLatest = voicesOf(observations).filter((v) => v.voice !== 'attacker');
        expect(honestLatest.some((v) => pricesAgree(v.price, result.price))).toBe(true);
      }),
      RUNS,
    );
  });

  it('changes nothing at all when no other contributor agrees with its latest price', () => {
    fc.assert(
      fc.property(honestVoices(anyPrice), attacker, (honest, attack) => {
        fc.pre(cameAfter(allOf(honest), attack));
        const voices = voicesOf([...allOf(honest), ...attack]);
        const latestAttack = voices.find((v) => v.voice === 'attacker');
        const others = voices.filter((v) => v.voice !== 'attacker');
        fc.pre(!latestAttack || !others.some((v) => pricesAgree(v.price, latestAttack.price)));
        expect(shown([...allOf(honest), ...attack])).toEqual(shown(allOf(honest)));
      }),
      RUNS,
    );
  });

  it('moves a price that other contributors agree on by at most 10 % (the promise is 20 %), whatever it sends', () => {
    const agreeingAndAttacker = fc
      .integer({ min: 50, max: 1_000_000 })
      .chain((base) => fc.tuple(honestVoices(fc.integer({ min: base, max: Math.floor(base * TRUST.agreementRatio) })), attackerNear(base)));
    fc.assert(
      fc.property(agreeingAndAttacker, ([honest, attack]) => {
        fc.pre(cameAfter(allOf(honest), attack));
        const before = shown(allOf(honest))!.price;
        const after = shown([...allOf(honest), ...attack])!.price;
        expect(Math.max(before, after) / Math.min(before, after)).toBeLessThanOrEqual(TRUST.agreementRatio);
      }),
      RUNS,
    );
  });

  // Known gap, found by the property above (CI, seed -593151528): an old honest voice lets the cap on
  // the heaviest voice bring the recent honest one down to its weight, and the attacker, now the
  // heaviest, moves the price by 10.00008 % instead of at most 10 %. Still far inside the 20 %
  // promise; the property above finds such a stream about once in dozens of runs. When the weight
  // rule is fixed (cap every voice until none outweighs the others), this test fails: drop it.
  it.fails('known gap: an old voice next to a recent one lets the attacker move the price by 10.00008 %', () => {
    const at = (iso: string) => new Date(iso);
    const honest: CountedObservation[] = [
      { observationId: 'h-1', voice: 'honest-0', price: 132_670, observedAt: at('2026-01-01T00:00:00Z'), trust: 0.5, verified: false },
      { observationId: 'h-2', voice: 'honest-1', price: 132_669, observedAt: at('2026-01-01T00:00:00Z'), trust: 0.5, verified: false },
      { observationId: 'h-3', voice: 'honest-1', price: 132_669, observedAt: at('2026-07-15T19:17:00Z'), trust: 0.5, verified: false },
    ];
    const attack: CountedObservation = { observationId: 'a-1', voice: 'attacker', price: 120_609, observedAt: at('2026-07-01T12:16:30Z'), trust: 0.5, verified: false };
    const before = shown(honest)!.price;
    const after = shown([...honest, attack])!.price;
    expect(Math.max(before, after) / Math.min(before, after)).toBeLessThanOrEqual(TRUST.agreementRatio);
  });

  it('walking the price step by step, each step within 10 % of the last, gets nowhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: 2, max: 40 }), fc.boolean(), (base, steps, up) => {
        const seed: CountedObservation = { observationId: nextId('s'), voice: 'seed', price: base, observedAt: new Date(T0), trust: 1, verified: false };
        const walk = Array.from({ length: steps }, (_, k): CountedObservation => ({
          observationId: nextId('a'),
          voice: 'attacker',
          price: Math.max(1, Math.round(base * (up ? 1.09 : 1 / 1.09) ** (k + 1))),
          observedAt: new Date(T0 + (k + 1) * DAY),
          trust: trustWeight(200, true),
          verified: false,
        }));
        const result = shown([seed, ...walk])!.price;
        expect(Math.max(result, base) / Math.min(result, base)).toBeLessThanOrEqual(TRUST.agreementRatio);
      }),
      RUNS,
    );
  });
});

describe('price consensus: honest agreement', () => {
  it('shows a new price as soon as the contributors who report it outweigh those of the old one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        // The new price is a real change: more than 10 % away, and within the ×3 that is not held.
        fc.double({ min: 1.11, max: 2.9, noNaN: true }),
        fc.boolean(),
        fc.array(fc.record({ ageDays: fc.integer({ min: 0, max: 120 }), reputation: anyReputation }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 2, max: 4 }),
        (oldPrice, factor, up, oldVoices, newcomers) => {
          const newPrice = Math.round(up ? oldPrice * factor : oldPrice / factor);
          const now = T0 + 200 * DAY;
          const old = oldVoices.map(
            (v, i): CountedObservation => ({
              observationId: nextId('o'),
              voice: `old-${i}`,
              price: oldPrice,
              observedAt: new Date(now - v.ageDays * DAY - MINUTE),
              trust: trustWeight(v.reputation, true),
              verified: false,
            }),
          );
          const fresh = Array.from({ length: newcomers }, (_, i): CountedObservation => ({
            observationId: nextId('n'),
            voice: `new-${i}`,
            price: newPrice,
            observedAt: new Date(now - i * MINUTE),
            trust: trustWeight(0, true),
            verified: false,
          }));
          const weight = (o: CountedObservation) => o.trust * 0.5 ** ((now - o.observedAt.getTime()) / (TRUST.halfLifeDays * DAY));
          const oldWeight = old.reduce((s, o) => s + weight(o), 0);
          const newWeight = fresh.reduce((s, o) => s + weight(o), 0);
          fc.pre(newWeight > oldWeight * 1.01);
          expect(shown([...old, ...fresh])!.price).toBe(newPrice);
        },
      ),
      RUNS,
    );
  });

  it("a moderator's approval shows its price at once, over any number of older voices", () => {
    fc.assert(
      fc.property(honestVoices(anyPrice, { verified: false }), anyPrice, (honest, approvedPrice) => {
        const latest = Math.max(...allOf(honest).map((o) => o.observedAt.getTime()));
        const approved: CountedObservation = {
          observationId: nextId('m'),
          voice: 'reported-by-someone',
          price: approvedPrice,
          observedAt: new Date(latest + MINUTE),
          trust: 1,
          verified: true,
        };
        expect(shown([...allOf(honest), approved])).toMatchObject({ price: approvedPrice, verified: true, confirmed: true });
      }),
      RUNS,
    );
  });
});

/**
 * New people on probation: a crowd of fresh verified accounts (each its own voice), at any prices,
 * at any times after the established history began, all agreeing with each other or not.
 */
function probationCrowd(price: fc.Arbitrary<number>, max = 25) {
  return fc
    .array(fc.record({ price, minute: fc.integer({ min: 1, max: 260 * 24 * 60 }), reputation: anyReputation, located: fc.boolean() }), { minLength: 1, maxLength: max })
    .map((crowd) =>
      crowd.map(
        (n, index): CountedObservation => ({
          observationId: nextId('p'),
          voice: `newcomer-${index}`,
          price: n.price,
          observedAt: new Date(T0 + n.minute * MINUTE + 15_000),
          trust: trustWeight(n.reputation, n.located),
          verified: false,
          probation: true,
        }),
      ),
    );
}

describe('price consensus: new people on probation', () => {
  it('never show a price of their own: the shown price is always an established voice’s', () => {
    fc.assert(
      fc.property(honestVoices(anyPrice), probationCrowd(anyPrice), (honest, crowd) => {
        const result = shown([...allOf(honest), ...crowd])!;
        expect(result.observationId.startsWith('h-')).toBe(true);
      }),
      RUNS,
    );
  });

  it('any number agreeing among themselves at a price no established voice reported within 10 % move nothing', () => {
    const crowdAwayFromHonest = fc
      .integer({ min: 100, max: 1_000_000 })
      .chain((base) =>
        fc.tuple(
          honestVoices(fc.integer({ min: base, max: Math.floor(base * TRUST.agreementRatio) })),
          // 0.34 × the honest prices, the attack of finding 5, give or take a few per cent.
          probationCrowd(fc.double({ min: 0.3, max: 0.38, noNaN: true }).map((f) => Math.max(1, Math.round(base * f))), 40),
        ),
      );
    fc.assert(
      fc.property(crowdAwayFromHonest, ([honest, crowd]) => {
        expect(shown([...allOf(honest), ...crowd])).toEqual(shown(allOf(honest)));
      }),
      RUNS,
    );
  });

  it('can only confirm what an established voice reported: the shown price agrees with an established voice and a newcomer', () => {
    fc.assert(
      fc.property(honestVoices(anyPrice, { verified: false }), probationCrowd(anyPrice), (honest, crowd) => {
        const observations = [...allOf(honest), ...crowd];
        const before = shown(allOf(honest))!;
        const after = shown(observations)!;
        if (after.price === before.price) return;
        const voices = voicesOf(observations);
        // A change needs an established voice at the new price confirmed by someone within 10 %.
        const source = voices.find((v) => v.observationId === after.observationId)!;
        expect(source.probation).not.toBe(true);
        expect(voices.some((v) => v.voice !== source.voice && pricesAgree(v.price, source.price))).toBe(true);
      }),
      RUNS,
    );
  });

  it('a moderator’s approval of a newcomer’s observation makes it count like an established one', () => {
    fc.assert(
      fc.property(honestVoices(anyPrice, { verified: false }), probationCrowd(anyPrice, 1), (honest, [newcomer]) => {
        fc.pre(newcomer.observedAt.getTime() > Math.max(...allOf(honest).map((o) => o.observedAt.getTime())));
        const approved = { ...newcomer, verified: true };
        expect(shown([...allOf(honest), approved])!.price).toBe(newcomer.price);
      }),
      RUNS,
    );
  });
});
