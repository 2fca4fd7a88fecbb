// Which catalogue product a packet's text names, with a calibrated confidence. Pure: no I/O.
//
// A packet is not a list line: it says the brand big, the name, the size, and also much the
// catalogue never mentions (a slogan, "riche en vitamine A", a price sticker, the shelf behind).
// So the score goes from the product's side: how much of the product's own words the packet shows,
// never how much of the packet the product explains. Words are read with the list matcher's
// folding and OCR-tolerant similarity (features/imports/match-text.ts) against the catalogue
// vocabulary of its index (catalogue-matcher.ts), then for each product:
//   - brand: share of its brand's words seen (its maker in parentheses does not count);
//   - name: share of its descriptive words seen, weighted by rarity, and whether its first word
//     (what the product is: "Huile", "Lait", "Sardines") is among them;
//   - size and pack: the packet's net content against the product's ("2 L" picks the 2 L bottle),
//     a multipack named on the packet ("Pack de 6"), a printed net content on what is sold loose;
//   - for an article without a brand, its first word must lead a line of the packet ("Sardines à
//     la tomate" are not "Tomates fraîches").
// Confidence, calibrated on label-match.unit.test.ts and the benchmark: a branded product needs
// its brand AND its name to reach 0.8+; its brand and part of its name about 0.6; a brand alone or
// a name without the product's brand stays under RECOGNITION_MATCH_CONFIDENCE (another maker's
// oil is not Cuisin'Or); an unbranded catalogue article ("Concentré de tomate, boîte 400 g") is
// matched on its whole name at about 0.7. Two products left level (the 0,9 L and 2 L bottles when
// no size was read) cost the winner confidence; a contradicting size keeps it under the threshold.
import { RECOGNITION_MATCH_CONFIDENCE } from '#contract/recognition';
import type { CatalogueIndex, ProductRow } from '../imports/catalogue-matcher';
import { readSize, type Size } from '../imports/line-parser';
import { foldText, packOf, stem, undigit, wordKind, wordSimilarity } from '../imports/match-text';

type IndexedProduct = CatalogueIndex['products'][number];

/** A line read on the packet; confidence 0–100 as OCR gives it. */
export type LabelLine = { text: string; confidence: number };

export type LabelMatch = {
  /** The catalogue product, when confidence ≥ RECOGNITION_MATCH_CONFIDENCE. */
  product: ProductRow | null;
  /** 0–1. */
  confidence: number;
  /** The best-scoring product even below the threshold (its category is a fair guess). */
  nearest: { product: ProductRow; confidence: number; headSeen: boolean } | null;
  /** A catalogue brand seen on the packet, as the catalogue writes it, with how surely it was read (0–1). */
  brand: { name: string; confidence: number } | null;
  /** The net content read on the packet. */
  size: { text: string; size: Size } | null;
};

/** Similarity from which a word read stands for a catalogue word. */
const WORD_MATCH = 0.75;
/** A word read from which a product word counts as seen (after the line's OCR confidence). */
const SEEN = 0.6;
const SHORT_BRAND_SEEN = 0.95;
const SHORT_WORD_ON_NUMBERS = 0.8;
const MODIFIER_WEIGHT = 0.3;

type Reading = {
  /** Catalogue word → how surely the packet shows it (similarity × line quality), 0–1. */
  seen: Map<string, number>;
  sizes: { text: string; size: Size }[];
  /** Packs the packet names ("Pack de 6", "Plateau de 30"). */
  packs: Set<string>;
  /** Catalogue words a line starts with: a name line starts with what the product is ("Sardines à la tomate" is sardines). */
  leads: Set<string>;
};

/** OCR confidence of a line as a weight: 90+ is sure, 40 is doubtful. */
const lineQuality = (confidence: number) => 0.6 + 0.4 * Math.max(0, Math.min(1, (confidence - 40) / 50));

function nearest(index: CatalogueIndex, word: string, memo: Map<string, [string, number][]>): [string, number][] {
  const known = memo.get(word);
  if (known) return known;
  let found: [string, number][] = [];
  if (index.df.has(word)) found = [[word, 1]];
  else if (word.length >= 3 && word.length <= 24 && !/^\d+$/.test(word)) {
    for (const v of index.vocabulary) {
      const s = wordSimilarity(word, v);
      if (s >= WORD_MATCH) found.push([v, s]);
    }
    found.sort((a, b) => b[1] - a[1]);
    found = found.slice(0, 3);
  }
  memo.set(word, found);
  return found;
}

