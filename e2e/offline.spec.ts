// The installable, offline-first app (issue 15): the manifest and the service worker, an offline
// reload, shopping lists edited offline and sent once when the network returns, the actions that
// need the network, and changes merged with those made elsewhere. Offline is Playwright's
// context.setOffline; the service worker works on the test server's origin (127.0.0.1).
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { ShoppingList } from '#contract/lists';
import { createAccount, createListThroughApi, useSessionOf, type TestAccount } from './fixtures';

// The service worker is what this file is about (the other journeys block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const auth = (user: TestAccount) => ({ authorization: `Bearer ${user.access_token}` });

async function listsOnServer(request: APIRequestContext, user: TestAccount): Promise<ShoppingList[]> {
  const res = await request.get('/api/shopping-lists', { headers: auth(user) });
  expect(res.status()).toBe(200);
  return res.json();
}

async function listThroughApi(request: APIRequestContext, user: TestAccount, name: string, items: string[]): Promise<ShoppingList> {
  const res = await request.post('/api/shopping-lists', { headers: auth(user), data: { name, items: items.map((item) => ({ name: item, quantity: 1 })) } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The queries under these keys are in the copy saved for offline reading (IndexedDB). */
async function savedForOffline(page: Page, ...keys: string[][]) {
  const saved = () =>
    page.evaluate(async (wanted) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('monpanier-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const snapshot = await new Promise<{ client?: { clientState: { queries: { queryKey: unknown[] }[] } } } | undefined>((resolve) => {
        const req = db.transaction('snapshots').objectStore('snapshots').get('query-cache');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(undefined);
      });
      db.close();
      const savedKeys = (snapshot?.client?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey));
      return wanted.every((key) => savedKeys.some((k) => k.startsWith(JSON.stringify(key).slice(0, -1))));
    }, keys);
  await expect.poll(saved).toBe(true);
}

