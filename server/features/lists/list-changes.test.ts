// Offline list changes through the API (issue 15): POST /api/shopping-lists/{id}/changes merges each
// change item by item with what another device did meanwhile, and every list write honours an
// Idempotency-Key, so that a phone replaying its outbox never applies a change twice.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListChange, ListChangesResult } from '#contract/list-changes';
import type { ShoppingList } from '#contract/lists';
import { products, shoppingLists } from '../../db/schema';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let rice: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  [rice] = await ctx.db.select({ id: products.id, name: products.name }).from(products).orderBy(products.name).limit(1);
});
afterAll(() => ctx.close());

type Call = { who: SignedIn; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; key?: string };
const call = ({ who, method, url, payload, key }: Call) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: { ...bearer(who.access_token), ...(key ? { 'idempotency-key': key } : {}) } });

async function newList(who: SignedIn, name = 'Courses du marché'): Promise<ShoppingList> {
  const res = await call({
    who,
    method: 'POST',
    url: '/shopping-lists',
    payload: { name, items: [{ product_id: rice.id, quantity: 1 }, { name: 'Sucre', quantity: 2 }, { name: 'Savon', quantity: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const send = (who: SignedIn, listId: string, changes: ListChange[], key?: string) => call({ who, method: 'POST', url: `/shopping-lists/${listId}/changes`, payload: { changes }, key });
const read = async (who: SignedIn, listId: string): Promise<ShoppingList> => (await call({ who, method: 'GET', url: `/shopping-lists/${listId}` })).json();
const countLists = async (who: SignedIn) => ((await call({ who, method: 'GET', url: '/shopping-lists' })).json() as ShoppingList[]).length;
const byName = (list: ShoppingList, name: string) => list.items.find((i) => i.name === name);
const sugar = { product_id: null, name: 'Sucre' };
const soap = { product_id: null, name: 'Savon' };

async function ok(res: LightMyRequestResponse): Promise<ListChangesResult> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('list changes', () => {
  it('applies a rename, an added item, a tick, a quantity and a removal, in order', async () => {
    const list = await newList(alice);
    const result = await ok(
      await send(alice, list.id, [
        { type: 'rename', name: 'Courses du samedi' },
        { type: 'add_item', item: { name: 'Lait', quantity: 1 } },
        { type: 'set_checked', item: { product_id: rice.id, name: 'riz' }, checked: true },
        { type: 'set_quantity', item: sugar, quantity: 5 },
        { type: 'remove_item', item: soap },
      ]),
    );
    expect(result.notices).toEqual([]);
    expect(result.list.name).toBe('Courses du samedi');
    expect(result.list.items.map((i) => [i.name, i.quantity, i.checked])).toEqual([
      [rice.name, 1, true],
      ['Sucre', 5, false],
      ['Lait', 1, false],
    ]);
    expect(await read(alice, list.id)).toEqual(result.list);
  });

  it('merges per item with an edit made elsewhere, and names the item it could not merge', async () => {
    const list = await newList(alice);
    // Another device renames the list and removes the soap through a full edit (new row ids).
    const edited = await call({ who: alice, method: 'PUT', url: `/shopping-lists/${list.id}`, payload: { name: 'Renommée ailleurs', items: [{ product_id: rice.id, quantity: 3 }, { name: 'Sucre', quantity: 2 }] } });
    expect(edited.statusCode, edited.body).toBe(200);

    // The phone, offline meanwhile, ticked the sugar and the soap and changed the soap's quantity.
    const result = await ok(
      await send(alice, list.id, [
        { type: 'set_checked', item: sugar, checked: true },
        { type: 'set_checked', item: soap, checked: true },
        { type: 'set_quantity', item: soap, quantity: 4 },
      ]),
    );
    expect(result.list.name).toBe('Renommée ailleurs');
    expect(result.list.items.map((i) => [i.name, i.quantity, i.checked])).toEqual([
      [rice.name, 3, false],
      ['Sucre', 2, true],
    ]);
    expect(result.notices).toEqual([
      { code: 'item_removed_elsewhere', item_name: 'Savon' },
      { code: 'item_removed_elsewhere', item_name: 'Savon' },
    ]);
  });

  it('a rename made offline replaces a rename made elsewhere meanwhile, and says which name it replaced', async () => {
    const list = await newList(alice);
    const edited = await call({ who: alice, method: 'PUT', url: `/shopping-lists/${list.id}`, payload: { name: 'Courses du 24', items: [{ name: 'Sucre', quantity: 2 }] } });
    expect(edited.statusCode, edited.body).toBe(200);

    const result = await ok(await send(alice, list.id, [{ type: 'rename', name: 'Courses de Noël', from: list.name }]));
    expect(result.list.name).toBe('Courses de Noël');
    expect(result.list.items.map((i) => i.name)).toEqual(['Sucre']);
    expect(result.notices).toEqual([{ code: 'renamed_elsewhere', replaced_name: 'Courses du 24' }]);
    expect(await read(alice, list.id)).toEqual(result.list);
  });

  it('a full edit that does not mention ticks keeps them; a copy starts unticked', async () => {
    const list = await newList(alice);
    await ok(await send(alice, list.id, [{ type: 'set_checked', item: sugar, checked: true }]));
    const res = await call({ who: alice, method: 'PUT', url: `/shopping-lists/${list.id}`, payload: { name: list.name, items: [{ name: 'sucre', quantity: 9 }, { name: 'Sel', quantity: 1 }] } });
    expect(res.json().items.map((i: { name: string; checked: boolean }) => [i.name, i.checked])).toEqual([
      ['sucre', true],
      ['Sel', false],
    ]);
    const copy = await call({ who: alice, method: 'POST', url: `/shopping-lists/${list.id}/duplicate` });
    expect(copy.json().items.every((i: { checked: boolean }) => !i.checked)).toBe(true);
  });

  it('adds a catalogue product under its catalogue name, and refuses an unknown product', async () => {
    const list = await newList(alice, 'Sans riz');
    await ok(await send(alice, list.id, [{ type: 'remove_item', item: { product_id: rice.id, name: rice.name } }]));
    const added = await ok(await send(alice, list.id, [{ type: 'add_item', item: { product_id: rice.id, name: 'ignoré', quantity: 2 } }]));
    expect(byName(added.list, rice.name)).toMatchObject({ product_id: rice.id, quantity: 2, is_manual_item: false });
    const unknown = await send(alice, list.id, [{ type: 'add_item', item: { product_id: randomUUID(), name: 'Fantôme', quantity: 1 } }]);
    expect(unknown.statusCode).toBe(400);
    expect(detailOf(unknown)).toBe("Un article de la liste n'existe plus dans le catalogue");
  });

  it('answers 404 for a deleted list or another user’s, 409 for a locked one, 400 for a bad change', async () => {
    const list = await newList(alice);
    const bobs = await send(bob, list.id, [{ type: 'rename', name: 'Piratée' }]);
    expect(bobs.statusCode).toBe(404);
    expect(detailOf(bobs)).toBe('Liste introuvable');
    expect((await read(alice, list.id)).name).toBe('Courses du marché');

    const bad = await send(alice, list.id, [{ type: 'set_quantity', item: sugar, quantity: -2 }]);
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe('La quantité doit être un nombre entier supérieur ou égal à 1');

    await ctx.db.update(shoppingLists).set({ status: 'pending_delivery' }).where(eq(shoppingLists.id, list.id));
    const locked = await send(alice, list.id, [{ type: 'set_checked', item: sugar, checked: true }]);
    expect(locked.statusCode).toBe(409);
    expect(detailOf(locked)).toBe('Cette liste est en attente de livraison : elle ne peut être ni modifiée ni supprimée.');

    const other = await newList(alice);
    expect((await call({ who: alice, method: 'DELETE', url: `/shopping-lists/${other.id}` })).statusCode).toBe(204);
    expect((await send(alice, other.id, [{ type: 'set_checked', item: sugar, checked: true }])).statusCode).toBe(404);
  });
});

describe('Idempotency-Key on the list writes', () => {
  it('a change sent again with its key returns the first answer and is not applied twice', async () => {
    const list = await newList(alice);
    const key = randomUUID();
    const first = await send(alice, list.id, [{ type: 'set_quantity', item: sugar, quantity: 3 }], key);
    expect(first.statusCode).toBe(200);
    // Meanwhile the user changes the quantity again; then the first change's answer is lost and it is replayed.
    await ok(await send(alice, list.id, [{ type: 'set_quantity', item: sugar, quantity: 7 }], randomUUID()));
    const replay = await send(alice, list.id, [{ type: 'set_quantity', item: sugar, quantity: 3 }], key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(byName(await read(alice, list.id), 'Sucre')?.quantity).toBe(7);
  });

  it('a list created offline is created once however often it is sent, even twice at the same time', async () => {
    const before = await countLists(alice);
    const key = randomUUID();
    const payload = { id: randomUUID(), name: 'Créée hors connexion', items: [{ name: 'Manioc', quantity: 2 }] };
    const [a, b] = await Promise.all([call({ who: alice, method: 'POST', url: '/shopping-lists', payload, key }), call({ who: alice, method: 'POST', url: '/shopping-lists', payload, key })]);
    const c = await call({ who: alice, method: 'POST', url: '/shopping-lists', payload, key });
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(a.json().id).toBe(payload.id);
    expect(await countLists(alice)).toBe(before + 1);

    // The same id under a new key is refused: it names an existing list.
    const taken = await call({ who: alice, method: 'POST', url: '/shopping-lists', payload, key: randomUUID() });
    expect(taken.statusCode).toBe(409);
    expect(detailOf(taken)).toBe('Cet identifiant de liste est déjà utilisé.');
  });

  it('a duplicate sent twice with its key makes one copy', async () => {
    const list = await newList(alice);
    const before = await countLists(alice);
    const key = randomUUID();
    const first = await call({ who: alice, method: 'POST', url: `/shopping-lists/${list.id}/duplicate`, key });
    const again = await call({ who: alice, method: 'POST', url: `/shopping-lists/${list.id}/duplicate`, key });
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countLists(alice)).toBe(before + 1);
  });

  it('refuses the same key with another body (422) or another path, in French', async () => {
    const list = await newList(alice);
    const key = randomUUID();
    await ok(await send(alice, list.id, [{ type: 'set_checked', item: sugar, checked: true }], key));
    const otherBody = await send(alice, list.id, [{ type: 'set_checked', item: sugar, checked: false }], key);
    expect(otherBody.statusCode).toBe(422);
    expect(detailOf(otherBody)).toBe('Cette clé Idempotency-Key a déjà servi pour une autre requête : utilisez une nouvelle clé.');
    const otherPath = await call({ who: alice, method: 'PUT', url: `/shopping-lists/${list.id}`, payload: { name: 'x', items: [{ name: 'Sel', quantity: 1 }] }, key });
    expect(otherPath.statusCode).toBe(422);
    expect(byName(await read(alice, list.id), 'Sucre')?.checked).toBe(true);
  });

  it('keeps keys per user: two users may use the same key, and another user’s key never returns their answer', async () => {
    const key = randomUUID();
    const alices = await newList(alice, 'Liste d’Alice');
    const bobs = await newList(bob, 'Liste de Bob');
    const a = await ok(await send(alice, alices.id, [{ type: 'rename', name: 'Alice, samedi' }], key));
    const b = await ok(await send(bob, bobs.id, [{ type: 'rename', name: 'Bob, dimanche' }], key));
    expect(a.list.name).toBe('Alice, samedi');
    expect(b.list.name).toBe('Bob, dimanche');

    // Bob replays Alice's exact request with a key only she used: he is answered as himself (not
    // his list: 404), never with her stored answer.
    const alicesOwnKey = randomUUID();
    await ok(await send(alice, alices.id, [{ type: 'set_checked', item: sugar, checked: true }], alicesOwnKey));
    const stolen = await send(bob, alices.id, [{ type: 'set_checked', item: sugar, checked: true }], alicesOwnKey);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('Alice, samedi');
    expect(detailOf(stolen)).toBe('Liste introuvable');
  });

  it('a refusal is the answer too: replayed, it is returned again without applying the change', async () => {
    const list = await newList(alice);
    const key = randomUUID();
    await ctx.db.update(shoppingLists).set({ status: 'archived' }).where(eq(shoppingLists.id, list.id));
    const refused = await send(alice, list.id, [{ type: 'rename', name: 'Trop tard' }], key);
    expect(refused.statusCode).toBe(409);
    await ctx.db.update(shoppingLists).set({ status: 'active' }).where(eq(shoppingLists.id, list.id));
    const replay = await send(alice, list.id, [{ type: 'rename', name: 'Trop tard' }], key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(refused.json());
    expect((await read(alice, list.id)).name).toBe('Courses du marché');
  });

  it('refuses a malformed key in French, and works as before without one', async () => {
    const list = await newList(alice);
    const bad = await send(alice, list.id, [{ type: 'rename', name: 'x' }], 'court');
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe('L’en-tête Idempotency-Key est invalide : de 8 à 200 caractères visibles, sans espace.');
    await ok(await send(alice, list.id, [{ type: 'rename', name: 'Sans clé' }]));
    await ok(await send(alice, list.id, [{ type: 'rename', name: 'Sans clé' }]));
  });
});
