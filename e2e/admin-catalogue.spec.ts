// Issue 27, item 7, as a moderator clicks it at 360 px: a newcomer's product waits in « Catalogue »
// (nobody else sees it), the moderator publishes it, then merges a duplicate into it and restores the
// duplicate from « Retirés ».
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createAccount, demoLogin, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';

async function createProduct(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/products', { headers: { authorization: `Bearer ${token}` }, data: { category: 'Épicerie', name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product as { id: string; name: string; listing: string };
}
const found = async (request: APIRequestContext, token: string, search: string) =>
  ((await (await request.get('/api/products', { params: { search }, headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }[]).map((p) => p.id);

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('a newcomer’s product waits for the moderator, who publishes it, merges a duplicate into it and restores the duplicate', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const stamp = Date.now().toString(36);
  const newcomer = await createAccount(request);
  const consumer = await demoLogin(request, 'consumer');
  const product = await createProduct(request, newcomer.access_token, `Savon de Marseille Zébulon ${stamp}`);
  expect(product.listing).toBe('pending');
  expect(await found(request, consumer.access_token, product.name)).toEqual([]);

  await useSessionOf(page, await demoLogin(request, 'moderator'));
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue : ajouts et retraits' })).toBeVisible();
  await page.getByLabel('Rechercher par nom').fill(stamp);
  const card = page.getByRole('article', { name: `Entrée « ${product.name} »` });
  await expect(card.getByText('À confirmer')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS_DIR}/admin-catalogue-pending-360.png`, fullPage: true });
  await card.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Publié : tout le monde le voit désormais.')).toBeVisible();
  expect(await found(request, consumer.access_token, product.name)).toEqual([product.id]);

  // A duplicate (by an established person: listed at once) is merged into the published product.
  const duplicate = await createProduct(request, consumer.access_token, `Savon Marseille Zebulon doublon ${stamp}`);
  await page.getByRole('button', { name: 'Visibles' }).click();
  const duplicateCard = page.getByRole('article', { name: `Entrée « ${duplicate.name} »` });
  await duplicateCard.getByRole('button', { name: 'Fusionner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Rechercher l’entrée qui reste').fill(`Savon de Marseille Zébulon ${stamp}`);
  await dialog.getByRole('option', { name: new RegExp(product.name) }).click();
  await expect(dialog.getByText(`Reste : « ${product.name} »`)).toBeVisible();
  await dialog.getByLabel('Motif').fill('Même savon, deux fiches');
  await page.screenshot({ path: `${SHOTS_DIR}/admin-catalogue-merge-360.png`, fullPage: true });
  await dialog.getByRole('button', { name: `Fusionner dans « ${product.name} »` }).click();
  await expect(page.getByText(`Fusionné avec « ${product.name} »`).first()).toBeVisible();
  // The duplicate is gone; a search for its name may now lead to the entry that stays (all its words but « doublon »).
  expect(await found(request, consumer.access_token, duplicate.name)).not.toContain(duplicate.id);

  await page.getByRole('button', { name: 'Retirés' }).click();
  const removed = page.getByRole('article', { name: `Entrée « ${duplicate.name} »` });
  await expect(removed.getByText('Même savon, deux fiches', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/admin-catalogue-removed-360.png`, fullPage: true });
  await removed.getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.getByText('Restauré : il est de nouveau visible.')).toBeVisible();
  expect(await found(request, consumer.access_token, duplicate.name)).toEqual([duplicate.id]);
});
