// Scores a product search against the labelled searches (search-cases.fixture.ts): precision@1 (the
// first answer is one of the right ones), recall@5 (the products that must show are among the
// first five), and the searches answered nothing although products of that kind exist, or answered
// something although none does. Shared by the ranking test and `npm run bench -- search`.
import type { SearchCase } from './search-cases.fixture';

export type SearchMiss = { query: string; got: string[]; wanted: string[] };

export type SearchEvaluation = {
  cases: number;
  precisionAt1: number;
  recallAt5: number;
  /** Searches with products of their kind that answered nothing. */
  emptyWhenFound: string[];
  /** Searches for what the catalogue has not that answered something. */
  foundWhenNone: SearchMiss[];
  firstMisses: SearchMiss[];
  recallMisses: SearchMiss[];
};

/** Runs every case through `search` (a query → the names it answers, best first) and scores the answers. */
export async function evaluateSearches(cases: readonly SearchCase[], search: (query: string) => Promise<string[]>): Promise<SearchEvaluation> {
  let firstRight = 0;
  let ranked = 0;
  let wantedInTop5 = 0;
  let wantedCount = 0;
  const evaluation: SearchEvaluation = { cases: cases.length, precisionAt1: 0, recallAt5: 0, emptyWhenFound: [], foundWhenNone: [], firstMisses: [], recallMisses: [] };
  for (const c of cases) {
    const got = await search(c.query);
    if (c.none) {
      if (got.length > 0) evaluation.foundWhenNone.push({ query: c.query, got: got.slice(0, 5), wanted: [] });
      continue;
    }
    const first = c.first ?? [];
    const top5 = c.top5 ?? first.slice(0, 1);
    ranked++;
    if (got.length === 0) evaluation.emptyWhenFound.push(c.query);
    if (first.includes(got[0])) firstRight++;
    else evaluation.firstMisses.push({ query: c.query, got: got.slice(0, 5), wanted: first });
    const shown = new Set(got.slice(0, 5));
    const missing = top5.filter((name) => !shown.has(name));
    wantedCount += top5.length;
    wantedInTop5 += top5.length - missing.length;
    if (missing.length > 0) evaluation.recallMisses.push({ query: c.query, got: got.slice(0, 5), wanted: missing });
  }
  evaluation.precisionAt1 = ranked === 0 ? 1 : firstRight / ranked;
  evaluation.recallAt5 = wantedCount === 0 ? 1 : wantedInTop5 / wantedCount;
  return evaluation;
}

/** The evaluation in a few lines, for a failing test's message and the benchmark's report. */
export function describeEvaluation(e: SearchEvaluation): string {
  const misses = (list: SearchMiss[]) => list.map((m) => `  « ${m.query} » → ${JSON.stringify(m.got)} (voulu : ${JSON.stringify(m.wanted)})`).join('\n');
  return [
    `${e.cases} recherches : précision@1 ${(e.precisionAt1 * 100).toFixed(1)} %, rappel@5 ${(e.recallAt5 * 100).toFixed(1)} %`,
    `sans résultat alors que le produit existe : ${e.emptyWhenFound.length ? e.emptyWhenFound.join(', ') : 'aucune'}`,
    `des résultats alors qu'aucun produit de ce type n'existe : ${e.foundWhenNone.length ? `\n${misses(e.foundWhenNone)}` : 'aucune'}`,
    e.firstMisses.length ? `premier résultat faux :\n${misses(e.firstMisses)}` : 'premier résultat toujours juste',
    e.recallMisses.length ? `absents des cinq premiers :\n${misses(e.recallMisses)}` : 'rien ne manque aux cinq premiers',
  ].join('\n');
}
