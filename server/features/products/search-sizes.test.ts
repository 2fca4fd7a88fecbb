// Issue 28, items 1 and 2: « riz 5kg », « sucre 1kg », « huile 2L », « eau 1,5L » found nothing and
// « riz 5 kg » ranked the 25 kg sack first; the list builder had a search of its own that found
// neither « lait nido » nor « huile cuisin ». Now the size is a word of the query, the product of that
// size ranks first, and the catalogue and the list builder answer the same products in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type SignedIn, type TestContext, trustedUser } from '../../test/harness';

let ctx: TestContext;
let shopper: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  shopper = await trustedUser(ctx);
});
afterAll(() => ctx.close());

const catalogue = async (search: string) =>
  ((await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(search)}&limit=20` })).json() as { id: string; name: string }[]);
const listBuilder = async (search: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/product-search?search=${encodeURIComponent(search)}&limit=20`, headers: bearer(shopper.access_token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products as { id: string; name: string }[];
};

describe('a size in the search', () => {
  it.each([
    ['riz 5kg', 'Riz parfumé, sac 5 kg'],
    ['riz 5 kg', 'Riz parfumé, sac 5 kg'],
    ['Riz 25KG', 'Riz parfumé, sac 25 kg'],
    ['sucre 1kg', 'Sucre blanc en morceaux, paquet 1 kg'],
    ['huile 2L', "Huile de palme raffinée Cuisin'Or, bouteille 2 L"],
    ['huile 90cl', "Huile de palme raffinée Cuisin'Or, bouteille 0,9 L"],
    ['eau 1,5L', 'Eau minérale Andza, bouteille 1,5 L'],
    ['eau 1.5 l', 'Eau minérale Andza, bouteille 1,5 L'],
    ['lait 400g', 'Lait en poudre, boîte 400 g'],
    ['biere 33cl', 'Bière Régab, bouteille 33 cl'],
    ['eau 1,5L x6', 'Eau minérale Andza, pack 6 × 1,5 L'],
  ])('« %s » puts « %s » first, in the catalogue and in the list builder', async (search, first) => {
    const found = await catalogue(search);
    expect(found[0]?.name, JSON.stringify(found.map((p) => p.name))).toBe(first);
    expect((await listBuilder(search)).map((p) => p.id)).toEqual(found.map((p) => p.id));
  });

  it('a size no product has still shows the products of that kind, with the sizes that exist', async () => {
    const names = (await catalogue('riz 10kg')).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Riz parfumé, sac 5 kg', 'Riz parfumé, sac 25 kg']));
  });

  it('says whether the size asked for was found (the page then shows the sizes that exist)', async () => {
    const header = async (search: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(search)}` })).headers['x-search-size-found'];
    expect(await header('riz 10kg')).toBe('false');
    expect(await header('riz 5kg')).toBe('true');
    // Read again from the page cache: the same answer.
    expect(await header('riz 10kg')).toBe('false');
    expect(await header('riz')).toBeUndefined();
    expect(await header('huile 3L')).toBe('false');
  });
});

describe('the list builder searches as the catalogue does', () => {
  it.each(['lait nido', 'huile cuisin', 'sardines', 'huille', 'crme'])('« %s »: the same products in the same order', async (search) => {
    const fromCatalogue = (await catalogue(search)).map((p) => p.id);
    expect((await listBuilder(search)).map((p) => p.id)).toEqual(fromCatalogue);
  });

  it('finds « huile cuisin » (it answered « Aucun produit trouvé »)', async () => {
    expect((await listBuilder('huile cuisin')).map((p) => p.name)).toEqual(expect.arrayContaining(["Huile de palme raffinée Cuisin'Or, bouteille 2 L"]));
  });
});