export function readLabelWords(index: CatalogueIndex, lines: readonly LabelLine[]): Reading {
  const seen = new Map<string, number>();
  const sizes: Reading['sizes'] = [];
  const packs = new Set<string>();
  const leads = new Set<string>();
  const memo = new Map<string, [string, number][]>();
  // Sizes' numbers are catalogue words too ("1", "5" of "1,5 L"); only a brand's number ("33" Export) names anything.
  const brandNumbers = new Set(index.products.flatMap((p) => [...p.brandTokens].filter((t) => /^\d+$/.test(t))));
  const note = (word: string, value: number) => seen.set(word, Math.max(seen.get(word) ?? 0, value));
  for (const line of lines) {
    const quality = lineQuality(line.confidence);
    const size = readSize(line.text);
    if (size) sizes.push({ text: line.text.slice(0, 40), size: size.size });
    const raw = foldText(line.text)
      .split(' ')
      .filter(Boolean)
      .map((w) => undigit(w, (v) => index.df.has(v)));
    // "Cuisin Or" (the apostrophe lost), "Coca Cola": as the catalogue writes them.
    const joined = raw.slice(1).map((w, i) => stem(raw[i] + w)).filter((w) => index.df.has(w));
    // A short word on a line of prices and codes is likelier a fragment ("OMO 1200" of "PROMO 1200").
    const fragmentRisk = /\d/.test(line.text) ? SHORT_WORD_ON_NUMBERS : 1;
    // A line that starts with "à la …" or "de …" continues the one above: it leads nothing.
    const first = raw.length > 0 ? stem(raw[0]) : null;
    if (first && wordKind(first) === 'content' && first.length >= 3) for (const [v, s] of nearest(index, first, memo)) if (s * quality >= SEEN) leads.add(v);
    for (const w of [...raw.map(stem), ...joined]) {
      const kind = wordKind(w);
      if (kind === 'pack') packs.add(packOf(w) as string);
      if (kind === 'stop' || kind === 'pack') continue;
      if (kind === 'number' && !brandNumbers.has(w)) continue;
      const weight = w.length <= 3 && kind !== 'number' ? quality * fragmentRisk : quality;
      for (const [v, s] of nearest(index, w, memo)) note(v, s * weight);
    }
  }
  return { seen, sizes, packs, leads };
}

/** How much a word seen counts towards coverage: a fair OCR reading ("Pjino" for "Djino", 0.75) counts almost fully. */
const credit = (value: number, needed: number) => (value >= needed ? Math.min(1, value / 0.8) : 0);

function idf(index: CatalogueIndex, word: string): number {
  return Math.log(1 + Math.max(1, index.products.length) / (index.df.get(word) ?? 1));
}

/** The brand's words, per alternative name ("SMAG / éleveurs locaux"), as the index reads them. */
function brandAlternatives(p: IndexedProduct): string[][] {
  const main = (p.row.brand ?? '').replace(/\(.*?\)/g, ' ');
  return main
    .split('/')
    .map((part) => foldText(part).split(' ').filter(Boolean).map(stem).filter((w) => p.brandTokens.has(w)))
    .filter((words) => words.length > 0);
}

type Evidence = {
  product: IndexedProduct;
  brand: number;
  name: number;
  headSeen: boolean;
  /** +1 the packet's size is the product's, -1 another size of the same kind, 0 nothing to compare. */
  size: number;
  confidence: number;
  /** Catalogue words read on the packet that this product has (tells "roux granulé" from "roux en morceaux"). */
  explained: number;
};

/** Packs of several articles: a packet that names one is not the single article, and the other way round. */
const MULTI_PACKS = new Set(['pack', 'plateau', 'carton']);
/** Sold loose: a packet with a printed net content is not that ("Tomates pelées 400 g" are not fresh tomatoes). */
const LOOSE_PACKS = new Set(['tas', 'botte', 'régime', 'filet', 'vrac']);

function sizeAgreement(reading: Reading, p: IndexedProduct): number {
  const multi = (packs: Set<string>) => [...packs].some((k) => MULTI_PACKS.has(k));
  if (multi(reading.packs) !== multi(p.packs) && (multi(reading.packs) || reading.sizes.length > 0)) return -1;
  if (reading.sizes.length > 0 && (p.perMeasure || [...p.packs].some((k) => LOOSE_PACKS.has(k)))) return -1;
  const sizes = reading.sizes;
  if (!p.amount || sizes.length === 0) return 0;
  const comparable = sizes.filter((s) => s.size.unit === p.amount!.unit);
  if (comparable.length === 0) return 0;
  return comparable.some((s) => Math.abs(s.size.value / p.amount!.value - 1) <= 0.03) ? 1 : -1;
}

