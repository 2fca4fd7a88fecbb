// Matches parsed list lines to catalogue products, with a confidence and the next best candidates.
//
// The catalogue's words (names and brands, folded like mp_fold, plurals reduced) form the
// vocabulary: each word of a line is first read as its nearest catalogue words, forgiving typing
// slips and OCR confusions ("Cuisin0r", "Regab", "Anza", "sardinnes"), with a similarity in the
// manner of pg_trgm's word similarity but weighted for OCR. A product then scores on
//   - line coverage: how much of the line (words weighted by rarity in the catalogue) it explains;
//     a word the catalogue does not know ("coco" in "lait de coco") weighs most, so an article
//     missing from the catalogue stays a manual item instead of landing on "Lait en poudre";
//   - product coverage: how much of the product's own name the line said;
//   - agreement of size and pack: "Djino 1,5L" → the 1,5 L bottle, "3 boîtes" → a boîte, "2 kg
//     riz" → the rice sold by the kilo; with no size or pack written, the basic form wins (the
//     single egg over the tray of 30, the 0,9 L bottle over the 5 L can);
//   - hints: the first word naming the product ("tomate" → "Tomates fraîches" before "Concentré
//     de tomate"), a brand in the notes ("si possible Régab"), a shelf heading or CSV category.
// The catalogue is read once per database and kept until its products change (one cheap
// aggregate query per import checks that).
//
// Confidence, calibrated on the table in catalogue-matcher.test.ts: 'high' when the line is fully
// explained, the product scores high and clearly above the next one (right ≥ 95 % of the time);
// 'medium' when probable; 'low' when weak but still linked; below that the line stays a manual
// item (exists_in_db false) with its candidates offered for the user to pick.
import { sql } from 'drizzle-orm';
import { MATCH_CANDIDATES_MAX, type MatchCandidate, type MatchConfidence } from '#contract/imports';
import { ITEM_QUANTITY_MAX } from '#contract/lists';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../platform/sql-rows';
import type { ParsedLine, Size } from './line-parser';
import { readSize } from './line-parser';
import { applySynonyms, foldText, packOf, stem, undigit, wordKind, wordSimilarity, words } from './match-text';

export type ProductRow = { id: string; name: string; brand: string | null; category: string; unit: string | null };

type IndexedProduct = {
  row: ProductRow;
  /** Every word of the name and brand, packs included. */
  tokens: Set<string>;
  brandTokens: Set<string>;
  /** Words that describe the product, with their weight in product coverage. */
  core: Map<string, number>;
  first: string | null;
  packs: Set<string>;
  /** Size of one item ("bouteille 1,5 L", "pack 6 × 1,5 L" → 1500 mL). */
  amount: Size | null;
  /** Sold by weight or volume ("(au kg)", "(au litre)"). */
  perMeasure: Size['unit'] | null;
  /** Sold by the piece ("(à l'unité)", a single article with no pack or size). */
  perUnit: boolean;
  /** A pack of several articles ("Paquet de 10 bâtons", "pack 6 × 1,5 L", "plateau de 30"). */
  multi: boolean;
  /** Words saying what the product is: its first word, and the next when the first is generic ("Viande de bœuf"). */
  heads: Set<string>;
};

export type CatalogueIndex = {
  products: IndexedProduct[];
  df: Map<string, number>;
  postings: Map<string, number[]>;
  vocabulary: string[];
};

/** Tuned on the calibration table (catalogue-matcher.test.ts); see the header. */
export const THRESHOLDS = {
  /** score and margin, or a margin so wide that no other product comes close (a brand alone: "Cowbell"). */
  high: { coverage: 0.9, score: 0.8, margin: 0.06, soleMargin: 0.2, wordSimilarity: 0.8 },
  medium: { coverage: 0.75, score: 0.65 },
  low: { coverage: 0.65, score: 0.5 },
  /** Candidates offered under this score are noise. */
  candidate: 0.25,
};

/**
 * Words that name a kind of article rather than the article ("viande de porc" is pork): they weigh
 * little on the line and in the product's name.
 */
