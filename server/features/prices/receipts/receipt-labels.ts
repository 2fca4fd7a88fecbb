// Receipt labels learned per chain (issue 29, item 1). A submitted line says "at this chain, this
// printed label is this product": each voice (a verified phone, features/auth/people.ts) says it once
// per label. The mapping is used for everyone's next receipt of that chain only when two established
// voices agree on it, or a moderator approved it; a rejected mapping never counts. So one account,
// or a burst of fresh ones (on probation), cannot teach the app a wrong product.
import { sql } from 'drizzle-orm';
import type { MatchCandidate } from '#contract/imports';
import { foldName } from '#contract/lists';
import type { DbOrTx } from '../../../db/client';
import { receiptLabelVotes } from '../../../db/schema';
import { queryRows } from '../../../platform/sql-rows';

/** Established voices that must agree before a label is learned without a moderator. */
export const VOICES_TO_LEARN = 2;

/** A printed label as it is compared: folded, punctuation gone ("HUILE PALME CUISIN'OR 90CL" → "huile palme cuisin or 90cl"). */
export const labelKeyOf = (label: string): string => foldName(label).replace(/[^a-z0-9]+/g, ' ').trim();

/** The chain a store belongs to, as labels are learned: its chain, or its own name for a lone store. */
export const chainKeyOf = (store: { chain: string | null; name: string }): string => labelKeyOf(store.chain ?? store.name);

/** A learned product, as a matcher candidate (score 1: a voice-confirmed label is sure). */
export type LearnedProduct = MatchCandidate;

/** The votes of `receipt_label_votes v` with their product `p` and the voter's person `pe`. */
export const VOTES_WITH_PRODUCTS = sql`from receipt_label_votes v join products p on p.id = v.product_id left join people pe on pe.id = v.voice_id`;
/** Tallied per (chain, label, product): the established voices that said so, and a moderator's decision. */
export const VOTE_TALLY = sql`count(distinct v.voice_id) filter (where v.moderation is null and pe.trusted_at is not null)::int as voices,
  coalesce(bool_or(v.moderation = 'approved'), false) as approved,
  coalesce(bool_or(v.moderation = 'rejected'), false) as rejected`;

type VoteRow = { label: string; product_id: string; name: string; brand: string | null; category: string; unit: string | null; voices: number; approved: boolean; rejected: boolean };

/**
 * The products learned for these labels at this chain (label key → product): the approved one, else
 * the one at least VOICES_TO_LEARN established voices agree on (and more than on any other).
 */
export async function learnedProducts(db: DbOrTx, chainKey: string, labelKeys: readonly string[]): Promise<Map<string, LearnedProduct>> {
  const learned = new Map<string, LearnedProduct>();
  const keys = [...new Set(labelKeys.filter(Boolean))];
  if (!chainKey || keys.length === 0) return learned;
  const rows = await queryRows<VoteRow>(
    db,
    sql`select v.label, v.product_id, p.name, p.brand, p.category, p.unit, ${VOTE_TALLY}
        ${VOTES_WITH_PRODUCTS}
        where p.listing = 'listed' and v.chain_key = ${chainKey} and v.label = any(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[])
        group by v.label, v.product_id, p.name, p.brand, p.category, p.unit`,
  );
  const byLabel = new Map<string, VoteRow[]>();
  for (const row of rows) byLabel.set(row.label, [...(byLabel.get(row.label) ?? []), row]);
  for (const [label, options] of byLabel) {
    const standing = options.filter((o) => !o.rejected);
    const approved = standing.find((o) => o.approved);
    const agreed = standing.filter((o) => o.voices >= VOICES_TO_LEARN).sort((a, b) => b.voices - a.voices);
    const winner = approved ?? (agreed.length > 0 && (agreed.length === 1 || agreed[0].voices > agreed[1].voices) ? agreed[0] : undefined);
    if (winner) learned.set(label, { product_id: winner.product_id, name: winner.name, brand: winner.brand, category: winner.category, unit: winner.unit, score: 1 });
  }
  return learned;
}

/** Inside the submit's transaction: this voice says these labels of the chain are these products (a later receipt may correct its own word). */
export async function voteForLabels(tx: DbOrTx, chainKey: string, votes: readonly { labelKey: string; productId: string }[], voice: { voiceId: string; userId: string }, now: Date): Promise<void> {
  const rows = new Map(votes.filter((v) => v.labelKey).map((v) => [v.labelKey, v.productId]));
  if (!chainKey || rows.size === 0) return;
  await tx
    .insert(receiptLabelVotes)
    .values([...rows].map(([label, productId]) => ({ chainKey, label, productId, voiceId: voice.voiceId, userId: voice.userId, createdAt: now })))
    .onConflictDoUpdate({
      target: [receiptLabelVotes.chainKey, receiptLabelVotes.label, receiptLabelVotes.voiceId],
      set: { productId: sql`excluded.product_id`, userId: sql`excluded.user_id`, createdAt: sql`excluded.created_at` },
      // A moderator's decision is not overwritten by a receipt.
      setWhere: sql`${receiptLabelVotes.moderation} is null`,
    });
}
