// The optimiser must not mislead (issue 15), on a phone: a list whose nearest store lacks an item.
// - The headline says how many items each total buys, and what the nearest store lacks.
// - Each plan is shown store by store, with the store's subtotal and delivery fee.
// - Adding the nearest-store cart names the missing item first (and offers another store for it);
//   after booking, the missing item waits on a new list, and the booked list is not offered again
//   by the comparator's import.
// - The checkout panel opens at its top: the payment methods are on screen.
// - /price-comparison keeps its step and items across a reload, and Back goes to the previous step.
// - Offline, optimising, booking and paying are disabled with the reason.
// - On a desktop, the booking form's time-slot placeholder is not cut (it was beside the date in a
//   narrow column).
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Optimization } from '#contract/optimiser';
import { createAccount, createListThroughApi, useSessionOf, type TestAccount } from './fixtures';

const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };
const SHOTS = process.env.SHOTS_DIR;
const SEARCHES = ['riz', 'huile', 'sucre', 'lait', 'savon', 'farine', 'sardine', 'tomate', 'pâtes', 'café', 'sel', 'beurre', 'biscuit', 'eau', 'jus', 'poulet'];

async function shot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  await page.screenshot({ path: SHOTS ? path.join(SHOTS, name) : testInfo.outputPath(name), fullPage: true });
}

/**
 * From the seeded catalogue, through the API: three products the nearest store sells and one it
 * does not (another store does). The nearest store stays the same for this smaller list: it sells
 * some of it, and no nearer store sells any of the candidates.
 */
