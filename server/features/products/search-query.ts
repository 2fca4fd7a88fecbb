// What a shopper's search means (issue 28, items 1 to 3). One reading for every product search of
// the app — the catalogue, the contribution step, the list builder, the comparator (they all run
// catalogue-reads.ts's readPageIds; the shop picker reads its words the same way, understandWords) —
// built from the same pieces as the import matcher
// (imports/catalogue-matcher.ts), so that a list line and a search agree on what they say:
//   - the size, by the list parser's reader (imports/line-parser.ts: « 5kg », « 1,5 L », « 50cl »;
//     kg → g, L and cl → mL) and the pack count (« x6 », « pack de 6 »), matched against the
//     product's size_value/size_unit/pack_count columns;
//   - the package (« sachet », « boîte », « bidon », « tas »…, the matcher's pack words), matched
//     against the product's `package` column instead of being required as text;
//   - everyday and local names (« pili-pili » → piment, « chikwangue » → bâton de manioc, « pq »…),
//     the matcher's synonym table: the catalogue's words become an alternative the search also
//     accepts, and products answering it rank first (« eau » → the mineral waters before the bleach);
//   - the words left, without French stopwords and elisions (« sac de riz », « pâte d'arachide »),
//     plurals reduced (« oignons » finds « Oignon (à l'unité) »); accents, case and œ are folded by
//     the database (mp_fold).
// And the cut-off for near misses: when no product holds every word, a product only answers if each
// word of the search is a slip of one of its words (the matcher's OCR-aware similarity), so
// « huille » finds the oils and not the beers, « ordinateur » nothing and not « Riz ordinaire ».
import { type Size, splitSize } from '../imports/line-parser';
import { applySynonyms, foldText, packOf, stem, wordKind, wordSimilarity, words as nameWords } from '../imports/match-text';

export type UnderstoodSearch = {
  /** The words to match as text: the search without its size, pack count, package and stopwords, plurals reduced. */
  text: string;
  /** The same words as typed (plurals kept): what a near miss is measured against. */
  typed: string;
  /** The catalogue's words for an everyday or local name in the search (« pq » → « papier hygienique »); null when none. */
  alias: string | null;
  /** The size asked for, in g or mL; null when none is written. */
  size: Size | null;
  /** « x6 », « 6x », « pack de 6 »: how many in the pack; null when none is written. */
  pack: number | null;
  /** How it comes (« sachet », « boîte »… as packageOf names it); null when none is written. */
  package: string | null;
};

// « pack de 6 », « pack 6 × 1,5 L », « 6x », « 6 × 33 cl », « x6 »: a search's and a product name's pack.
const PACK_RE = /\bpack\s+(?:de\s+)?(\d{1,2})\b(?:\s*[x×](?=\s|\d|$))?|\b(\d{1,2})\s*[x×](?=\s|\d|$)|(?:^|\s)x\s*(\d{1,2})(?=\s|$)/iu;

/** Words that qualify or name a kind rather than the article (the matcher's modifiers, and « viande », « produit »). */
const QUALIFIERS = { has: (word: string) => wordKind(word) === 'modifier' || ['viande', 'produit', 'article', 'nature'].includes(word) };

/** Words that only join others in a search (« sac de riz », « sardines à l'huile »). */
const STOPWORDS = new Set(['de', 'du', 'des', 'd', 'la', 'le', 'les', 'l', 'un', 'une', 'a', 'à', 'au', 'aux', 'en', 'et', 'pour', 'ou']);

/** How many a pack holds, as a search or a product name writes it, and where; null when none is written. */
export function findPack(text: string): { count: number; at: number; length: number } | null {
  const m = PACK_RE.exec(text);
  return m ? { count: Number(m[1] ?? m[2] ?? m[3]), at: m.index, length: m[0].length } : null;
}

/** The package a word names (« boîtes » → 'boîte', « bte » → 'boîte'), or null. */
const packageOfWord = (word: string): string | null => packOf(stem(foldText(word))) ?? null;

/** How a product comes, by the first package word of its name (« Lait en poudre, sachet 400 g » → 'sachet'); null when it names none. */
export function packageOf(name: string): string | null {
  for (const word of nameWords(name)) {
    const found = packOf(word);
    if (found) return found;
  }
  return null;
}

/** A search word as the database matches it: plurals reduced on words of five letters or more (« pois » stays). */
function searchStem(word: string): string {
  if (foldText(word).length < 5 || /\d/.test(word) || /ss$/i.test(word)) return word;
  return /[sx]$/i.test(word) ? word.slice(0, -1) : word;
}

