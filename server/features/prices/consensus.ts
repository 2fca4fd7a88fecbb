// THE PRICE SHOWN FOR A PRODUCT IN A STORE. Pure functions, no I/O; the rule is written out in the
// README ("Prix : observations, consensus, réputation") and its invariants are property-tested in
// consensus.property.unit.test.ts.
//
// 1. Voices. Every accepted observation belongs to a voice: its contributor's person (a verified
//    phone: every account on one phone is one voice), or the seed's. Only each voice's LATEST
//    observation counts, so one person is one voice whatever they send. A moderator's approval
//    starts a new epoch: observations older than the latest approved one no longer count.
// 2. Probation. A new person's voice (probation: not yet corroborated by established people) never
//    weighs and never stands as the incumbent: any number of new voices move nothing. It may only
//    confirm an established voice (rule 3): that is how a newcomer's report and an established
//    contributor's independent one make a real change.
// 3. Confirmation. Two prices agree when the higher is at most 10 % above the lower. An established
//    voice is confirmed when another voice agrees with it, or when a moderator approved it.
// 4. The shown price is the weighted median of the confirmed established voices. A voice weighs its
//    contributor's trust (reputation; halved without a position) and halves every 14 days of age;
//    no voice may outweigh all the others together. When none is confirmed, the incumbent stands:
//    the established voice that has been there longest (usually the one that was shown first).
import { TRUST } from '#contract/prices';

/** One observation that may count: accepted, from an account that is not suspended. */
export type CountedObservation = {
  observationId: string;
  /** The voice it speaks for ('seed' for the initial prices). */
  voice: string;
  price: number;
  observedAt: Date;
  /** The contributor's trust weight (see trustWeight). */
  trust: number;
  /** Approved by a moderator. */
  verified: boolean;
  /** Recorded while its person was on probation (a moderator's approval overrides it). */
  probation?: boolean;
};

/** A voice: its latest observation, and when it first spoke in the current epoch. */
export type Voice = CountedObservation & { firstSeenAt: Date };

export type Consensus = {
  price: number;
  /** The observation whose price is shown. */
  observationId: string;
  /** The latest observation among the voices that agree with the shown price. */
  observedAt: Date;
  /** How many voices agree with the shown price (it included). */
  contributorCount: number;
  /** A moderator approved one of the agreeing observations. */
  verified: boolean;
  /** Whether the shown price is confirmed (two voices agree, or a moderator approved it). */
  confirmed: boolean;
};

const DAY_MS = 86_400_000;

/** Whether two prices agree: the higher at most TRUST.agreementRatio times the lower. */
export function pricesAgree(a: number, b: number): boolean {
  return Math.max(a, b) <= Math.min(a, b) * TRUST.agreementRatio;
}

/** A contributor's weight from their reputation: 1 for a newcomer, up to 3, down to ¼. */
export function trustWeight(reputation: number, located: boolean): number {
  const base = Math.min(TRUST.maxTrust, Math.max(TRUST.minTrust, 1 + reputation / TRUST.reputationPerTrustStep));
  return located ? base : base * TRUST.unlocatedFactor;
}

const newestFirst = (a: CountedObservation, b: CountedObservation) =>
  b.observedAt.getTime() - a.observedAt.getTime() || (a.observationId < b.observationId ? 1 : -1);

const isEstablished = (v: CountedObservation) => !v.probation || v.verified;

/**
 * The voices of a product in a store from its counted observations: observations before the latest
 * moderator-approved one are dropped, then each voice keeps its latest observation; the most recent
 * TRUST.maxVoices established voices are kept, and as many probation voices beside them (a flood of
 * new voices never pushes an established one out). (current-price.ts's SQL reads the same thing.)
 */
export function voicesOf(observations: CountedObservation[]): Voice[] {
  const epoch = Math.max(-Infinity, ...observations.filter((o) => o.verified).map((o) => o.observedAt.getTime()));
  const byVoice = new Map<string, Voice>();
  for (const o of [...observations].sort(newestFirst)) {
    if (o.observedAt.getTime() < epoch) continue;
    const known = byVoice.get(o.voice);
    if (!known) byVoice.set(o.voice, { ...o, firstSeenAt: o.observedAt });
    else known.firstSeenAt = o.observedAt;
  }
  const voices = [...byVoice.values()].sort(newestFirst);
  return [...voices.filter(isEstablished).slice(0, TRUST.maxVoices), ...voices.filter((v) => !isEstablished(v)).slice(0, TRUST.maxVoices)].sort(newestFirst);
}

/** Weights relative to the newest voice (the rule only compares weights, so the clock cancels out). */
function weightsOf(voices: Voice[]): number[] {
  const newest = Math.max(...voices.map((v) => v.observedAt.getTime()));
  const weights = voices.map((v) => v.trust * 0.5 ** ((newest - v.observedAt.getTime()) / (TRUST.halfLifeDays * DAY_MS)));
  if (voices.length < 2) return weights;
  // No voice outweighs all the others together (strictly): the median then always has other voices
  // on both sides of it, so one voice alone cannot drag it outside the range of the others.
  const heaviest = weights.indexOf(Math.max(...weights));
  const others = weights.reduce((sum, w, i) => (i === heaviest ? sum : sum + w), 0);
  weights[heaviest] = Math.min(weights[heaviest], others * TRUST.heaviestVoiceCap);
  return weights;
}

/** The lower weighted median: the cheapest voice at which half the weight is reached. */
function weightedMedian(voices: Voice[], weights: number[]): Voice {
  const order = voices.map((_, i) => i).sort((a, b) => voices[a].price - voices[b].price || (voices[a].observationId < voices[b].observationId ? -1 : 1));
  const half = weights.reduce((s, w) => s + w, 0) / 2;
  let cumulative = 0;
  for (const i of order) {
    cumulative += weights[i];
    if (cumulative >= half) return voices[i];
  }
  return voices[order[order.length - 1]];
}

/** The incumbent: the voice that has spoken longest in this epoch. */
function incumbentOf(voices: Voice[]): Voice {
  return [...voices].sort((a, b) => a.firstSeenAt.getTime() - b.firstSeenAt.getTime() || (a.observationId < b.observationId ? -1 : 1))[0];
}

export function consensusOf(voices: Voice[]): Consensus | null {
  const established = voices.filter(isEstablished);
  if (established.length === 0) return null;
  const confirmed = established.filter((v) => v.verified || voices.some((u) => u.voice !== v.voice && pricesAgree(u.price, v.price)));
  const shown = confirmed.length > 0 ? weightedMedian(confirmed, weightsOf(confirmed)) : incumbentOf(established);
  // Freshness and the contributor count are the established voices' too: new ones cannot make a price look fresher.
  const agreeing = established.filter((v) => pricesAgree(v.price, shown.price));
  return {
    price: shown.price,
    observationId: shown.observationId,
    observedAt: new Date(Math.max(...agreeing.map((v) => v.observedAt.getTime()))),
    contributorCount: agreeing.length,
    verified: agreeing.some((v) => v.verified),
    confirmed: confirmed.length > 0,
  };
}

/**
 * « Prix en rayon différent » (issue 29): the median of shoppers' recent prices differs from the
 * store's announced price by more than `ratio` of it. No shopper price, no disagreement.
 */
export function shelfDiffers(announced: number, shopperPrices: readonly number[], ratio: number): boolean {
  if (shopperPrices.length === 0 || announced <= 0) return false;
  const sorted = [...shopperPrices].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return Math.abs(median - announced) > announced * ratio;
}