async function basketMissingAtNearest(request: APIRequestContext, account: TestAccount) {
  const headers = { authorization: `Bearer ${account.access_token}` };
  const candidates: { product_id: string; product_name: string; quantity: number }[] = [];
  for (const search of SEARCHES) {
    const res = await request.get(`/api/shopping-lists/product-search?search=${encodeURIComponent(search)}&limit=3`, { headers });
    for (const p of ((await res.json()) as { products: { id: string; name: string }[] }).products) {
      if (!candidates.some((c) => c.product_id === p.id)) candidates.push({ product_id: p.id, product_name: p.name, quantity: 1 });
    }
  }
  const res = await request.post('/api/shopping/optimize', {
    headers,
    data: { items: candidates, user_latitude: LIBREVILLE.latitude, user_longitude: LIBREVILLE.longitude, view_type: 'nearest_store' },
  });
  const { optimization } = (await res.json()) as { optimization: Optimization };
  const available = optimization.items.filter((i) => i.status === 'priced');
  const missing = optimization.items.find((i) => i.status === 'unavailable_at_nearest');
  expect(available.length, 'the seed has items at the nearest store').toBeGreaterThanOrEqual(3);
  expect(missing, 'the seed has an item the nearest store lacks').toBeDefined();
  return { available: available.slice(0, 3).map((i) => i.product_name), missing: missing!.product_name, nearest: optimization.nearest_store!.store_name, ids: [...available.slice(0, 3), missing!].map((i) => i.product_id!) };
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test('a list whose nearest store lacks an item: honest headline, plan by store, the missing item named and kept; the comparator survives reload and Back', async ({ page, request, context }, testInfo) => {
    const account = await createAccount(request);
    const headers = { authorization: `Bearer ${account.access_token}` };
    const basket = await basketMissingAtNearest(request, account);
    const created = await request.post('/api/shopping-lists', { headers, data: { name: 'Courses honnêtes', items: basket.ids.map((product_id) => ({ product_id, quantity: 1 })) } });
    expect(created.status()).toBe(201);
    const cash = await request.post('/api/user/payment-methods', { headers, data: { method_type: 'cash', display_name: 'Espèces', details: { payment_on_delivery: true }, is_default: true } });
    expect(cash.status()).toBe(201);
    await useSessionOf(page, account);

    await page.goto('/shopping-lists');
    await page.getByTestId('list-card').filter({ hasText: 'Courses honnêtes' }).getByRole('button', { name: 'Analyse des prix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Analyse des prix — Courses honnêtes' });

    // The headline: each total with what it buys; the nearest store's says what it lacks.
    const headline = dialog.getByRole('region', { name: 'Comparaison' });
    await expect(headline.getByTestId('headline-best_prices')).toContainText('4 articles');
    await expect(headline.getByTestId('headline-nearest_store')).toContainText('3 articles sur 4');
    await expect(headline.getByTestId('headline-nearest_store').getByTestId('missing-badge')).toHaveText('1 manquant');
    await expect(headline.getByTestId('difference')).toContainText(`${basket.nearest} n’a pas : ${basket.missing}. Son total ne le compte pas.`);
    await expect(headline).toContainText('Économies sur 3 articles communs');

    // Best prices, store by store: every store shows its subtotal and its delivery fee.
    const best = dialog.getByRole('region', { name: 'Meilleurs prix' });
    const bestStores = best.getByTestId('store-group');
    await expect(bestStores.first()).toBeVisible();
    for (const group of await bestStores.all()) {
      await expect(group.getByTestId('store-subtotal')).toContainText(/Sous-total\s*[\d\s\u202f]+FCFA/);
      await expect(group.getByTestId('store-subtotal')).toContainText(/Livraison\s*(offerte|[\d\s\u202f]+FCFA)/);
    }
    await expect(best.getByTestId('optimised-item')).toHaveCount(4);
    await shot(page, 'honesty-best-360.png', testInfo);

    // The nearest store: one store, and the missing item apart, under "Pas dans ce panier".
    await dialog.getByRole('button', { name: 'Magasin le plus proche' }).click();
    const nearest = dialog.getByRole('region', { name: 'Magasin le plus proche' });
    await expect(nearest.getByTestId('store-group')).toHaveCount(1);
    await expect(nearest.getByRole('group', { name: basket.nearest })).toContainText('3 articles');
    await expect(nearest.getByTestId('left-out-group')).toContainText(basket.missing);
    await shot(page, 'honesty-nearest-360.png', testInfo);

    // Adding it to the cart names the missing item first; "Choisir un autre magasin" leads to its store switch.
    await nearest.getByRole('button', { name: 'Ajouter au panier' }).click();
    const ask = page.getByRole('dialog', { name: 'Des articles ne seront pas dans ce panier' });
    await expect(ask.getByTestId('left-out-items')).toContainText(`${basket.missing} — indisponible chez ${basket.nearest}`);
    await expect(ask).toContainText('reste à acheter');
    await shot(page, 'honesty-confirm-360.png', testInfo);
    await ask.getByRole('button', { name: 'Choisir un autre magasin' }).click();
    await expect(ask).toBeHidden();
    await expect(nearest.getByLabel(`Magasin pour ${basket.missing}`)).toBeFocused();
    await nearest.getByRole('button', { name: 'Ajouter au panier' }).click();
    await ask.getByRole('button', { name: 'Ajouter sans ces articles' }).click();

    // The checkout opens at its top: the payment methods are on screen, not scrolled away.
    await expect(dialog.getByRole('heading', { name: 'Modes de paiement' })).toBeInViewport();
    await shot(page, 'honesty-checkout-360.png', testInfo);
    const booking = dialog.getByRole('form', { name: 'Réserver la livraison' });
    await booking.getByRole('button', { name: 'Quartier Louis, Libreville' }).click();
    await booking.getByLabel('Créneau horaire').selectOption('morning');
    await booking.getByRole('button', { name: 'Réserver la livraison' }).click();

    // After booking, the missing item waits on a new list.
    const confirmation = dialog.getByTestId('booking-confirmation');
    await expect(confirmation).toContainText('Réservation confirmée');
    await expect(confirmation).toContainText('Panier (3 articles)');
    const remaining = confirmation.getByTestId('remaining-list');
    await expect(remaining).toContainText('1 article reste à acheter');
    await expect(remaining).toContainText('« Courses honnêtes — reste à acheter »');
    await remaining.getByRole('link', { name: 'Comparer cette liste' }).click();
    await expect(page.getByRole('heading', { name: 'Comparer les prix — Courses honnêtes — reste à acheter' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Meilleurs prix' }).getByTestId('optimised-item')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Meilleurs prix' })).toContainText(basket.missing);

    // The comparator: step 2 and step 3 survive a reload; Back goes to the previous step.
    await page.goto('/price-comparison');
    await page.getByLabel('Rechercher un produit du catalogue').fill(basket.available[0].slice(0, 12));
    await page.getByRole('option', { name: basket.available[0] }).click();
    await page.getByRole('button', { name: 'Optimiser les prix' }).click();
    await expect(page).toHaveURL(/\?etape=2$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Étape 2 : Optimisation des prix' })).toBeVisible();
    const comparatorBest = page.getByRole('region', { name: 'Meilleurs prix' });
    await expect(comparatorBest).toContainText(basket.available[0]);
    await comparatorBest.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByRole('heading', { name: 'Étape 3 : Réservation de la livraison' })).toBeVisible();
    await expect(page).toHaveURL(/\?etape=3$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Modes de paiement' })).toBeInViewport();
    await expect(page.getByRole('form', { name: 'Réserver la livraison' })).toBeVisible();
    await shot(page, 'honesty-comparator-step3-360.png', testInfo);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Étape 2 : Optimisation des prix' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Meilleurs prix' })).toContainText(basket.available[0]);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Étape 1 : Sélection des produits' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Produits sélectionnés' })).toContainText(basket.available[0]);

    // The import does not offer the list that waits for its delivery, and says why; the new list is offered.
    await page.getByRole('button', { name: 'Importer une de mes listes' }).click();
    const lists = page.getByRole('dialog', { name: 'Importer une liste de courses' });
    const booked = lists.getByRole('button', { name: /^Courses honnêtes\s*4 articles/ });
    await expect(booked).toBeDisabled();
    await expect(booked).toContainText('En attente de livraison : déjà réservée');
    await expect(lists.getByRole('button', { name: /Courses honnêtes — reste à acheter/ })).toBeEnabled();
    await shot(page, 'honesty-import-360.png', testInfo);
    await lists.getByRole('button', { name: 'Fermer' }).click();

    // Offline: optimising needs the network, and says so.
    await context.setOffline(true);
    await expect(page.getByRole('button', { name: 'Optimiser les prix' })).toBeDisabled();
    await expect(page.getByText('Connexion requise : cette action sera possible dès le retour du réseau.')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Optimiser les prix' })).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 }, geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test('the booking form shows its whole time-slot placeholder; offline, booking and payment methods wait for the network', async ({ page, request, context }, testInfo) => {
    const account = await createAccount(request);
    const list = await createListThroughApi(request, account.access_token, 'Une seule chose', ['riz']);
    await useSessionOf(page, account);
    await page.goto(`/shopping-lists/${list.id}/compare`);
    await page.getByRole('region', { name: 'Meilleurs prix' }).getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page).toHaveURL(/\/delivery-booking$/);
    const slot = page.getByRole('form', { name: 'Réserver la livraison' }).getByLabel('Créneau horaire');
    await expect(slot).toHaveValue('');
    // The placeholder's text against the room inside the select (its padding and arrow taken off).
    const room = await slot.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context2d = document.createElement('canvas').getContext('2d')!;
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context2d.measureText(select.options[select.selectedIndex].text).width;
      return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20 - text;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    await shot(page, 'honesty-booking-1280.png', testInfo);

    await context.setOffline(true);
    await expect(page.getByRole('button', { name: 'Réserver la livraison' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Ajouter un mode de paiement' })).toBeDisabled();
    await expect(page.getByText('Connexion requise : cette action sera possible dès le retour du réseau.').first()).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Réserver la livraison' })).toBeEnabled();
  });
});
