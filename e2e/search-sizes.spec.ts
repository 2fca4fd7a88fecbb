// Issue 28, as a shopper types it on a phone: « riz 5kg » (which found nothing) puts the 5 kg sack
// first in the catalogue with its price per kilo, the list builder — the same search — adds it, and
// its prices are filtered on Port-Gentil; « riz 10kg » shows the sizes that exist.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatXaf } from '#contract/format';
import { createAccount, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('« riz 5kg » finds the 5 kg sack first in the catalogue, with its price per kilo; the list builder adds it; its prices filtered on Port-Gentil', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await useSessionOf(page, await createAccount(request));
  await page.goto('/products');
  await page.getByLabel('Rechercher un produit').fill('riz 5kg');
  const cards = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Riz parfumé, sac 5 kg');
  await expect(cards.filter({ hasText: 'Riz parfumé, sac 25 kg' })).toHaveCount(1);
  // Its price per kilo, as the API carries it (issue 28, item 4).
  const [sack] = (await (await request.get('/api/products', { params: { search: 'riz 5kg' } })).json()) as { id: string; unit_price: { amount_xaf: number; per: string } }[];
  expect(sack.unit_price.per).toBe('kg');
  await expect(cards.first()).toContainText(`${formatXaf(sack.unit_price.amount_xaf)}/kg`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS_DIR}/search-riz-5kg-360.png`, fullPage: true });

  await page.goto('/create-list');
  await page.getByLabel('Nom de la liste').fill('Courses du mois');
  await page.getByLabel('Rechercher un produit du catalogue').fill('riz 5kg');
  await expect(page.getByRole('option').first()).toHaveAccessibleName('Riz parfumé, sac 5 kg');
  await page.getByRole('option', { name: 'Riz parfumé, sac 5 kg' }).click();
  await expect(page.getByRole('list', { name: 'Articles de la liste' })).toContainText('Riz parfumé, sac 5 kg');
  await page.getByLabel('Rechercher un produit du catalogue').fill('huile cuisin 2L');
  await page.getByRole('option', { name: "Huile de palme raffinée Cuisin'Or, bouteille 2 L" }).click();
  await expect(page.getByRole('list', { name: 'Articles de la liste' })).toContainText("Cuisin'Or, bouteille 2 L");
  // A local name: « pili-pili » is the catalogue's « Piment frais ».
  await page.getByLabel('Rechercher un produit du catalogue').fill('pili-pili');
  await expect(page.getByRole('option').first()).toHaveAccessibleName('Piment frais, tas');
  await page.getByRole('combobox', { name: 'Rechercher un produit du catalogue' }).fill('');
  await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
  await expect(page).toHaveURL(/\/shopping-lists/);
  await expect(page.getByText('Courses du mois')).toBeVisible();

  // The sack's prices, Port-Gentil's stores only.
  await page.goto(`/products?q=${encodeURIComponent('riz 5kg')}`);
  await page.getByRole('button', { name: 'Détails : Riz parfumé, sac 5 kg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Riz parfumé, sac 5 kg' });
  const rows = dialog.getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem');
  await expect(rows.first()).toContainText('/kg');
  await dialog.getByRole('combobox', { name: 'Ville' }).selectOption('Port-Gentil');
  const detail = (await (await request.get(`/api/products/${sack.id}`)).json()) as { prices: { city: string | null; store_name: string }[] };
  const inPortGentil = detail.prices.filter((p) => p.city === 'Port-Gentil');
  expect(inPortGentil.length).toBeGreaterThan(0);
  await expect(rows).toHaveCount(inPortGentil.length);
  for (const store of inPortGentil) await expect(rows.filter({ hasText: store.store_name })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS_DIR}/search-riz-5kg-port-gentil-360.png` });
});

test('a size no product has shows the sizes that exist', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await useSessionOf(page, await createAccount(request));
  await page.goto(`/products?q=${encodeURIComponent('riz 10kg')}`);
  const note = page.getByTestId('sizes-available');
  await expect(note).toContainText('Aucun produit de cette taille. Tailles disponibles :');
  await expect(note).toContainText('Riz parfumé : 5\u00a0kg, 25\u00a0kg');
  await expect(page.getByRole('list', { name: 'Produits' }).getByRole('listitem').filter({ hasText: 'Riz parfumé, sac 5 kg' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS_DIR}/search-riz-10kg-360.png` });
  // A size that exists: no such note.
  await page.goto(`/products?q=${encodeURIComponent('riz 25kg')}`);
  await expect(page.getByRole('list', { name: 'Produits' }).getByRole('listitem').first()).toContainText('Riz parfumé, sac 25 kg');
  await expect(page.getByTestId('sizes-available')).toHaveCount(0);
});
