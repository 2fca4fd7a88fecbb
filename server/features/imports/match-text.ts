// The words of product names and list lines as the matcher compares them: folded (no case, no
// accents, œ → oe), elisions dropped ("l'huile" → "huile"), apostrophes inside a brand joined
// ("Cuisin'Or" → "cuisinor"), French plurals reduced ("oeufs" → "oeuf", "plateaux" → "plateau"),
// and a word similarity that forgives typing slips and OCR confusions (0/o, 1/l/i, rn/m, cl/d…).
// Pure: no I/O.
import { foldLetters } from '#contract/fold';

const STOPWORDS = new Set([
  'de', 'du', 'des', 'd', 'la', 'le', 'les', 'l', 'un', 'une', 'a', 'au', 'aux', 'en', 'et', 'ou',
  'pour', 'par', 'sur', 'type', 'dans', 'chez', 'the', 'of', 'kg', 'g', 'gr', 'l', 'cl', 'ml', 'lt', 'litre', 'kilo',
  'gramme', 'x',
]);

/** Packs and ways of selling: they say how the article comes, not what it is. */
const PACK_WORDS = new Map<string, string>([
  ['boite', 'boîte'], ['bte', 'boîte'], ['paquet', 'paquet'], ['pqt', 'paquet'], ['sachet', 'sachet'], ['bouteille', 'bouteille'],
  ['plateau', 'plateau'], ['palette', 'plateau'], ['tas', 'tas'], ['botte', 'botte'], ['piece', 'pièce'],
  ['unite', 'pièce'], ['carton', 'carton'], ['sac', 'sac'], ['pot', 'pot'], ['canette', 'canette'], ['rouleau', 'rouleau'],
  ['pack', 'pack'], ['brique', 'brique'], ['bidon', 'bidon'], ['flacon', 'flacon'], ['tube', 'tube'], ['plaquette', 'plaquette'],
  ['regime', 'régime'], ['morceau', 'morceau'], ['filet', 'filet'], ['recharge', 'recharge'], ['vrac', 'vrac'], ['detail', 'vrac'],
]);

/** Words that qualify without naming: unmatched, they weigh little. */
const MODIFIERS = new Set([
  'gros', 'gro', 'grosse', 'grand', 'grande', 'petit', 'petite', 'bon', 'bonne', 'bien', 'beau', 'belle', 'mur', 'mure', 'moyen',
  'moyenne', 'bio', 'extra', 'qualite', 'frais', 'fraiche', 'local', 'locale', 'entier', 'entiere', 'normal', 'simple',
  'ordinaire', 'marque', 'consigne', 'consignee', 'nouveau', 'nouvelle', 'vrai', 'gabon', 'gabonais', 'import', 'importe',
]);

/** Everyday names for catalogue articles (folded phrase → catalogue words). */
const SYNONYMS: [RegExp, string][] = [
  [/^pq$|\bpapier (?:toilette|wc|cul)\b/, 'papier hygienique'],
  [/\bsucre((?: blanc| roux| blond)?) (?:en )?(?:poudre|semoule|cristal|cristallise)\b/, 'sucre$1 granule'],
  [/\bsucre (?:en )?poudre (blanc|roux)\b/, 'sucre $1 granule'],
  [/\bsel (?:de (?:cuisine|table)|de cuisine fin)\b/, 'sel fin'],
  [/\bsavonnettes?\b/, 'savon de toilette'],
  [/\b(?:bombes?|aerosols?|sprays?) (?:d |a |anti )?(?:insecticides?|moustiques?|insectes?)\b|\binsecticides? (?:en )?(?:bombe|spray)\b/, 'insecticide aerosol'],
  [/\bpoulets? (?:du pays|local|locaux|bicyclette|fermier|de ferme)\b/, 'poulet de chair local'],
  [/\bsavon (?:en )?poudre\b|\bpoudre a laver\b|\bdetergent\b/, 'lessive en poudre'],
  [/\bbaygon\b/, 'insecticide'],
  [/^pains?$/, 'baguette de pain'],
  [/^eaux?$/, 'eau minerale'],
  [/\bpdt\b|\bpommes? de terre\b/, 'pomme de terre'],
  [/\blait (?:liquide|en brique)\b/, 'lait uht'],
  [/\by(?:o|ao)g?h?o?urts?\b/, 'yaourt'],
  [/\bmayo\b/, 'mayonnaise'],
  [/\bsachets? plastiques?\b/, 'sac de caisse plastique'],
  // Local names (Gabon, Central Africa) of catalogue articles.
  [/\bpili ?pilis?\b/, 'piment'],
  [/\b(?:chikwangues?|chikouangues?|chickwangues?|kwangas?)\b/, 'baton de manioc'],
  [/\bcaca(?:hu|hou|ou)etes?\b/, 'arachide'],
  [/\begusi\b/, 'pistache graine de courge'],
  [/\bfufu\b/, 'foufou'],
  [/^pates$|\bpates (?:alimentaires|spaghetti)\b/, 'spaghetti'],
];

export type WordKind = 'content' | 'modifier' | 'number' | 'pack';