const GENERIC_WORDS = new Set(['viande', 'produit', 'article']);
/** Words asking for the larger or the smaller size of an article ("grande Régab", "petit Djino"). */
const LARGE_WORDS = new Set(['grand', 'grande', 'gros', 'gro', 'grosse', 'gd', 'gde', 'gm']);
const SMALL_WORDS = new Set(['petit', 'petite', 'pm', 'mini']);

/** The line asks for an article sold by weight ("au kilo"). */
const BY_WEIGHT = 'au kg';
/** Packs holding several articles: not what a line without a pack word means. */
const MULTI_PACKS = new Set(['pack', 'plateau', 'carton']);
const BULK_PACKS = new Set(['plateau', 'carton', 'pack', 'sac', 'régime', 'paquet', 'tas', 'botte', 'filet']);
const CLOSE_PACKS: [string, string][] = [['sac', 'sachet'], ['sachet', 'paquet'], ['bouteille', 'bidon'], ['pack', 'paquet'], ['boîte', 'pot']];

// ---------------------------------------------------------------------------------------------
// Index

export function buildIndex(rows: readonly ProductRow[]): CatalogueIndex {
  const products = rows.map(indexProduct);
  const df = new Map<string, number>();
  const postings = new Map<string, number[]>();
  products.forEach((p, i) => {
    for (const t of p.tokens) {
      df.set(t, (df.get(t) ?? 0) + 1);
      const list = postings.get(t) ?? [];
      list.push(i);
      postings.set(t, list);
    }
  });
  const index: CatalogueIndex = { products, df, postings, vocabulary: [...df.keys()] };
  // Weights of the words describing each product: rarer words say more.
  for (const p of products) for (const [w, factor] of p.core) p.core.set(w, factor * idf(index, w));
  return index;
}

function indexProduct(row: ProductRow): IndexedProduct {
  const brandMain = (row.brand ?? '').replace(/\(.*?\)/g, ' ');
  const brandTokens = new Set(words(brandMain).filter((w) => wordKind(w) !== 'number' || /^33$/.test(w)));
  const maker = words((row.brand ?? '').match(/\((.*?)\)/)?.[1] ?? '');
  const nameWords = words(row.name);
  // Words in parentheses ("(Libreville)", "(consignée)") only qualify the product.
  const aside = new Set(words((row.name.match(/\(.*?\)/g) ?? []).join(' ')));
  const tokens = new Set([...nameWords, ...brandTokens, ...maker]);
  const packs = new Set(nameWords.map(packOf).filter((p): p is string => Boolean(p)));
  const core = new Map<string, number>();
  let first: string | null = null;
  const heads = new Set<string>();
  for (const w of nameWords) {
    const kind = wordKind(w);
    if (kind !== 'content' && kind !== 'modifier') continue;
    // The first word of a French product name says what it is ("Sardines à l'huile" are sardines);
    // a generic first word ("Viande de bœuf") hands that role to the next.
    const isHead = heads.size === 0 || (heads.size === 1 && first !== null && GENERIC_WORDS.has(first) && !core.has(w));
    const factor = GENERIC_WORDS.has(w) ? 0.3 : isHead ? 1.5 : brandTokens.has(w) || aside.has(w) ? 0.3 : 1;
    if (isHead) heads.add(w);
    first ??= w;
    core.set(w, Math.max(core.get(w) ?? 0, factor));
  }
  const folded = foldText(row.name);
  const perMeasure = /\bau (?:kg|kilo)\b/.test(folded) ? 'g' : /\bau litre\b/.test(folded) ? 'mL' : null;
  const sized = readSize(row.name.replace(/\(.*?\)/g, (m) => (/\d\s*(?:kg|g|l|cl|ml)\b/i.test(m) ? m : ' ')));
  const amount = perMeasure ? null : (sized?.size ?? null);
  const perUnit = /\bunite\b/.test(folded) || (!perMeasure && packs.size === 0 && (row.unit === 'pièce' || row.unit === null));
  const multi = new RegExp(`\\b(?:${MULTI_PACK_WORDS}) (?:de )?\\d+\\b(?! ?(?:kg|g|l|cl|ml|litres?)\\b)`).test(folded) || [...packs].some((pk) => MULTI_PACKS.has(pk));
  return { row, tokens, brandTokens, core, first, packs, amount, perMeasure, perUnit, multi, heads };
}
const MULTI_PACK_WORDS = 'pack|paquet|carton|plateau|lot|casier|sachet|boite';