/** The words of `text` to require: elisions split, stopwords out (unless nothing else is left); plurals reduced unless `asTyped`. */
function requiredWords(text: string, asTyped = false): string[] {
  const all = text
    .replace(/\b([ldjnsmtc]|qu)['’]/giu, '$1 ')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const meaningful = all.filter((w) => !STOPWORDS.has(w.toLowerCase()));
  const kept = meaningful.length > 0 ? meaningful : all;
  return asTyped ? kept : kept.map(searchStem);
}

/**
 * The words of a search that is not for a product (the shop picker's store names and districts):
 * read like a product search's words — stopwords and elisions out, plurals reduced — without sizes,
 * packages or product synonyms. `typed` keeps the plurals, for isNearMiss.
 */
export function understandWords(search: string): { text: string; typed: string } {
  const typed = requiredWords(search.replace(/\s+/g, ' ').trim(), true);
  return { text: typed.map(searchStem).join(' '), typed: typed.join(' ') };
}

/** The catalogue's words for an everyday name in `text` (« pq » → « papier hygienique »), or null when it has none. */
function aliasOf(text: string): string | null {
  const folded = foldText(text);
  const synonym = applySynonyms(folded);
  return synonym !== folded ? requiredWords(synonym).join(' ') : null;
}

/**
 * When no product holds every word of a search of several (« poisson capitaine », « yaourt nature »),
 * the searches with one word left out, in the order to show their answers: leaving out a word that
 * only qualifies (« frais », « viande ») first; among the others, the caller puts the more specific
 * answers (fewer products) first.
 */
export function withOneWordLess(understood: UnderstoodSearch): { search: UnderstoodSearch; qualifierLeftOut: boolean }[] {
  const typed = understood.typed.split(' ').filter(Boolean);
  if (typed.length < 2) return [];
  return typed.map((left, i) => {
    const kept = typed.filter((_, j) => j !== i);
    return {
      search: { ...understood, text: kept.map(searchStem).join(' '), typed: kept.join(' '), alias: null },
      qualifierLeftOut: QUALIFIERS.has(stem(foldText(left))),
    };
  });
}

/** The text, alias, size, pack count and package of a search; a search that is only a size keeps its text as typed. */
export function understandSearch(search: string): UnderstoodSearch {
  const { rest, size } = splitSize(search);
  const pack = findPack(rest);
  const spoken = (pack ? `${rest.slice(0, pack.at)} ${rest.slice(pack.at + pack.length)}` : rest).replace(/\s+/g, ' ').trim();
  if (!spoken) return { text: search.trim(), typed: search.trim(), alias: null, size: null, pack: null, package: null };
  let typed = requiredWords(spoken, true);
  // A package word is a preference, not a requirement, unless it is all the search says (« sachet »).
  const packaged = typed.map(packageOfWord);
  const packageWord = packaged.find((p) => p !== null) ?? null;
  if (packageWord && packaged.some((p) => p === null)) typed = typed.filter((_, i) => packaged[i] === null);
  const alias = aliasOf(typed.join(' ')) ?? aliasOf(spoken);
  return { text: typed.map(searchStem).join(' '), typed: typed.join(' '), alias, size, pack: pack?.count ?? null, package: packageWord };
}

/** Similarity from which a word of a product counts as the one searched with a slip (« huille » → huile). */
export const NEAR_MISS_SIMILARITY = 0.7;

/**
 * Whether a near miss (no product held every word) is close enough to show: every word of the search
 * is, or is a slip of, a word of the product's name or brand. Kept off: products that only share
 * letters (« huille » and « bouteille », « ordinateur » and « ordinaire »).
 */
export function isNearMiss(typed: string, name: string, brand: string | null): boolean {
  const searched = foldText(typed).split(' ').filter((w) => w && !STOPWORDS.has(w));
  if (searched.length === 0) return false;
  const own = foldText(`${name} ${brand ?? ''}`).split(' ').filter(Boolean);
  const ownStems = own.map(stem);
  // A doubled letter is the commonest slip, even in short words (« rizz »), where the similarity forgives none.
  const single = (w: string) => w.replace(/(.)\1+/g, '$1');
  const ownSingles = new Set(own.map(single));
  return searched.every((word) => {
    if (ownSingles.has(single(word))) return true;
    const forms = [word, stem(word)];
    return own.some((k, i) => forms.some((f) => Math.max(wordSimilarity(f, k), wordSimilarity(f, ownStems[i])) >= NEAR_MISS_SIMILARITY));
  });
}
