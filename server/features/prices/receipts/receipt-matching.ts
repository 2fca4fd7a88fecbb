// The second step of a till receipt (issue 29, item 1), after receipt-text.ts has read it: which
// store printed it and which catalogue product each line is. The store comes from the header's
// hints (chain, format, district, city, phone) and the shopper's position; each line's printed label
// ("RIZ PARF ELEPHANT 5KG") goes through the list import's catalogue matcher (imports/catalogue-matcher.ts:
// abbreviations, OCR slips, sizes). A line's confidence is the lower of what was read (the
// arithmetic) and what was matched: a price is only 'high' when both are sure.
import { sql } from 'drizzle-orm';
import type { MatchCandidate, MatchConfidence } from '#contract/imports';
import { foldName } from '#contract/lists';
import type { DbOrTx } from '../../../db/client';
import { haversineKm } from '../../../platform/geo';
import { queryRows } from '../../../platform/sql-rows';
import { matchLines } from '../../imports/catalogue-matcher';
import { splitSize } from '../../imports/line-parser';
import { chainKeyOf, labelKeyOf, learnedProducts } from './receipt-labels';
import type { ReadReceipt, ReadReceiptLine, ReceiptConfidence } from './receipt-text';
import type { StoreHints } from './receipt-store';

export type Position = { latitude: number; longitude: number };

export type ReceiptStore = { store_id: string | null; name: string | null; candidates: { store_id: string; name: string }[] };
/** The store found, with the chain its labels are learned for (receipt-labels.ts chainKeyOf). */
export type FoundReceiptStore = ReceiptStore & { chain_key: string | null };

export type MatchedReceiptLine = ReadReceiptLine & { product_id: string | null; product_name: string | null; candidates: MatchCandidate[] };

/** A store of the chain within this distance of the shopper is taken for the one that printed the ticket. */
export const SAME_PLACE_KM = 1;
const CANDIDATES_MAX = 5;

type StoreRow = { id: string; name: string; chain: string | null; district: string | null; city: string | null; phone: string | null; latitude: number; longitude: number };

const fold = (text: string | null) => foldName(text ?? '');

/** How well a store answers the header: chain, format, district or city, phone. */
function storeScore(store: StoreRow, hints: StoreHints): number {
  let score = 0;
  if (store.chain && hints.seed_chains.includes(store.chain)) score += 4;
  else if (hints.chain && fold(store.name).includes(fold(hints.chain))) score += 3;
  if (hints.store_name && fold(store.name).includes(fold(hints.store_name))) score += 2;
  if (hints.district && fold(`${store.district} ${store.name}`).includes(fold(hints.district))) score += 2;
  if (hints.city && fold(store.city) === fold(hints.city)) score += 1;
  if (hints.phone && store.phone && store.phone.replace(/\D/g, '').endsWith(hints.phone.replace(/\D/g, '').slice(-8))) score += 5;
  return score;
}

/**
 * The store that printed the ticket, when the header and the position name one store only, and the
 * likely ones (best first) for the review screen to offer.
 */
export async function findReceiptStore(db: DbOrTx, hints: StoreHints, position: Position | null): Promise<FoundReceiptStore> {
  const rows = await queryRows<StoreRow>(db, sql`select id, name, chain, district, city, phone, latitude, longitude from stores where listing = 'listed'`);
  const scored = rows
    .map((row) => ({ row, score: storeScore(row, hints), km: position ? haversineKm(position, row) : null }))
    .filter((s) => s.score >= 3 || (s.km !== null && s.km <= SAME_PLACE_KM));
  scored.sort((a, b) => b.score - a.score || (a.km ?? Infinity) - (b.km ?? Infinity) || a.row.name.localeCompare(b.row.name, 'fr'));
  const candidates = scored.slice(0, CANDIDATES_MAX).map((s) => ({ store_id: s.row.id, name: s.row.name }));
  const ofChain = scored.filter((s) => s.score >= 3);
  // One store of the chain where the shopper stands, or one store that answers the header better than any other.
  const near = ofChain.filter((s) => s.km !== null && s.km <= SAME_PLACE_KM);
  const sure = near.length === 1 ? near[0] : ofChain.length > 0 && (ofChain.length === 1 || ofChain[0].score > ofChain[1].score) ? ofChain[0] : null;
  return { store_id: sure?.row.id ?? null, name: sure?.row.name ?? null, candidates, chain_key: sure ? chainKeyOf(sure.row) : null };
}

const RANK: Record<ReceiptConfidence, number> = { low: 0, medium: 1, high: 2 };
const MATCHED: Record<MatchConfidence, ReceiptConfidence> = { high: 'high', medium: 'medium', low: 'low' };

/** The lower of two confidences. */
const lower = (a: ReceiptConfidence, b: ReceiptConfidence): ReceiptConfidence => (RANK[a] <= RANK[b] ? a : b);

/**
 * Each line with its catalogue product (or none, with the candidates to offer) and its confidence in
 * both. At a known chain, a label learned from earlier receipts (receipt-labels.ts) names the product.
 */
export async function matchReceiptLines(db: DbOrTx, receipt: Pick<ReadReceipt, 'lines'>, chainKey: string | null = null): Promise<MatchedReceiptLine[]> {
  const parsed = receipt.lines.map((line) => {
    const { rest } = splitSize(line.label);
    return { name: rest || line.label, quantity: 1, unit: null, size: line.size, brand: null, category: null, notes: null, original_text: line.label, source: 'text_import' as const };
  });
  const [matches, learned] = await Promise.all([matchLines(db, parsed), chainKey ? learnedProducts(db, chainKey, receipt.lines.map((l) => labelKeyOf(l.label))) : new Map()]);
  return receipt.lines.map((line, i) => {
    const known = learned.get(labelKeyOf(line.label));
    if (known) {
      const candidates = [known, ...matches[i].candidates.filter((c) => c.product_id !== known.product_id)].slice(0, CANDIDATES_MAX);
      return { ...line, product_id: known.product_id, product_name: known.name, candidates, confidence: line.confidence };
    }
    const match = matches[i];
    const matched = match.product ? MATCHED[match.confidence] : null;
    return {
      ...line,
      product_id: match.product?.id ?? null,
      product_name: match.product?.name ?? null,
      candidates: match.candidates,
      confidence: matched ? lower(line.confidence, matched) : 'low',
    };
  });
}