function idf(index: CatalogueIndex, word: string): number {
  const n = Math.max(1, index.products.length);
  const df = index.df.get(word);
  return Math.log(1 + n / (df ?? 1)) * (df === undefined ? UNKNOWN_WEIGHT : 1);
}
/** A word the catalogue does not know weighs like its rarest word, a little more. */
const UNKNOWN_WEIGHT = 1.1;

const cache = new WeakMap<object, { key: string; index: CatalogueIndex }>();

/** The catalogue index, rebuilt only when the products changed. */
export async function loadIndex(db: DbOrTx): Promise<CatalogueIndex> {
  const [state] = await queryRows<{ n: number | string; h: number | string | null; m: string | null }>(
    db,
    sql`select count(*) as n, sum(hashtext(id::text || name || coalesce(brand, '') || category || coalesce(unit, ''))::bigint)::text as h,
               max(updated_at)::text as m
        from products where listing = 'listed'`,
  );
  const key = `${state?.n}:${state?.h}:${state?.m}`;
  const known = cache.get(db);
  if (known && known.key === key) return known.index;
  const rows = await queryRows<ProductRow>(db, sql`select id, name, brand, category, unit from products where listing = 'listed' order by sort_name, id`);
  const index = buildIndex(rows);
  cache.set(db, { key, index });
  return index;
}

// ---------------------------------------------------------------------------------------------
// Reading a line

type LineWord = {
  read: string;
  kind: 'content' | 'modifier' | 'number';
  weight: number;
  /** Catalogue words it may stand for, with similarity. */
  candidates: Map<string, number>;
};

type LineReading = { words: LineWord[]; packs: Set<string>; hints: Set<string>; sizeHint: 'large' | 'small' | null; raw: Set<string> };

function readLine(index: CatalogueIndex, line: ParsedLine, memo: Map<string, Map<string, number>>): LineReading {
  const folded = applySynonyms(foldText(line.name));
  let raw = folded.split(' ').filter(Boolean).map((w) => undigit(w, (v) => index.df.has(v)));
  raw = joinSplitWords(index, raw);
  const packs = new Set<string>();
  // "riz au kilo", "oignons le kg": sold by weight.
  if (/\b(?:au|le|par) (?:kg|kilo)\b/.test(folded)) packs.add(BY_WEIGHT);
  if (line.unit) {
    const pack = packOf(stem(foldText(line.unit)));
    if (pack) packs.add(pack);
  }
  const out: LineWord[] = [];
  for (const r of raw) {
    const w = stem(r);
    const kind = wordKind(w);
    if (kind === 'stop') continue;
    if (kind === 'pack') {
      packs.add(packOf(w) as string);
      continue;
    }
    if (kind === 'number') {
      out.push({ read: w, kind, weight: 0.15 * idf(index, w), candidates: index.df.has(w) ? new Map([[w, 1]]) : new Map() });
      continue;
    }
    if (w.length < 2) continue;
    const candidates = nearestWords(index, w, memo);
    const best = [...candidates.entries()].sort((a, b) => b[1] - a[1])[0];
    const weight = best && best[1] >= 0.8 ? idf(index, best[0]) : idf(index, `\u0000${w}`);
    // A size word ("gros", "petite") chooses among sizes of the article; it names nothing.
    const factor = LARGE_WORDS.has(w) || SMALL_WORDS.has(w) ? 0.15 : kind === 'modifier' ? 0.35 : GENERIC_WORDS.has(w) ? 0.3 : 1;
    out.push({ read: w, kind, weight: weight * factor, candidates });
  }
  const rawWords = new Set(raw.map(stem));
  const sizeHint = [...rawWords].some((w) => LARGE_WORDS.has(w)) ? 'large' : [...rawWords].some((w) => SMALL_WORDS.has(w)) ? 'small' : null;
  // Words of the notes that name a brand ("si possible Régab") or a product word are hints.
  const hints = new Set<string>();
  for (const w of [...words(line.notes ?? ''), ...words(line.brand ?? '')]) {
    for (const [v, s] of nearestWords(index, w, memo)) if (s >= 0.85) hints.add(v);
  }
  return { words: out, packs, hints, sizeHint, raw: rawWords };
}

