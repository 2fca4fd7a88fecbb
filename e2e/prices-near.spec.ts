// Issue 28, item 5, on a phone in Libreville: a product's prices list the Libreville stores first,
// each with its distance (« à 2,3 km »); the city filter on Port-Gentil shows only the Port-Gentil
// stores, and is still chosen after a reload (saved in the account). The catalogue is for signed-in
// users only, so a visitor's choice (kept in the browser, price-city.ts) has no journey here.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import type { Product, ProductDetail } from '#contract/products';
import { createAccount, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';
const LIBREVILLE = { latitude: 0.3901, longitude: 9.4544 };

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, geolocation: LIBREVILLE, permissions: ['geolocation'] });

/** A seeded product priced in Port-Gentil and in at least two stores elsewhere, with its prices as seen from Libreville. */
async function productInSeveralCities(request: APIRequestContext): Promise<ProductDetail> {
  const products = (await (await request.get('/api/products', { params: { has_prices: 'true', limit: '100', sort: 'name' } })).json()) as Product[];
  for (const product of products.filter((p) => p.price_count >= 4)) {
    const detail = (await (await request.get(`/api/products/${product.id}`, { params: LIBREVILLE })).json()) as ProductDetail;
    const inPortGentil = detail.prices.filter((p) => p.city === 'Port-Gentil').length;
    if (inPortGentil >= 1 && detail.prices.length - inPortGentil >= 2 && detail.prices.some((p) => p.city === 'Libreville')) return detail;
  }
  throw new Error('aucun produit du jeu de données n’a de prix à Port-Gentil et ailleurs');
}

async function openDetails(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Détails : ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('list', { name: 'Prix par magasin' })).toBeVisible();
  return dialog;
}

const storeNames = (detail: ProductDetail, city?: string) => detail.prices.filter((p) => !city || p.city === city).map((p) => p.store_name);

test('from Libreville, a product lists the Libreville stores first with their distances; the Port-Gentil filter is remembered in the account', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const product = await productInSeveralCities(request);
  const account = await createAccount(request);
  await useSessionOf(page, account);

  const dialog = await openDetails(page, product.name);
  const rows = dialog.getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem');
  // Libreville's stores first, each with its distance; the cheapest still says « Meilleur prix ».
  await expect(rows.first()).toContainText(/à \d+(,\d)? km/);
  await expect(rows).toHaveCount(product.prices.length);
  const shownOrder = await rows.evaluateAll((items) => items.map((li) => li.querySelector('span span')?.textContent ?? ''));
  expect(shownOrder).toEqual(storeNames(product));
  expect(product.prices[0].city).toBe('Libreville');
  await expect(rows.filter({ hasText: 'Meilleur prix' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Meilleur prix' })).toContainText(product.prices.find((p) => p.is_best)!.store_name);

  await page.screenshot({ path: `${SHOTS_DIR}/prices-near-libreville-360.png` });

  await dialog.getByLabel('Ville').selectOption('Port-Gentil');
  const inPortGentil = storeNames(product, 'Port-Gentil');
  await expect(rows).toHaveCount(inPortGentil.length);
  for (const name of inPortGentil) await expect(rows.filter({ hasText: name })).toHaveCount(1);
  await expect(rows.first()).toContainText(/à \d+(,\d)? km/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS_DIR}/prices-near-port-gentil-360.png` });
  // Saved in the account, so it follows the user to another device.
  await expect
    .poll(async () => ((await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${account.access_token}` } })).json()) as { preferences: { city: string | null } }).preferences.city)
    .toBe('Port-Gentil');

  await page.reload();
  const again = await openDetails(page, product.name);
  await expect(again.getByLabel('Ville')).toHaveValue('Port-Gentil');
  const rowsAgain = again.getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem');
  await expect(rowsAgain).toHaveCount(inPortGentil.length);
  for (const name of inPortGentil) await expect(rowsAgain.filter({ hasText: name })).toHaveCount(1);

  // « Toutes les villes » shows every store again, and is saved too.
  await again.getByLabel('Ville').selectOption('Toutes les villes');
  await expect(rowsAgain).toHaveCount(product.prices.length);
});
