// Scores the matcher against the calibration table (match-cases.fixture.ts): which lines it got
// right, and the precision of each confidence. Shared by the API test and by tuning runs.
import type { ProductRow } from './catalogue-matcher';
import type { LineMatch } from './catalogue-matcher';
import type { MatchCase } from './match-cases.fixture';

export type CaseOutcome = { case: MatchCase; match: LineMatch; right: boolean; quantityRight: boolean };

export type Evaluation = {
  outcomes: CaseOutcome[];
  /** Share of 'high' answers that are right. */
  highPrecision: number;
  highCount: number;
  /** Share of linked answers (any confidence) that are right. */
  linkedPrecision: number;
  /** Share of lines naming a catalogue article that are linked to the right product. */
  recall: number;
  /** Share of lines naming a catalogue article linked right with 'high' confidence. */
  highRecall: number;
  /** Share of articles absent from the catalogue that stay manual. */
  absentKept: number;
  byConfidence: Record<string, { count: number; right: number }>;
};

/** Resolves a fragment of a product name to the one product it names; throws when it names none or several. */
export function resolveExpected(rows: readonly ProductRow[], fragment: string): ProductRow {
  const found = rows.filter((r) => r.name.includes(fragment));
  if (found.length !== 1) throw new Error(`"${fragment}" names ${found.length} products`);
  return found[0];
}

export function evaluate(rows: readonly ProductRow[], cases: readonly MatchCase[], matches: readonly LineMatch[]): Evaluation {
  const outcomes = cases.map((c, i) => {
    const match = matches[i];
    const expected = c.expected === null ? [null] : Array.isArray(c.expected) ? c.expected : [c.expected];
    const ids = expected.map((e) => (e === null ? null : resolveExpected(rows, e).id));
    const right = ids.includes(match.product?.id ?? null);
    return { case: c, match, right, quantityRight: c.qty === undefined || match.quantity === c.qty };
  });
  const linked = outcomes.filter((o) => o.match.product);
  const high = outcomes.filter((o) => o.match.product && o.match.confidence === 'high');
  const inCatalogue = outcomes.filter((o) => o.case.expected !== null);
  const absent = outcomes.filter((o) => o.case.expected === null);
  const byConfidence: Evaluation['byConfidence'] = {};
  for (const o of outcomes) {
    const key = o.match.product ? o.match.confidence : 'manual';
    byConfidence[key] ??= { count: 0, right: 0 };
    byConfidence[key].count++;
    if (o.right) byConfidence[key].right++;
  }
  const share = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    outcomes,
    highPrecision: share(high.filter((o) => o.right).length, high.length),
    highCount: high.length,
    linkedPrecision: share(linked.filter((o) => o.right).length, linked.length),
    recall: share(inCatalogue.filter((o) => o.right && o.match.product).length, inCatalogue.length),
    highRecall: share(inCatalogue.filter((o) => o.right && o.match.product && o.match.confidence === 'high').length, inCatalogue.length),
    absentKept: share(absent.filter((o) => !o.match.product).length, absent.length),
    byConfidence,
  };
}