/** "cuisin or" → "cuisinor", "coca-cola" read as "cocacola" → "coca cola": as the catalogue writes it. */
function joinSplitWords(index: CatalogueIndex, raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const joined = raw[i + 1] !== undefined ? stem(raw[i] + raw[i + 1]) : null;
    if (joined && index.df.has(joined) && !(index.df.has(stem(raw[i])) && index.df.has(stem(raw[i + 1])))) {
      out.push(raw[i] + raw[i + 1]);
      i++;
      continue;
    }
    const w = stem(raw[i]);
    if (!index.df.has(w) && w.length >= 6) {
      const cut = [...Array(w.length - 5).keys()].map((k) => k + 3).find((k) => index.df.has(stem(w.slice(0, k))) && index.df.has(stem(w.slice(k))));
      if (cut) {
        out.push(w.slice(0, cut), w.slice(cut));
        continue;
      }
    }
    out.push(raw[i]);
  }
  return out;
}

const NEAREST_MAX = 3;
const NEAREST_MIN = 0.6;

function nearestWords(index: CatalogueIndex, word: string, memo: Map<string, Map<string, number>>): Map<string, number> {
  const known = memo.get(word);
  if (known) return known;
  const found = new Map<string, number>();
  if (index.df.has(word)) found.set(word, 1);
  // Longer than any article word: OCR noise.
  else if (word.length <= 24) {
    const scored: [string, number][] = [];
    for (const v of index.vocabulary) {
      const s = wordSimilarity(word, v);
      if (s >= NEAREST_MIN) scored.push([v, s]);
    }
    scored.sort((a, b) => b[1] - a[1]);
    for (const [v, s] of scored.slice(0, NEAREST_MAX)) found.set(v, s);
  }
  memo.set(word, found);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Scoring

type Scored = {
  product: IndexedProduct;
  score: number;
  coverage: number;
  productCoverage: number;
  /** Weakest similarity among the line words the product explains. */
  weakest: number;
  sizeAdjustment: number;
  multiplier: number;
  /** Part of the score that is only the default-form guess: it ranks but does not make confidence. */
  guess: number;
};

export type LineMatch = {
  product: ProductRow | null;
  confidence: MatchConfidence;
  /** The count to put on the list: the line's count, times what its size asks of the product's pack. */
  quantity: number;
  /** Best other products, best first, never the linked one. */
  candidates: MatchCandidate[];
  score: number;
};

/** Size of the line against the product: a bonus or penalty, and how many packs the size asks for. */
function sizeFit(size: Size | null, p: IndexedProduct): { adjustment: number; multiplier: number } {
  if (!size) return { adjustment: 0, multiplier: 1 };
  if (p.perMeasure) {
    if (p.perMeasure !== size.unit) return { adjustment: -0.05, multiplier: 1 };
    return { adjustment: 0.05, multiplier: Math.max(1, Math.round(size.value / 1000)) };
  }
  if (!p.amount) return { adjustment: p.perUnit ? -0.02 : 0, multiplier: 1 };
  if (p.amount.unit !== size.unit) return { adjustment: -0.03, multiplier: 1 };
  const ratio = size.value / p.amount.value;
  if (Math.abs(ratio - 1) <= 0.03) return { adjustment: 0.1, multiplier: 1 };
  if (Math.abs(ratio - 1) <= 0.12) return { adjustment: 0.04, multiplier: 1 };
  const whole = Math.round(ratio);
  if (whole >= 2 && Math.abs(ratio - whole) <= 0.05 * ratio) return { adjustment: 0.02, multiplier: whole };
  // A size that matches no pack: the nearer pack (in ratio) is the likelier one ("2 kg riz" → 5 kg, not 25 kg).
  return { adjustment: -0.05 - 0.02 * Math.min(3, Math.abs(Math.log2(ratio))), multiplier: 1 };
}

function packFit(packs: Set<string>, p: IndexedProduct): number {
  // No pack written: a multipack ("pack 6 × 1,5 L", "plateau de 30") is not what was meant.
  if (packs.size === 0) return p.multi ? -0.03 : 0;
  let best = -Infinity;
  for (const pack of packs) {
    let fit: number;
    if (p.packs.has(pack) || (pack === 'pièce' && p.perUnit) || (pack === BY_WEIGHT && p.perMeasure === 'g')) fit = 0.07;
    else if (pack === BY_WEIGHT) fit = -0.04;
    else if (CLOSE_PACKS.some(([a, b]) => (a === pack && p.packs.has(b)) || (b === pack && p.packs.has(a)))) fit = 0.03;
    else if (p.packs.size > 0 || (p.perUnit && BULK_PACKS.has(pack))) fit = -0.04;
    else fit = 0;
    best = Math.max(best, fit);
  }
  return best;
}

type PartialScore = Omit<Scored, 'score' | 'guess'> & { base: number; adjustment: number };

function scoreProduct(reading: LineReading, line: ParsedLine, p: IndexedProduct): PartialScore {
  let explained = 0;
  let total = 0;
  let weakest = 1;
  const covered = new Map<string, number>();
  for (const w of reading.words) {
    total += w.weight;
    let best = 0;
    let bestWord: string | null = null;
    for (const [v, s] of w.candidates) {
      if (s > best && p.tokens.has(v)) {
        best = s;
        bestWord = v;
      }
    }
    explained += w.weight * best;
    if (bestWord) {
      covered.set(bestWord, Math.max(covered.get(bestWord) ?? 0, best));
      if (w.kind === 'content') weakest = Math.min(weakest, best);
    } else if (w.kind === 'content') weakest = 0;
  }
  const coverage = total > 0 ? explained / total : 0;
  let coreTotal = 0;
  let coreSaid = 0;
  for (const [word, weight] of p.core) {
    coreTotal += weight;
    coreSaid += weight * (covered.get(word) ?? 0);
  }
  const productCoverage = coreTotal > 0 ? coreSaid / coreTotal : coverage;
  const { adjustment: sizeAdjustment, multiplier } = sizeFit(line.size, p);
  let adjustment = sizeAdjustment + packFit(reading.packs, p);
  const firstContent = reading.words.find((w) => w.kind === 'content');
  if (firstContent && [...p.heads].some((h) => (firstContent.candidates.get(h) ?? 0) >= 0.8)) adjustment += 0.03;
  if (reading.hints.size > 0 && [...reading.hints].some((h) => p.brandTokens.has(h) || p.tokens.has(h))) adjustment += 0.05;
  if (line.brand && p.brandTokens.size > 0 && ![...reading.hints].some((h) => p.brandTokens.has(h))) adjustment -= 0.03;
  if (line.category) {
    const a = foldText(line.category);
    const b = foldText(p.row.category);
    adjustment += a && (a === b || a.includes(b) || b.includes(a)) ? 0.03 : -0.03;
  }
  const base = 0.72 * coverage + 0.2 * productCoverage;
  return { product: p, coverage, productCoverage, weakest, sizeAdjustment, multiplier, base, adjustment };
}

/**
 * With no size and no pack written, the basic form of an article wins among products the line
 * fits equally: sold by the piece or by weight first, then the smallest pack. A written count
 * ("6 oeufs") leans further towards the piece.
 */
function defaultFormBonus(
  all: PartialScore[],
  contenders: PartialScore[],
  line: ParsedLine,
  reading: LineReading,
): Map<IndexedProduct, { guess: number; evidence: number }> {
  const bonus = new Map<IndexedProduct, { guess: number; evidence: number }>();
  if (line.size || (reading.packs.size > 0 && !reading.sizeHint)) return bonus;
  const amountOf = (p: IndexedProduct) => (p.perUnit || p.perMeasure ? 0 : p.amount ? p.amount.value : null);
  const smallest = (dimension: Size['unit'] | undefined) => {
    const known = contenders.filter((c) => c.product.amount?.unit === dimension).map((c) => amountOf(c.product)).filter((a): a is number => a !== null && a > 0);
    return known.length ? Math.min(...known) : null;
  };
  const largest = (dimension: Size['unit'] | undefined) => {
    const known = contenders.filter((c) => c.product.amount?.unit === dimension).map((c) => c.product.amount?.value ?? 0);
    return known.length ? Math.max(...known) : null;
  };
  const hintWords = reading.sizeHint === 'large' ? LARGE_WORDS : SMALL_WORDS;
  for (const c of all) {
    const a = amountOf(c.product);
    const least = smallest(c.product.amount?.unit);
    const contender = contenders.includes(c);
    let guess = !contender ? 0 : a === 0 ? 0.04 : a !== null && least !== null ? 0.04 * Math.sqrt(least / a) : 0.015;
    // "grande Régab", "petit Djino": the larger or smaller size, unless the word is part of a product's name ("Petite baguette").
    const most = largest(c.product.amount?.unit);
    if (contender && reading.sizeHint && c.product.amount && most && least && ![...c.product.tokens].some((t) => hintWords.has(t))) {
      guess = 0.07 * (reading.sizeHint === 'large' ? c.product.amount.value / most : least / c.product.amount.value);
    }
    let evidence = 0;
    if (line.quantity >= 2) {
      if (c.product.perUnit) evidence = 0.05;
      else if (c.product.perMeasure || [...c.product.packs].some((pk) => BULK_PACKS.has(pk))) evidence = -0.02;
    }
    bonus.set(c.product, { guess, evidence });
  }
  return bonus;
}

function round3(n: number): number {
  return Math.round(Math.max(0, Math.min(1, n)) * 1000) / 1000;
}

function toCandidate(s: Scored): MatchCandidate {
  const r = s.product.row;
  return { product_id: r.id, name: r.name, brand: r.brand, category: r.category, unit: r.unit, score: round3(s.score) };
}

export function matchLine(index: CatalogueIndex, line: ParsedLine, memo = new Map<string, Map<string, number>>()): LineMatch {
  const reading = readLine(index, line, memo);
  const pool = new Set<number>();
  for (const w of reading.words) for (const v of w.candidates.keys()) for (const i of index.postings.get(v) ?? []) pool.add(i);
  const manual: LineMatch = { product: null, confidence: 'low', quantity: line.quantity, candidates: [], score: 0 };
  if (pool.size === 0) return manual;

  const partial = [...pool].map((i) => scoreProduct(reading, line, index.products[i]));
  const top = Math.max(...partial.map((s) => s.base));
  const bonus = defaultFormBonus(partial, partial.filter((s) => s.base >= top - 0.08), line, reading);
  const scored: Scored[] = partial
    .map((s) => {
      const { guess = 0, evidence = 0 } = bonus.get(s.product) ?? {};
      return { ...s, guess, score: s.base + s.adjustment + guess + evidence };
    })
    .sort((a, b) => b.score - a.score || a.product.row.name.localeCompare(b.product.row.name));

  const best = scored[0];
  // The margin that earns confidence leaves out the default-form guess ("Huile de palme" with no
  // size: the 0,9 L bottle is ranked first, but the line did not say which size).
  const margin = best.score - best.guess - Math.max(0, ...scored.slice(1, 6).map((s) => s.score - s.guess));
  const t = THRESHOLDS;
  let confidence: MatchConfidence | null = null;
  if (
    best.coverage >= t.high.coverage &&
    ((best.score >= t.high.score && margin >= t.high.margin) || margin >= t.high.soleMargin) &&
    best.sizeAdjustment >= 0 &&
    best.weakest >= t.high.wordSimilarity
  )
    confidence = 'high';
  else if (best.coverage >= t.medium.coverage && best.score >= t.medium.score) confidence = 'medium';
  else if (best.coverage >= t.low.coverage && best.score >= t.low.score) confidence = 'low';

  const offered = scored.filter((s) => s.score >= t.candidate);
  if (!confidence) return { ...manual, candidates: offered.slice(0, MATCH_CANDIDATES_MAX).map(toCandidate), score: round3(best.score) };
  return {
    product: best.product.row,
    confidence,
    quantity: Math.min(ITEM_QUANTITY_MAX, Math.max(1, line.quantity * best.multiplier)),
    candidates: offered.slice(1, 1 + MATCH_CANDIDATES_MAX).map(toCandidate),
    score: round3(best.score),
  };
}

/** Matches every line against the catalogue of `db`. */
export async function matchLines(db: DbOrTx, lines: readonly ParsedLine[]): Promise<LineMatch[]> {
  if (lines.length === 0) return [];
  const index = await loadIndex(db);
  const memo = new Map<string, Map<string, number>>();
  return lines.map((line) => matchLine(index, line, memo));
}
