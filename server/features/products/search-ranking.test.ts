// Issue 28, items 1 and 3: one search for the whole app, ranked by relevance and measured. The
// labelled searches (search-cases.fixture.ts: sizes, packages, brands, typing slips, local names)
// run through the catalogue's API; the list builder (and the comparator, which calls it) must
// answer the same products in the same order; the ranking must stay within the budgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type SignedIn, type TestContext, trustedUser } from '../../test/harness';
import { addSearchCatalogue } from './search-catalogue.fixture';
import { HELD_OUT_CASES, namedProducts, SEARCH_CASES } from './search-cases.fixture';
import { describeEvaluation, evaluateSearches } from './search-evaluation';

let ctx: TestContext;
let shopper: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  await addSearchCatalogue(ctx.db);
  shopper = await trustedUser(ctx);
});
afterAll(() => ctx.close());

const catalogue = async (search: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(search)}&limit=20` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string }[]).map((p) => p.name);
};
const listBuilder = async (search: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/product-search?search=${encodeURIComponent(search)}&limit=20`, headers: bearer(shopper.access_token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().products as { name: string }[]).map((p) => p.name);
};

describe('the labelled searches', () => {
  it('name only products of the catalogue', async () => {
    const names = new Set((await ctx.db.query.products.findMany({ columns: { name: true } })).map((p) => p.name));
    expect([...namedProducts()].filter((name) => !names.has(name))).toEqual([]);
  });

  it.each([
    ['tuned on', SEARCH_CASES],
    ['never tuned on', HELD_OUT_CASES],
  ] as const)('the searches it was %s: precision@1 ≥ 90 %, recall@5 ≥ 97 %, nothing empty where products exist', async (_label, cases) => {
    const e = await evaluateSearches(cases, catalogue);
    expect(e.precisionAt1, describeEvaluation(e)).toBeGreaterThanOrEqual(0.9);
    expect(e.recallAt5, describeEvaluation(e)).toBeGreaterThanOrEqual(0.97);
    expect(e.emptyWhenFound, describeEvaluation(e)).toEqual([]);
    expect(e.foundWhenNone, describeEvaluation(e)).toEqual([]);
  });

  it('the list builder answers every one of them as the catalogue does', async () => {
    const differ: string[] = [];
    for (const c of [...SEARCH_CASES, ...HELD_OUT_CASES]) {
      const [a, b] = [await catalogue(c.query), await listBuilder(c.query)];
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`« ${c.query} »: ${JSON.stringify(a.slice(0, 3))} ≠ ${JSON.stringify(b.slice(0, 3))}`);
    }
    expect(differ).toEqual([]);
  });
});
