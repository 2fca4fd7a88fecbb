import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, ProductSuggestion, ShoppingList } from '#contract/lists';
import { products, shoppingLists } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let catalogue: { id: string; name: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  catalogue = await ctx.db.select({ id: products.id, name: products.name }).from(products).orderBy(products.name).limit(10);
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);

async function create(who: SignedIn, payload: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: as(who), payload });
}

async function createOk(who: SignedIn, payload: object): Promise<ShoppingList> {
  const res = await create(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const twoItems = () => [
  { product_id: catalogue[0].id, name: 'ignoré', quantity: 2 },
  { product_id: null, item_name: 'Piment de Cayenne', quantity: 1, is_manual_item: true, notes: 'bien rouge' },
];

describe('shopping lists API', () => {
  it('creates a list with catalogue and manual items, and returns it to its owner only', async () => {
    const list = await createOk(alice, { name: '  Courses du samedi ', items: twoItems() });
    expect(list).toMatchObject({ name: 'Courses du samedi', status: 'active', cart_validated: false, item_count: 2 });
    // A catalogue line takes the product's own name; a manual line keeps what the user typed.
    expect(list.items[0]).toMatchObject({ product_id: catalogue[0].id, name: catalogue[0].name, quantity: 2, is_manual_item: false });
    expect(list.items[1]).toMatchObject({ product_id: null, name: 'Piment de Cayenne', is_manual_item: true, notes: 'bien rouge' });

    const mine = await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/${list.id}`, headers: as(alice) });
    expect(mine.json()).toEqual(list);
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: as(alice) })).json() as ShoppingList[];
    expect(all.map((l) => l.id)).toContain(list.id);

    for (const [method, url] of [
      ['GET', `/api/shopping-lists/${list.id}`],
      ['PUT', `/api/shopping-lists/${list.id}`],
      ['DELETE', `/api/shopping-lists/${list.id}`],
      ['POST', `/api/shopping-lists/${list.id}/duplicate`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: as(bob), payload: method === 'PUT' ? { name: 'x', items: twoItems() } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(detailOf(res)).toBe('Liste introuvable');
    }
    const bobs = (await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: as(bob) })).json() as ShoppingList[];
    expect(bobs.map((l) => l.id)).not.toContain(list.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists/pas-un-uuid', headers: as(alice) })).statusCode).toBe(404);
  });

  it('applies every save rule with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ name: '   ', items: twoItems() }, 'Veuillez donner un nom à votre liste'],
      [{ items: twoItems() }, 'Veuillez donner un nom à votre liste'],
      [{ name: 'Vide', items: [] }, 'Votre liste doit contenir au moins un article'],
      [{ name: 'Que des zéros', items: [{ name: 'Riz', quantity: 0 }] }, 'Votre liste doit contenir au moins un article'],
      [{ name: 'Sans nom', items: [{ name: '  ', quantity: 1 }] }, "Veuillez entrer un nom d'article"],
      [{ name: 'Négatif', items: [{ name: 'Riz', quantity: -1 }] }, 'La quantité doit être un nombre entier supérieur ou égal à 1'],
      [{ name: 'Décimal', items: [{ name: 'Riz', quantity: 1.5 }] }, 'La quantité doit être un nombre entier supérieur ou égal à 1'],
      [{ name: 'Doublon nom', items: [{ name: 'Crème fraîche', quantity: 1 }, { name: ' creme  FRAICHE', quantity: 2 }] }, 'Article déjà ajouté à la liste'],
      [{ name: 'Doublon produit', items: [{ product_id: catalogue[1].id, quantity: 1 }, { product_id: catalogue[1].id, quantity: 3 }] }, 'Article déjà ajouté à la liste'],
      // A manual line named exactly like a catalogue line is the same article.
      [{ name: 'Doublon mixte', items: [{ product_id: catalogue[1].id, quantity: 1 }, { name: catalogue[1].name.toUpperCase(), quantity: 1 }] }, 'Article déjà ajouté à la liste'],
      [{ name: 'Inconnu', items: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }, "Un article de la liste n'existe plus dans le catalogue"],
      [{ name: 'x'.repeat(101), items: twoItems() }, 'Le nom de la liste ne doit pas dépasser 100 caractères'],
    ];
    for (const [payload, message] of cases) {
      const res = await create(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(detailOf(res)).toBe(message);
    }
    const tooMany = await create(alice, { name: 'Énorme', items: Array.from({ length: 201 }, (_, i) => ({ name: `Article ${i}`, quantity: 1 })) });
    expect(tooMany.statusCode).toBe(400);
  });

  it('drops lines whose quantity is 0 and keeps the order of the others', async () => {
    const list = await createOk(alice, {
      name: 'Avec suppression',
      items: [
        { name: 'Tomates', quantity: 3 },
        { name: 'Oignons', quantity: 0 },
        { name: 'Ail', quantity: 1 },
      ],
    });
    expect(list.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Tomates', 3],
      ['Ail', 1],
    ]);
  });

  it('edits a list in place, and nothing is lost when an edit is refused', async () => {
    const list = await createOk(alice, { name: 'À modifier', items: twoItems() });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shopping-lists/${list.id}`,
      headers: as(alice),
      payload: { name: 'Modifiée', items: [{ name: 'Savon', quantity: 4 }, { product_id: catalogue[2].id, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as ShoppingList;
    expect(updated.name).toBe('Modifiée');
    expect(updated.items.map((i) => i.name)).toEqual(['Savon', catalogue[2].name]);

    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shopping-lists/${list.id}`,
      headers: as(alice),
      payload: { name: 'Cassée', items: [{ name: 'Savon', quantity: 1 }, { name: 'savon', quantity: 1 }] },
    });
    expect(refused.statusCode).toBe(400);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/${list.id}`, headers: as(alice) })).json() as ShoppingList;
    expect(after).toEqual(updated);
  });

  it('blocks edit and delete of lists waiting for delivery, archived or with a validated cart', async () => {
    const states = [
      [{ status: 'pending_delivery' }, 'Cette liste est en attente de livraison : elle ne peut être ni modifiée ni supprimée.'],
      [{ status: 'archived' }, 'Cette liste est archivée : elle ne peut être ni modifiée ni supprimée.'],
      [{ cartValidated: true }, 'Le panier de cette liste a été validé : elle ne peut être ni modifiée ni supprimée.'],
    ] as const;
    for (const [change, message] of states) {
      const list = await createOk(alice, { name: 'Verrouillée', items: twoItems() });
      await ctx.db.update(shoppingLists).set(change).where(eq(shoppingLists.id, list.id));
      const put = await ctx.app.inject({ method: 'PUT', url: `/api/shopping-lists/${list.id}`, headers: as(alice), payload: { name: 'Nouveau', items: twoItems() } });
      expect(put.statusCode).toBe(409);
      expect(detailOf(put)).toBe(message);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/shopping-lists/${list.id}`, headers: as(alice) });
      expect(del.statusCode).toBe(409);
      expect(detailOf(del)).toBe(message);
      // Duplicating stays possible: it is how a past list is reused.
      const copy = await ctx.app.inject({ method: 'POST', url: `/api/shopping-lists/${list.id}/duplicate`, headers: as(alice) });
      expect(copy.statusCode).toBe(201);
      expect(copy.json()).toMatchObject({ name: 'Verrouillée (copie)', status: 'active', cart_validated: false, item_count: 2 });
    }
  });

  it('deletes a list with its items', async () => {
    const list = await createOk(alice, { name: 'À supprimer', items: twoItems() });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/shopping-lists/${list.id}`, headers: as(alice) });
    expect(res.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/${list.id}`, headers: as(alice) })).statusCode).toBe(404);
    const orphans = await ctx.db.execute(sql`select count(*)::int as n from shopping_list_items where list_id = ${list.id}`);
    expect((orphans as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('requires a consumer session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists' })).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: as(agent) })).statusCode).toBe(403);
  });
});

describe('catalogue search for the list editor', () => {
  it('finds products ignoring accents, case and a typo, with their price coverage', async () => {
    const search = async (q: string) =>
      ((await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/product-search?search=${encodeURIComponent(q)}`, headers: as(alice) })).json() as { products: ProductSuggestion[] }).products;
    const creme = await search('creme');
    expect(creme.map((p) => p.name)).toContain('Crème fraîche épaisse, pot 20 cl');
    expect((await search('CRME fraiche')).map((p) => p.name)).toContain('Crème fraîche épaisse, pot 20 cl');
    const riz = await search('riz');
    expect(riz[0].name.startsWith('Riz')).toBe(true);
    expect(riz[0].store_count).toBeGreaterThan(0);
    expect(riz[0].min_price).toBeGreaterThan(0);
    // LIKE and regex metacharacters are plain text.
    expect(await search('%_\\')).toEqual([]);
    expect((await search("'; drop table products; --")).length).toBe(0);
  });
});