/** The page is controlled by the service worker: from now on a reload works offline. */
async function serviceWorkerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const indicator = (page: Page) => page.getByTestId('offline-indicator');
const firstProduct = (page: Page) => page.getByRole('list', { name: 'Produits' }).getByRole('listitem').first().getByRole('button').first();
const card = (page: Page, name: string) => page.getByTestId('list-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/**
 * Cuts the network once the page has loaded its connection pill and the outbox (they load when the
 * browser is first idle) and the service worker controls it (it registers a few seconds after a
 * first visit's load): cut before, the page could not fetch the scripts of its dialogs.
 */
async function goOffline(context: BrowserContext, page: Page) {
  await expect(indicator(page)).toBeAttached();
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Hors connexion');
}

test('installable: the manifest and its icons are served, the service worker takes control, and an offline reload shows the app, its lists, the catalogue and the last optimisation', async ({ page, context, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('manifest+json');
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'MonPanier — Marketplace du Gabon', short_name: 'MonPanier', start_url: '/dashboard', display: 'standalone', lang: 'fr', theme_color: '#047857' });
  expect(body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of body.icons as { src: string; sizes: string }[]) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    // A PNG's width is the big-endian 32-bit number at byte 16.
    expect(`${(await png.body()).readUInt32BE(16)}x${(await png.body()).readUInt32BE(20)}`).toBe(icon.sizes);
  }

  const user = await createAccount(request);
  await listThroughApi(request, user, 'Courses de la semaine', ['Manioc', 'Piment']);
  const priced = await createListThroughApi(request, user.access_token, 'Épicerie du mois');
  await useSessionOf(page, user);
  await page.goto('/products');
  const product = await firstProduct(page).getAttribute('aria-label');
  expect(product).toMatch(/^Détails : /);
  // Within the app from now on (a page left within a second may not have saved what it just read).
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Mes listes' }).click();
  await page.getByRole('link', { name: 'Épicerie du mois' }).click();
  const bestTotal = page.getByTestId('total-best_prices');
  await expect(bestTotal).toContainText('FCFA');
  const total = await bestTotal.innerText();
  await nav.getByRole('link', { name: 'Mes listes' }).click();
  await expect(card(page, 'Courses de la semaine')).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await serviceWorkerInControl(page);
  await savedForOffline(page, ['shopping-lists'], ['products', 'page'], ['last-optimisation', priced.id]);

  await goOffline(context, page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mes listes' })).toBeVisible();
  await expect(card(page, 'Courses de la semaine')).toContainText('Manioc, Piment');
  await expect(indicator(page)).toHaveText('Hors connexion');
  await expect(page.getByText(/Listes du serveur reçues le/)).toBeVisible();

  await page.goto('/products');
  await expect(firstProduct(page)).toHaveAttribute('aria-label', product!);
  await expect(page.getByTestId('saved-data-note')).toContainText(/Hors connexion : données du \d{2}\/\d{2}\/\d{4}.*, peut-être plus à jour\./);
  await expect(indicator(page)).toHaveText('Hors connexion');
  await page.screenshot({ path: 'test-results/screens/offline-products.png' });

  // The last optimisation of a list, as computed online, marked as possibly out of date.
  await page.goto(`/shopping-lists/${priced.id}/compare`);
  await expect(page.getByTestId('saved-data-note')).toContainText(/Hors connexion : dernière optimisation, calculée le \d{2}\/\d{2}\/\d{4}/);
  await expect(bestTotal).toHaveText(total);
  await page.screenshot({ path: 'test-results/screens/offline-compare.png' });
  await context.setOffline(false);
  await expect(page.getByTestId('saved-data-note')).toBeHidden();
});

test('offline, a list is created, renamed, added to, ticked and re-counted; a reload keeps it all; back online it is sent once; logout wipes it', async ({ page, context, request }) => {
  const user = await createAccount(request);
  await useSessionOf(page, user);
  await page.goto('/shopping-lists');
  await expect(page.getByText("Vous n'avez pas encore de liste")).toBeVisible();
  await savedForOffline(page, ['shopping-lists']);
  await goOffline(context, page);

  // A new list, saved on the device.
  await page.getByRole('link', { name: 'Nouvelle liste' }).click();
  await expect(page.getByText(/Hors connexion : la recherche ne montre que les produits enregistrés sur cet appareil/)).toBeVisible();
  await page.getByLabel('Nom de la liste').fill('Marché du samedi');
  for (const item of ['Manioc', 'Piment']) {
    await page.getByLabel("Nom de l'article").fill(item);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
  await expect(page.getByText('Enregistré sur cet appareil : ce sera envoyé dès le retour du réseau.')).toBeVisible();
  await expect(card(page, 'Marché du samedi')).toContainText('En attente d’envoi');

  // Renamed, one more item, a new quantity: in the editor.
  await card(page, 'Marché du samedi').getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel('Nom de la liste').fill('Marché de Mont-Bouët');
  await page.getByLabel("Nom de l'article").fill('Banane plantain');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await page.getByRole('button', { name: 'Augmenter la quantité de Manioc' }).click();
  await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
  const list = card(page, 'Marché de Mont-Bouët');
  await expect(list).toContainText('3 articles');

  // Ticked and re-counted while shopping: in the details.
  await list.getByRole('button', { name: 'Détails' }).click();
  const details = page.getByRole('dialog', { name: 'Liste « Marché de Mont-Bouët »' });
  await details.getByRole('checkbox', { name: 'Piment' }).check();
  await details.getByRole('button', { name: 'Augmenter la quantité de Banane plantain' }).click();
  await expect(details.getByLabel('Quantité Banane plantain')).toHaveValue('2');
  await details.getByRole('button', { name: 'Fermer' }).click();
  await expect(indicator(page)).toHaveText('Hors connexion · 4 modifications en attente');

  // Still offline, a reload keeps every change (nothing undone by the cached lists).
  await page.reload();
  await expect(list).toContainText('Manioc ×2, Piment, Banane plantain ×2');
  await list.getByRole('button', { name: 'Détails' }).click();
  await expect(details.getByRole('checkbox', { name: 'Piment' })).toBeChecked();
  await expect(details.getByRole('checkbox', { name: 'Manioc' })).not.toBeChecked();
  await details.getByRole('button', { name: 'Fermer' }).click();
  expect(await listsOnServer(request, user)).toEqual([]);

  // Back online: sent, in order, once.
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Connexion rétablie : 4 modifications envoyées');
  await expect(list).not.toContainText('En attente d’envoi');
  const [saved, ...others] = await listsOnServer(request, user);
  expect(others).toEqual([]);
  expect(saved.name).toBe('Marché de Mont-Bouët');
  expect(saved.items.map((i) => [i.name, i.quantity, i.checked])).toEqual([
    ['Manioc', 2, false],
    ['Piment', 1, true],
    ['Banane plantain', 2, false],
  ]);

  // Logout leaves nothing of this user's lists on the device.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login/);
  const left = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('monpanier-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        const req = db.transaction(store).objectStore(store).count();
        req.onsuccess = () => resolve(req.result);
      });
    return { outbox: await count('outbox'), snapshots: await count('snapshots') };
  });
  expect(left).toEqual({ outbox: 0, snapshots: 0 });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('offline, a product search shows the products saved on this device and says so, never « Aucun produit trouvé »: the catalogue, the list builder and the comparator', async ({ page, context, request }) => {
    const SAVED_ONLY = 'Pas de connexion : résultats enregistrés seulement';
    const oil = "Huile de palme raffinée Cuisin'Or, bouteille 2 L";
    const user = await createAccount(request);
    await useSessionOf(page, user);
    // Online: a search for oils is read, and saved for offline reading.
    await page.goto('/products?q=huile');
    const cards = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
    await expect(cards.first()).toContainText('Huile');
    await serviceWorkerInControl(page);
    await savedForOffline(page, ['products', 'page']);
    await goOffline(context, page);

    // The catalogue: a search never run online looks among the saved products, and says so.
    await page.getByLabel('Rechercher un produit').fill('cuisin 2l');
    await expect(page.getByTestId('saved-results-note')).toHaveText(SAVED_ONLY);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(oil);
    await page.screenshot({ path: 'test-results/screens/offline-search-catalogue-360.png' });
    // Nothing saved matches: the same note, not « Aucun produit trouvé » nor an invitation to add it.
    await page.getByLabel('Rechercher un produit').fill('sucre');
    await expect(page.getByTestId('saved-results-note')).toHaveText(SAVED_ONLY);
    await expect(page.getByText('Aucun produit trouvé')).toHaveCount(0);
    await expect(cards).toHaveCount(0);

    // The list builder's search: the saved oils, picked as catalogue products.
    await page.goto('/create-list');
    const search = page.getByRole('combobox', { name: 'Rechercher un produit du catalogue' });
    await search.fill('huile cuisin');
    const results = page.getByRole('listbox', { name: 'Rechercher un produit du catalogue' });
    await expect(results.getByTestId('search-note')).toHaveText(SAVED_ONLY);
    await expect(results.getByRole('option', { name: oil })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/offline-search-list-builder-360.png' });
    await results.getByRole('option', { name: oil }).click();
    await expect(page.getByRole('list', { name: 'Articles de la liste' })).toContainText(oil);
    await expect(page.getByRole('list', { name: 'Articles de la liste' })).toContainText('Catalogue');
    await search.fill('sucre');
    await expect(results.getByTestId('search-note')).toHaveText(SAVED_ONLY);
    await expect(results).not.toContainText('Aucun produit trouvé');
    await expect(results.getByRole('option')).toHaveCount(0);

    // The comparator's search, the same way.
    await page.goto('/price-comparison');
    await search.fill('cuisin');
    await expect(results.getByTestId('search-note')).toHaveText(SAVED_ONLY);
    await expect(results.getByRole('option', { name: oil })).toBeVisible();

    // Back online, the same search asks the server again: the whole catalogue, without the note.
    await context.setOffline(false);
    await search.fill('sucre');
    await expect(results.getByRole('option').first()).toContainText(/Sucre/i);
    await expect(results.getByTestId('search-note')).toHaveCount(0);
  });

  test('long names never widen the page; offline, Supprimer and Dupliquer are disabled, and the network’s return deletes and duplicates nothing', async ({ page, context, request }) => {
    const user = await createAccount(request);
    // The longest names allowed, without a space to break at: a list of 100 characters, an item of 120.
    const name = `Liste${'x'.repeat(95)}`;
    const res = await request.post('/api/shopping-lists', { headers: auth(user), data: { name, items: [{ name: `Riz${'z'.repeat(117)}`, quantity: 1 }] } });
    expect(res.status()).toBe(201);
    await useSessionOf(page, user);
    await page.goto('/shopping-lists');
    const cards = page.getByTestId('list-card');
    await cards.first().getByRole('button', { name: 'Dupliquer' }).click();
    await expect(cards).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The sequence: Supprimer, then the connection drops, then the confirmation.
    await cards.first().getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer la liste' });
    for (const button of [confirm.getByRole('button', { name: 'Supprimer' }), confirm.getByRole('button', { name: 'Annuler' }), confirm.getByRole('button', { name: 'Fermer' })]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await page.screenshot({ path: 'test-results/screens/offline-delete-dialog-360.png' });
    await goOffline(context, page);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    // It fails at once (no spinner left turning), and is not kept for later.
    await expect(page.getByText('Pas de connexion internet. Vérifiez votre connexion et réessayez.')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Supprimer' })).toBeEnabled();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();

    for (const action of ['Supprimer', 'Dupliquer']) {
      const button = cards.first().getByRole('button', { name: action });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', 'Connexion requise : cette action sera possible dès le retour du réseau.');
    }
    await expect(page.getByText(/supprimer et dupliquer demandent une connexion/)).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/offline-lists-360.png', fullPage: true });

    // Back online: nothing was waiting to delete or duplicate. (A write kept for later would leave on
    // the 'online' event itself, before the page shows the buttons enabled and sends the next request.)
    const writes: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/api/shopping-lists') && writes.push(`${r.method()} ${r.url()}`));
    await context.setOffline(false);
    await expect(cards.first().getByRole('button', { name: 'Supprimer' })).toBeEnabled();
    expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
    expect(writes).toEqual([]);
    expect((await listsOnServer(request, user)).length).toBe(2);
  });
});

test('changes made offline are merged item by item with an edit made elsewhere, and the user is told what could not be kept', async ({ page, context, request }) => {
  const user = await createAccount(request);
  const list = await listThroughApi(request, user, 'Courses partagées', ['Riz', 'Sucre', 'Savon']);
  await useSessionOf(page, user);
  await page.goto('/shopping-lists');
  await expect(card(page, 'Courses partagées')).toBeVisible();
  await goOffline(context, page);

  await card(page, 'Courses partagées').getByRole('button', { name: 'Détails' }).click();
  const details = page.getByRole('dialog', { name: 'Liste « Courses partagées »' });
  await details.getByRole('checkbox', { name: 'Sucre' }).check();
  await details.getByRole('checkbox', { name: 'Savon' }).check();
  await details.getByRole('button', { name: 'Augmenter la quantité de Riz' }).click();
  await details.getByRole('button', { name: 'Fermer' }).click();

  // Meanwhile, on another phone: the list is renamed and the soap removed (a full edit).
  const elsewhere = await request.put(`/api/shopping-lists/${list.id}`, { headers: auth(user), data: { name: 'Renommée ailleurs', items: [{ name: 'Riz', quantity: 1 }, { name: 'Sucre', quantity: 1 }] } });
  expect(elsewhere.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText('« Savon » a été retiré de la liste « Renommée ailleurs » sur un autre appareil : votre changement sur cet article n’a pas été appliqué.')).toBeVisible();
  const merged = card(page, 'Renommée ailleurs');
  await expect(merged).toContainText('Riz ×2, Sucre');
  const [onServer] = await listsOnServer(request, user);
  expect(onServer.name).toBe('Renommée ailleurs');
  expect(onServer.items.map((i) => [i.name, i.quantity, i.checked])).toEqual([
    ['Riz', 2, false],
    ['Sucre', 1, true],
  ]);
  await merged.getByRole('button', { name: 'Détails' }).click();
  await expect(page.getByRole('dialog', { name: 'Liste « Renommée ailleurs »' }).getByRole('checkbox', { name: 'Sucre' })).toBeChecked();
});

test('a list renamed offline and on another phone meanwhile keeps the name given offline, and the user is told which name it replaced', async ({ page, context, request }) => {
  const user = await createAccount(request);
  const list = await listThroughApi(request, user, 'Courses du mois', ['Riz']);
  await useSessionOf(page, user);
  await page.goto('/shopping-lists');
  await expect(card(page, 'Courses du mois')).toBeVisible();
  await goOffline(context, page);

  await card(page, 'Courses du mois').getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel('Nom de la liste').fill('Courses de Noël');
  await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
  await expect(card(page, 'Courses de Noël')).toContainText('En attente d’envoi');

  // Meanwhile, on another phone: the same list gets another name.
  const elsewhere = await request.put(`/api/shopping-lists/${list.id}`, { headers: auth(user), data: { name: 'Courses du 24', items: [{ name: 'Riz', quantity: 1 }] } });
  expect(elsewhere.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText('Cette liste avait été renommée « Courses du 24 » sur un autre appareil : elle garde le nom que vous lui avez donné, « Courses de Noël ».')).toBeVisible();
  await expect(card(page, 'Courses de Noël')).not.toContainText('En attente d’envoi');
  const [onServer] = await listsOnServer(request, user);
  expect(onServer.name).toBe('Courses de Noël');
});
