// Scores a read receipt against its ticket: store (chain), date, total, and per line whether the
// printed label was read (close enough for the matcher: ≥ 0.75 similarity) with the exact quantity,
// unit price and line total; price precision counts every priced line read, paired or not.
import { foldName } from '#contract/lists';
import type { ReadReceipt } from '../../server/features/prices/receipts/receipt-text';
import type { Ticket } from './tickets';
import { levenshtein } from '../import/score';

export type ReceiptCounts = {
  documents: number;
  store: number;
  date: number;
  total: number;
  matchesTotal: number;
  looksLikeReceipt: number;
  truthLines: number;
  recalled: number;
  priced: number;
  pricedRight: number;
  high: number;
  highRight: number;
};
export type LineFailure = { expected: string; got: string };

export const emptyReceiptCounts = (): ReceiptCounts => ({ documents: 0, store: 0, date: 0, total: 0, matchesTotal: 0, looksLikeReceipt: 0, truthLines: 0, recalled: 0, priced: 0, pricedRight: 0, high: 0, highRight: 0 });

export function addReceiptCounts(a: ReceiptCounts, b: ReceiptCounts): ReceiptCounts {
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof ReceiptCounts)[]) out[key] += b[key];
  return out;
}

const fold = (text: string) => foldName(text).replace(/[^a-z0-9]+/g, '');


export function labelSimilarity(a: string, b: string): number {
  const x = fold(a);
  const y = fold(b);
  if (!x || !y) return 0;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length);
}

const RECALL_SIMILARITY = 0.75;
const PAIR_SIMILARITY = 0.5;

export function scoreReceipt(ticket: Ticket, read: ReadReceipt | null, looks: boolean): { counts: ReceiptCounts; failures: LineFailure[] } {
  const counts = emptyReceiptCounts();
  counts.documents = 1;
  counts.truthLines = ticket.lines.length;
  const failures: LineFailure[] = [];
  if (!read) {
    for (const line of ticket.lines) failures.push({ expected: describe(line.label, line.quantity, line.unit_price_xaf, line.line_total_xaf), got: '(document illisible)' });
    return { counts, failures };
  }
  counts.store = Number(read.store.chain === ticket.chain);
  counts.date = Number(read.purchased_at === ticket.purchased_at);
  counts.total = Number(read.total_xaf === ticket.total_xaf);
  counts.matchesTotal = Number(read.checks.matches_total);
  counts.looksLikeReceipt = Number(looks);

  // Greedy pairing of truth and read lines by label similarity.
  const pairs: { t: number; r: number; similarity: number }[] = [];
  ticket.lines.forEach((truth, t) => read.lines.forEach((line, r) => pairs.push({ t, r, similarity: labelSimilarity(truth.label, line.label) })));
  pairs.sort((a, b) => b.similarity - a.similarity);
  const truthPaired = new Map<number, number>();
  const readPaired = new Map<number, { t: number; similarity: number }>();
  for (const pair of pairs) {
    if (pair.similarity < PAIR_SIMILARITY) break;
    if (truthPaired.has(pair.t) || readPaired.has(pair.r)) continue;
    truthPaired.set(pair.t, pair.r);
    readPaired.set(pair.r, { t: pair.t, similarity: pair.similarity });
  }
  const priceRight = (t: number, r: number) => {
    const truth = ticket.lines[t];
    const line = read.lines[r];
    return line.unit_price_xaf === truth.unit_price_xaf && line.line_total_xaf === truth.line_total_xaf && Math.abs(line.quantity - truth.quantity) < 1e-6;
  };
  ticket.lines.forEach((truth, t) => {
    const r = truthPaired.get(t);
    const ok = r !== undefined && readPaired.get(r)!.similarity >= RECALL_SIMILARITY && priceRight(t, r);
    if (ok) counts.recalled++;
    else {
      const line = r === undefined ? null : read.lines[r];
      failures.push({ expected: describe(truth.label, truth.quantity, truth.unit_price_xaf, truth.line_total_xaf), got: line ? `${describe(line.label, line.quantity, line.unit_price_xaf, line.line_total_xaf)} [${line.confidence}]` : '(rien)' });
    }
  });
  read.lines.forEach((line, r) => {
    if (line.unit_price_xaf === null) return;
    const paired = readPaired.get(r);
    const right = paired !== undefined && priceRight(paired.t, r);
    counts.priced++;
    counts.pricedRight += Number(right);
    if (line.confidence === 'high') {
      counts.high++;
      counts.highRight += Number(right);
    }
    if (!paired) failures.push({ expected: '(aucune ligne)', got: `${describe(line.label, line.quantity, line.unit_price_xaf, line.line_total_xaf)} [${line.confidence}]` });
  });
  return { counts, failures };
}

const describe = (label: string, quantity: number, unit: number | null, total: number | null) => `${label} — ${quantity} × ${unit ?? '?'} = ${total ?? '?'}`;