describe('text and CSV import', () => {
  const importText = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/shopping-lists/import-text', headers: as(alice), payload });

  it('reads a pasted list and links lines to the catalogue', async () => {
    const res = await importText({ text: '- 2 x Crème fraîche épaisse, pot 20 cl\n* Piment oiseau du jardin\nSucre blanc granulé, paquet 1 kg (3)\nSucre\n\nListe :' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result.item_count).toBe(4);
    expect(result.enhanced_items[0]).toMatchObject({ name: 'Crème fraîche épaisse, pot 20 cl', quantity: 2, exists_in_db: true, confidence: 'high' });
    expect(result.enhanced_items[0].product_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.enhanced_items[1]).toMatchObject({ name: 'Piment oiseau du jardin', exists_in_db: false, product_id: null, confidence: 'low' });
    expect(result.enhanced_items[2]).toMatchObject({ name: 'Sucre blanc granulé, paquet 1 kg', quantity: 3, exists_in_db: true });
    // A bare word goes to a product named after it, not to one that merely contains it ("Lait concentré sucré").
    expect(result.enhanced_items[3].name).toMatch(/^Sucre /);
    // The alias answers the document import's shape: the unit read, the candidates, the kind of document.
    expect(result.enhanced_items[0]).toMatchObject({ unit: 'pot', candidates: expect.any(Array) });
    expect(result).toMatchObject({ document_kind: 'text', ocr_confidence: null });
  });

  it('reads a CSV file with a header in any column order', async () => {
    const res = await importText({ filename: 'courses.csv', text: 'Quantité;Article;Marque\n2;Lait UHT demi-écrémé, brique 1 L;\n1;"Savon noir; artisanal";Maison\n' });
    const result = res.json() as ImportResult;
    expect(result.enhanced_items.map((i) => [i.name, i.quantity, i.exists_in_db])).toEqual([
      ['Lait UHT demi-écrémé, brique 1 L', 2, true],
      ['Savon noir; artisanal', 1, false],
    ]);
    expect(result.enhanced_items[1].brand).toBe('Maison');
  });

  it('answers the spec message when nothing can be read', async () => {
    const res = await importText({ text: '\n   \n' });
    expect(res.statusCode).toBe(422);
    expect(detailOf(res)).toBe("Impossible d'extraire les articles du document");
  });
});
