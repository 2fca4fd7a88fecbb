// Accent- and case-insensitive, typo-tolerant search on pg_trgm (migration 0001 defines mp_fold).
// First every word must appear (LIKE on the folded text, index-backed); when nothing matches, each
// word may instead be a near miss of a word of the text (word similarity), so "crme" finds "Crème".
// Matches are ranked by relevance: names that start with the query first; then, among exact
// matches, the names where the first word comes earliest, and among near misses the closest by
// word similarity ("huille" puts the oils before the beers whose "bouteille" only shares "ille").
// The user's text only ever travels as a bound parameter and LIKE wildcards in it are escaped.
import { type SQL, sql } from 'drizzle-orm';
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

/** Escapes LIKE's wildcards and its escape character, so "50%" means the characters 5, 0 and %. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The condition that `folded` (an already folded column or expression) matches every word.
 * Returns undefined for a query without words.
 */
export function matchCondition(folded: SQL, query: string, mode: SearchMode): SQL | undefined {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  const parts = words.map((word) =>
    mode === 'exact'
      ? sql`${folded} like '%' || mp_fold(${escapeLike(word)}) || '%' escape '\\'`
      : sql`mp_fold(${word}) <% ${folded}`,
  );
  return sql.join(parts, sql` and `);
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
 * The relevance of a row to `query`: whether its folded name (`foldedName`) starts with the query,
 * then how close it comes. For rows that may be near misses ('fuzzy'), the word similarity of the
 * query to their folded text (`folded`, e.g. name and brand). Rows that hold every word ('exact')
 * all score about the same similarity, and computing it for the thousand matches of a common word
 * costs four times the search: the position of the first word in the name stands in for it.
 */
export function relevance(folded: SQL, foldedName: SQL, query: string, mode: SearchMode): Relevance {
  const term = query.trim();
  const startsWith = sql`(${foldedName} like mp_fold(${`${escapeLike(term)}%`}) escape '\\')`;
  if (mode === 'fuzzy') return { startsWith, closeness: sql`word_similarity(mp_fold(${term}), ${folded})` };
  // A word found only in the brand (position 0) comes after those found in the name.
  const [first = term] = searchWords(term);
  return { startsWith, closeness: sql`-coalesce(nullif(strpos(${foldedName}, mp_fold(${first})), 0), 1000000)` };
}

/** ORDER BY terms, most relevant first (add a tie-breaker after them). */
export function relevanceOrder(folded: SQL, foldedName: SQL, query: string, mode: SearchMode): SQL {
  const { startsWith, closeness } = relevance(folded, foldedName, query, mode);
  return sql`${startsWith} desc, ${closeness} desc`;
}
