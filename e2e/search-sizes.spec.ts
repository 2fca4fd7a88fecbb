// Issue 28, items 1 and 2, as a shopper types it on a phone: « riz 5kg » (which found nothing) puts
// the 5 kg sack first in the catalogue, and the list builder — the same search — finds it too.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatXaf } from '#contract/format';
import { createAccount, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('« riz 5kg » finds the 5 kg sack first in the catalogue, and the list builder adds it', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await useSessionOf(page, await createAccount(request));
  await page.goto('/products');
  await page.getByLabel('Rechercher un produit').fill('riz 5kg');
  const cards = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Riz parfumé, sac 5 kg');
  await expect(cards.filter({ hasText: 'Riz parfumé, sac 25 kg' })).toHaveCount(1);
  // Its price per kilo, as the API carries it (issue 28, item 4).
  const [sack] = (await (await request.get('/api/products', { params: { search: 'riz 5kg' } })).json()) as { unit_price: { amount_xaf: number; per: string } }[];
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
});
