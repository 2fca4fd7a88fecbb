// The catalogue's cache key of a search (searchKey) folds Latin letters as the database's mp_fold
// does, so that "Crème" and "creme" share an answer. Two searches may only share an entry if the
// database folds them alike: checked here against mp_fold for every character a French, Spanish,
// Portuguese, Vietnamese or Turkish keyboard types, and a few others.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { queryRows } from './sql-rows';
import { normaliseSearch, searchKey } from './text-search';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** mp_fold of each text, by the database. */
async function folded(texts: string[]): Promise<string[]> {
  const rows = await queryRows<{ folded: string }>(ctx.db, sql`select mp_fold(t) as folded from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality u(t, n) order by n`);
  return rows.map((r) => r.folded);
}

describe('searchKey', () => {
  it('never merges two characters that mp_fold keeps apart: mp_fold(searchKey(c)) = mp_fold(c)', async () => {
    const characters: string[] = [];
    // ASCII, Latin-1, Latin Extended-A and B, IPA, Greek, Cyrillic, Vietnamese, typographic marks.
    for (const [from, to] of [[0x20, 0x7e], [0xa0, 0x24f], [0x370, 0x3ff], [0x400, 0x4ff], [0x1e00, 0x1eff], [0x2010, 0x2027]]) {
      for (let code = from; code <= to; code++) characters.push(String.fromCodePoint(code));
    }
    const [original, keyed] = [await folded(characters), await folded(characters.map(searchKey))];
    const differing = characters.filter((_, i) => original[i] !== keyed[i]);
    expect(differing).toEqual([]);
  });

  it('makes "Crème Fraîche" and "creme fraiche" one key, and keeps other characters as typed', () => {
    expect(searchKey('Crème Fraîche')).toBe('creme fraiche');
    expect(searchKey('ÉPONGES Œuf')).toBe('eponges œuf');
    expect(searchKey('Σ 50%')).toBe('Σ 50%');
  });
});

describe('normaliseSearch', () => {
  it('trims, makes inner runs of spaces one space, and calls a blank search no search', () => {
    expect(normaliseSearch('  lait \t entier ')).toBe('lait entier');
    expect(normaliseSearch('crème,fraîche')).toBe('crème,fraîche');
    expect(normaliseSearch('   ')).toBeUndefined();
    expect(normaliseSearch(undefined)).toBeUndefined();
  });
});
