// Accent- and case-insensitive, typo-tolerant search on pg_trgm (migration 0001 defines mp_fold).
// First every word must appear (LIKE on the folded text, index-backed); when nothing matches, each
// word may instead be a near miss of a word of the text (word similarity), so "crme" finds "Crème".
// Matches are ranked by relevance: names that start with the query first; then, among exact
// matches, the names where the first word comes earliest, and among near misses the closest by
// word similarity ("huille" puts the oils before the beers whose "bouteille" only shares "ille").
// The user's text only ever travels as a bound parameter and LIKE wildcards in it are escaped.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

const MAX_WORDS = 6;
/** Word similarity needed for a near miss: "crme" against "creme" scores 0.4. */
export const FUZZY_WORD_SIMILARITY = 0.4;

export type SearchMode = 'exact' | 'fuzzy';

/** The words of a query, at most six, without empty pieces. */
export function searchWords(query: string): string[] {
  return query
    .split(/[\s,;]+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** The search as it is run: without outer spaces, inner runs of spaces made one; undefined when blank. */
export function normaliseSearch(query: string | undefined): string | undefined {
  const search = query?.replace(/\s+/g, ' ').trim();
  return search || undefined;
}

/**
 * A cache key for a (normalised) search that another search shares only if both find the same
 * products in the same order: the letters of Latin-1 and Latin Extended-A lower-cased and stripped
 * of their accents, as mp_fold does ("Crème" and "creme"). Other characters are kept as typed: in
 * Latin Extended-B, unaccent and Unicode's decomposition disagree (Ǣ, Ʀ). A test checks them all
 * against mp_fold.
 */
export function searchKey(search: string): string {
  return search.replace(/[A-Z\u00c0-\u017f]/g, (c) => c.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
}

/** Escapes LIKE's wildcards and its escape character, so "50%" means the characters 5, 0 and %. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What a search binds: its words (LIKE-escaped when matched exactly), the pattern "the name starts
 * with the query", the query's first word and the whole query. The statements below take these as
 * values or as placeholders, so that a statement's text can be prepared once for every search.
 */
export type SearchValues = { words: string[]; startsWith: string; first: string; term: string };

export function searchValues(query: string, mode: SearchMode): SearchValues {
  const term = query.trim();
  const words = searchWords(term);
  return {
    words: mode === 'exact' ? words.map(escapeLike) : words,
    startsWith: `${escapeLike(term)}%`,
    first: words[0] ?? term,
    term,
  };
}

/** A value of SearchValues, or the placeholder standing for it. */
type Bound = string | SQLWrapper;

/**
 * How the statement folds the user's values. A prepared statement soon runs a generic plan, which
 * no longer folds mp_fold($1) into a constant: it would unaccent the value again for each of the
 * thousand rows a common word matches (four times the search). `once` computes it in a sub-select,
 * evaluated once per run (and still usable by the trigram index).
 */
export type Folding = 'inline' | 'once';

const folding = (how: Folding) => (expression: SQL) => (how === 'once' ? sql`(select ${expression})` : expression);

/** The condition that `folded` (an already folded column or expression) matches every one of `words` (see searchValues). */
export function wordsCondition(folded: SQL, words: Bound[], mode: SearchMode, how: Folding = 'inline'): SQL {
  const value = folding(how);
  const parts = words.map((word) =>
    mode === 'exact'
      ? sql`${folded} like ${value(sql`'%' || mp_fold(${word}) || '%'`)} escape '\\'`
      : sql`${value(sql`mp_fold(${word})`)} <% ${folded}`,
  );
  return sql.join(parts, sql` and `);
}

/**
 * The condition that `folded` (an already folded column or expression) matches every word.
 * Returns undefined for a query without words.
 */
export function matchCondition(folded: SQL, query: string, mode: SearchMode): SQL | undefined {
  const { words } = searchValues(query, mode);
  return words.length === 0 ? undefined : wordsCondition(folded, words, mode);
}

/**
 * Runs `run` in a transaction where `<%` uses the fuzzy threshold (the setting is local to the
 * transaction, so pooled connections keep their default).
 */
export async function withFuzzyThreshold<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_WORD_SIMILARITY)}, true)`);
    return run(tx);
  });
}

/** How well a row answers a query: both higher is better; `startsWith` ranks before `closeness`. */
export type Relevance = { startsWith: SQL; closeness: SQL };

/**
 * The relevance of a row to a search (its SearchValues, or placeholders for them): whether its folded
 * name (`foldedName`) starts with the query, then how close it comes. For rows that may be near
 * misses ('fuzzy'), the word similarity of the query to their folded text (`folded`, e.g. name and
 * brand). Rows that hold every word ('exact') all score about the same similarity, and computing it
 * for the thousand matches of a common word costs four times the search: the position of the first
 * word in the name stands in for it.
 */
export function relevanceOf(
  folded: SQL,
  foldedName: SQL,
  values: { startsWith: Bound; first: Bound; term: Bound },
  mode: SearchMode,
  how: Folding = 'inline',
): Relevance {
  const value = folding(how);
  const startsWith = sql`(${foldedName} like ${value(sql`mp_fold(${values.startsWith})`)} escape '\\')`;
  if (mode === 'fuzzy') return { startsWith, closeness: sql`word_similarity(${value(sql`mp_fold(${values.term})`)}, ${folded})` };
  // A word found only in the brand (position 0) comes after those found in the name.
  return { startsWith, closeness: sql`-coalesce(nullif(strpos(${foldedName}, ${value(sql`mp_fold(${values.first})`)}), 0), 1000000)` };
}

/** The relevance of a row to `query` (see relevanceOf). */
export function relevance(folded: SQL, foldedName: SQL, query: string, mode: SearchMode): Relevance {
  return relevanceOf(folded, foldedName, searchValues(query, mode), mode);
}

/** ORDER BY terms, most relevant first (add a tie-breaker after them). */
export function relevanceOrder(folded: SQL, foldedName: SQL, query: string, mode: SearchMode): SQL {
  const { startsWith, closeness } = relevance(folded, foldedName, query, mode);
  return sql`${startsWith} desc, ${closeness} desc`;
}
