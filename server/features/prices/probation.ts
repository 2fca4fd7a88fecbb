// PROBATION OF NEW PEOPLE. A verified phone makes a person, and phones are cheap: a burst of fresh
// people must not bend what others see. A new person's observations are recorded with
// `probation` (consensus.ts: they never weigh, they may only confirm an established voice) until
// the person has earned trust the way a stranger earns it in a market: others, already trusted,
// saw the same prices after them. Precisely: TRUST.probationCorroborations of their observations
// corroborated — a LATER agreeing observation of the same product in the same store by an
// established person, within TRUST.corroborationWindowDays, or a moderator's approval — by at least
// TRUST.probationCorroborators different people (moderators count as one), in at least
// TRUST.probationStores stores. Copying the shown prices earns nothing (corroboration must come
// after), and new people corroborate nobody.
//
// Becoming trusted is one update of people.trusted_at in the transaction that earned it; the
// person's earlier observations then count through the job 'person-trusted', one product and store
// at a time under that pair's lock, as any change to an observation does.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TRUST } from '#contract/prices';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { people, priceObservations } from '../../db/schema';
import { insertJob } from '../../platform/jobs/job-store';
import { catalogueChanged } from '../products/catalogue-cache';
import { publishPendingOf } from '../products/catalogue-listing';
import { lockProductStore, refreshCurrentPrice } from './current-price';

export const PERSON_TRUSTED_JOB = 'person-trusted';
/** The corroborator recorded for a moderator's approval. */
const MODERATOR_CORROBORATION = 'moderator';
const DAY_MS = 86_400_000;

/**
 * An established person's new observation corroborates the earlier agreeing observations of other
 * voices for this product and store; those of people still on probation may earn them trust.
 */
export async function corroborateEarlier(
  tx: Tx,
  input: { productId: string; storeId: string; voice: string; price: number; observationId: string; now: Date },
): Promise<void> {
  const since = new Date(input.now.getTime() - TRUST.corroborationWindowDays * DAY_MS);
  const o = priceObservations;
  const rows = await tx
    .update(o)
    .set({ corroboratedBy: input.voice, corroboratedAt: input.now })
    .where(
      and(
        eq(o.productId, input.productId),
        eq(o.storeId, input.storeId),
        eq(o.status, 'accepted'),
        isNull(o.corroboratedBy),
        ne(o.id, input.observationId),
        sql`${o.voiceId} is not null and ${o.voiceId}::text <> ${input.voice}`,
        sql`${o.observedAt} >= ${since} and ${o.observedAt} < ${input.now}`,
        sql`greatest(${o.priceXaf}, ${input.price}::integer) <= least(${o.priceXaf}, ${input.price}::integer) * ${TRUST.agreementRatio}::numeric`,
      ),
    )
    .returning({ voiceId: o.voiceId, probation: o.probation });
  const candidates = [...new Set(rows.filter((r) => r.probation && r.voiceId).map((r) => r.voiceId!))];
  for (const personId of candidates) await trustIfEarned(tx, personId, input.now);
}

/** A moderator approved the observation: a corroboration too, by the moderators. */
export async function corroborateByModerator(tx: Tx, observationId: string, now: Date): Promise<void> {
  const [row] = await tx
    .update(priceObservations)
    .set({ corroboratedBy: MODERATOR_CORROBORATION, corroboratedAt: now })
    .where(eq(priceObservations.id, observationId))
    .returning({ voiceId: priceObservations.voiceId, probation: priceObservations.probation });
  if (row?.probation && row.voiceId) await trustIfEarned(tx, row.voiceId, now);
}

/** Makes the person trusted when their corroborations are enough; answers whether it happened now. */
export async function trustIfEarned(tx: Tx, personId: string, now: Date): Promise<boolean> {
  const o = priceObservations;
  const [earned] = await tx
    .select({
      corroborated: sql<number>`count(*)`.mapWith(Number),
      corroborators: sql<number>`count(distinct ${o.corroboratedBy})`.mapWith(Number),
      stores: sql<number>`count(distinct ${o.storeId})`.mapWith(Number),
    })
    .from(o)
    .where(and(sql`${o.voiceId} = ${personId}`, eq(o.status, 'accepted'), sql`${o.corroboratedBy} is not null`));
  if (earned.corroborated < TRUST.probationCorroborations || earned.corroborators < TRUST.probationCorroborators || earned.stores < TRUST.probationStores) {
    return false;
  }
  const trusted = await tx
    .update(people)
    .set({ trustedAt: now })
    .where(and(eq(people.id, personId), isNull(people.trustedAt)))
    .returning({ id: people.id });
  if (trusted.length === 0) return false;
  await insertJob(tx, { name: PERSON_TRUSTED_JOB, payload: { personId }, runAt: now, maxAttempts: 5 });
  return true;
}

/** The person's observations recorded on probation now count: each product and store is recomputed. */
export async function releaseProbation(deps: AppDeps, personId: string): Promise<number> {
  const pairs = await deps.db
    .selectDistinct({ productId: priceObservations.productId, storeId: priceObservations.storeId })
    .from(priceObservations)
    .where(and(sql`${priceObservations.voiceId} = ${personId}`, eq(priceObservations.probation, true)));
  for (const { productId, storeId } of pairs) {
    await deps.db.transaction(async (tx) => {
      await lockProductStore(tx, productId, storeId);
      await tx
        .update(priceObservations)
        .set({ probation: false })
        .where(and(sql`${priceObservations.voiceId} = ${personId}`, eq(priceObservations.productId, productId), eq(priceObservations.storeId, storeId)));
      await refreshCurrentPrice(tx, productId, storeId, deps.now());
    });
  }
  // What they added to the catalogue while on probation is everyone's now (catalogue-listing.ts).
  const published = await publishPendingOf(deps.db, personId);
  if (pairs.length > 0 || published > 0) await catalogueChanged(deps.db);
  return pairs.length;
}

export function registerProbationJob(app: FastifyInstance, deps: AppDeps): void {
  app.jobs.define(PERSON_TRUSTED_JOB, async (job) => {
    const { personId } = job.payload as { personId: string };
    await releaseProbation(deps, personId);
  });
}

/** Whether the people are on probation (for answers that say « à confirmer »). */
export async function onProbation(db: DbOrTx, personIds: string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const rows = await db.select({ id: people.id }).from(people).where(and(inArray(people.id, personIds), isNull(people.trustedAt)));
  return new Set(rows.map((r) => r.id));
}