/** Folded text: lower case, no accents, elisions dropped, inner apostrophes joined, only [a-z0-9 ]. */
export function foldText(text: string): string {
  return foldLetters(text)
    .replace(/[’`´]/g, "'")
    .replace(/(^|[^a-z0-9])(?:l|d|j|n|s|c|m|t|qu)'(?=[a-z])/g, '$1')
    .replace(/([a-z0-9])'(?=[a-z0-9])/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** French plural to singular, applied alike to catalogue and line words. */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  if (word.endsWith('eaux')) return word.slice(0, -1);
  if (word.endsWith('aux')) return `${word.slice(0, -3)}al`;
  if (word.endsWith('s') && !word.endsWith('ss')) return stem(word.slice(0, -1));
  // Feminine past participles read like the masculine: "congelees" → "congele".
  if (word.endsWith('ee') && word.length > 4) return word.slice(0, -1);
  return word;
}

const DIGIT_LOOKALIKES: Record<string, string[]> = { '0': ['o'], '1': ['i', 'l'], '5': ['s'], '8': ['b'], '3': ['e'], '6': ['g'], '4': ['a'] };

/**
 * A word OCR wrote with digits for letters ("Cuisin0r", "hui1e"), spelt with the letters when that
 * gives a known word; otherwise unchanged.
 */
export function undigit(word: string, known: (w: string) => boolean): string {
  if (!/\d/.test(word) || !/[a-z]/.test(word) || (word.match(/\d/g) ?? []).length > 2) return word;
  let variants = [''];
  for (const ch of word) {
    const options = DIGIT_LOOKALIKES[ch] ?? [ch];
    variants = variants.flatMap((v) => options.map((o) => v + o));
  }
  return variants.find((v) => known(stem(v))) ?? word;
}

export function applySynonyms(folded: string): string {
  let out = folded;
  for (const [re, replacement] of SYNONYMS) out = out.replace(re, replacement);
  return out;
}

export function wordKind(word: string): WordKind | 'stop' {
  if (STOPWORDS.has(word)) return 'stop';
  if (/^\d+$/.test(word)) return 'number';
  if (PACK_WORDS.has(word)) return 'pack';
  if (MODIFIERS.has(word)) return 'modifier';
  return 'content';
}

/** The normalised pack of a folded, stemmed word ("boite" → 'boîte'), or undefined. */
export function packOf(word: string): string | undefined {
  return PACK_WORDS.get(word);
}

/** Folded, stemmed words of a text (stopwords kept out). */
export function words(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter(Boolean)
    .map(stem)
    .filter((w) => wordKind(w) !== 'stop');
}

// ---------------------------------------------------------------------------------------------
// Similarity

/** Characters OCR and hurried hands mix up: substituting one for the other costs half an edit. */
const CONFUSABLE = new Set(['0o', '1l', '1i', 'il', '5s', '8b', 'ec', 'uv', 'nu', 'mn', 'gq', '6g', 'ao', 'ck', 'yi', 'sz', 'ij']);
const confusable = (a: string, b: string) => CONFUSABLE.has(a + b) || CONFUSABLE.has(b + a);
/** Multi-letter OCR confusions, tried as rewrites of the read word. */
const OCR_REWRITES: [string, string][] = [
  ['rn', 'm'],
  ['cl', 'd'],
  ['vv', 'w'],
  ['ii', 'u'],
  ['li', 'h'],
];

/** Damerau-Levenshtein distance where confusable substitutions cost 0.5. */
export function editCost(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  const w = m + 1;
  const d = new Float64Array((n + 1) * w);
  for (let i = 0; i <= n; i++) d[i * w] = i;
  for (let j = 0; j <= m; j++) d[j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = a[i - 1] === b[j - 1] ? 0 : confusable(a[i - 1], b[j - 1]) ? 0.5 : 1;
      let best = Math.min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + sub);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = best;
    }
  }
  return d[n * w + m];
}

/**
 * How well a word read on a line stands for a catalogue word, 0–1: 1 identical, about 0.9 for one
 * OCR confusion or a clear abbreviation ("sucr"), about 0.8 for one slip in a long word, 0 when too far.
 */
export function wordSimilarity(read: string, known: string): number {
  if (read === known) return 1;
  if (/^\d+$/.test(read) || /^\d+$/.test(known)) return 0;
  const longest = Math.max(read.length, known.length);
  let best = 0;
  if (read.length >= 4 && known.startsWith(read)) best = 0.72 + 0.2 * (read.length / known.length);
  if (known.length >= 4 && read.startsWith(known) && read.length - known.length <= 2) best = Math.max(best, 0.75 + 0.2 * (known.length / read.length));
  // Short words only forgive an OCR confusion: "ail" is not "aile", "sel" is not "gel".
  const allowed = longest <= 4 ? 0.5 : longest <= 5 ? 1 : longest <= 8 ? 1.5 : 2;
  // An edit costs at least the difference in length (an OCR rewrite such as rn → m shortens by one).
  if (Math.abs(read.length - known.length) - 1 > allowed) return Math.min(0.97, best);
  for (const variant of ocrVariants(read)) {
    const cost = editCost(variant, known) + (variant === read ? 0 : 0.5);
    if (cost <= allowed) best = Math.max(best, 1 - (cost * 1.25) / Math.max(longest, 4));
  }
  return Math.max(0, Math.min(0.97, best));
}

function ocrVariants(word: string): string[] {
  const out = [word];
  for (const [from, to] of OCR_REWRITES) if (word.includes(from)) out.push(word.replaceAll(from, to));
  return out;
}