function weigh(index: CatalogueIndex, reading: Reading, p: IndexedProduct): Evidence {
  const seen = (w: string) => reading.seen.get(w) ?? 0;
  // "SMAG / éleveurs locaux": either name is the brand.
  let brand = 0;
  for (const alternative of brandAlternatives(p)) {
    let total = 0;
    let found = 0;
    for (const t of alternative) {
      const weight = idf(index, t);
      total += weight;
      // A short brand ("Omo") is also a piece of other words ("PROMO" half hidden): only a sure reading counts.
      found += weight * credit(seen(t), t.length <= 3 ? SHORT_BRAND_SEEN : SEEN);
    }
    if (total > 0) brand = Math.max(brand, found / total);
  }
  // A product named by its brand ("Djino, bouteille 1,5 L", "Coca-Cola, bouteille verre"): the
  // brand is what it is. Otherwise the brand's words in the name ("Huile … Cuisin'Or") count as brand.
  const namedByBrand = p.first !== null && p.brandTokens.has(p.first);
  let nameTotal = 0;
  let nameSeen = 0;
  for (const [w, weight] of p.core) {
    if (!namedByBrand && p.brandTokens.has(w)) continue;
    // "consignée", "grande", "frais": they qualify the product, a packet seldom prints them.
    const kindWeight = wordKind(w) === 'modifier' ? MODIFIER_WEIGHT : 1;
    nameTotal += weight * kindWeight;
    nameSeen += weight * kindWeight * credit(seen(w), SEEN);
  }
  const name = nameTotal > 0 ? nameSeen / nameTotal : 0;
  // An unbranded article must be what a line of the packet names first ("Tomates fraîches" is not
  // "Sardines à la tomate"); a branded one has its brand to vouch for it.
  const headSeen = namedByBrand
    ? brand >= 0.8
    : p.first !== null
      ? seen(p.first) >= SEEN && (p.brandTokens.size > 0 || reading.leads.has(p.first))
      : name > 0;
  const size = sizeAgreement(reading, p);
  let explained = 0;
  for (const [w, v] of reading.seen) if (v >= SEEN && p.tokens.has(w)) explained++;
  for (const k of reading.packs) if (p.packs.has(k)) explained++;
  return { product: p, brand, name, headSeen, size, explained, confidence: calibrate(p.brandTokens.size > 0, brand, name, headSeen, size) };
}

/** See the header: the evidence each band of confidence asks for. */
export function calibrate(branded: boolean, brand: number, name: number, headSeen: boolean, size: number): number {
  let confidence: number;
  if (branded && brand >= 0.8) {
    if (name >= 0.6 && headSeen) confidence = 0.62 + 0.3 * name;
    else if (name >= 0.3) confidence = 0.5 + 0.2 * name;
    // The brand alone: right brand, but which of its products? The size may say.
    else confidence = size > 0 ? 0.52 : 0.4;
  } else if (branded) {
    // Another maker's product of the same kind, or the brand was not read: never a confident match.
    confidence = Math.min(0.42, 0.15 + 0.25 * name + 0.2 * brand);
  } else if (name >= 0.8 && headSeen) confidence = 0.45 + 0.3 * name;
  else if (name >= 0.5 && headSeen) confidence = 0.25 + 0.25 * name;
  else confidence = 0.3 * name;
  if (size > 0) confidence += 0.05;
  // Another size (or a packet of what is sold loose): a sibling of the product at best, never the product.
  if (size < 0) confidence = Math.min(confidence - 0.2, 0.45);
  return Math.max(0, Math.min(0.95, confidence));
}

/** Basic form first when two products are level: by the piece, then the smaller pack. */
const formRank = (p: IndexedProduct) => (p.perUnit || p.perMeasure ? 0 : (p.amount?.value ?? 1e9));

/** Two products this close in confidence are not told apart by the packet. */
const LEVEL = 0.04;

export function matchLabel(index: CatalogueIndex, lines: readonly LabelLine[]): LabelMatch {
  const reading = readLabelWords(index, lines);
  const size = reading.sizes[0] ?? null;
  const pool = new Set<number>();
  for (const w of reading.seen.keys()) for (const i of index.postings.get(w) ?? []) pool.add(i);
  const scored = [...pool]
    .map((i) => weigh(index, reading, index.products[i]))
    .sort(
      (a, b) =>
        b.confidence - a.confidence || b.explained - a.explained || formRank(a.product) - formRank(b.product) || a.product.row.name.localeCompare(b.product.row.name),
    );
  const brand = brandSeen(reading, scored);
  const best = scored[0];
  if (!best) return { product: null, confidence: 0, nearest: null, brand, size };
  let confidence = best.confidence;
  const runnerUp = scored[1];
  // Level with another product: still the right product line (0,9 L or 2 L?), unless the size read contradicts both.
  if (runnerUp && best.confidence - runnerUp.confidence < LEVEL && runnerUp.explained >= best.explained) confidence = best.size < 0 ? confidence - 0.25 : Math.max(RECOGNITION_MATCH_CONFIDENCE, confidence - 0.25);
  if (best.confidence < RECOGNITION_MATCH_CONFIDENCE) confidence = best.confidence;
  confidence = Math.round(confidence * 100) / 100;
  const nearestMatch = { product: best.product.row, confidence, headSeen: best.headSeen };
  if (confidence < RECOGNITION_MATCH_CONFIDENCE) return { product: null, confidence, nearest: nearestMatch, brand, size };
  return { product: best.product.row, confidence, nearest: nearestMatch, brand, size };
}

/** The catalogue brand most surely seen (its main name, without the maker in parentheses). */
function brandSeen(reading: Reading, scored: Evidence[]): LabelMatch['brand'] {
  let best: LabelMatch['brand'] = null;
  for (const e of scored) {
    if (e.brand < 0.8 || !e.product.row.brand) continue;
    const tokens = [...e.product.brandTokens];
    const sureness = Math.min(...tokens.map((t) => reading.seen.get(t) ?? 0));
    if (!best || sureness > best.confidence) best = { name: e.product.row.brand.replace(/\s*\(.*?\)\s*/g, ' ').trim(), confidence: Math.round(sureness * 100) / 100 };
  }
  return best;
}
