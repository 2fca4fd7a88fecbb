// Issue 28, item 2: a moderator corrects a product's size read wrongly from its name; the catalogue
// shows the corrected size at once, the history records it, and a consumer cannot do the same.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Product } from '#contract/products';
import { createAccount, demoLogin, useSessionOf } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('a moderator corrects a product’s size and pack; the catalogue shows it, a consumer cannot set it', async ({ page, request }) => {
  mkdirSync('test-results/screens', { recursive: true });
  const consumer = await createAccount(request);
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${consumer.access_token}` },
    data: { name: `Jus de mangue ${Date.now()}, bouteille 1 L`, category: 'Boissons' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()).product as Product;
  // Not a moderator: refused.
  const refused = await request.put(`/api/admin/products/${product.id}/size`, { headers: { authorization: `Bearer ${consumer.access_token}` }, data: { size_value: 2000, size_unit: 'mL' } });
  expect(refused.status()).toBe(403);

  await useSessionOf(page, await demoLogin(request, 'moderator'));
  await page.goto(`/admin/products?product=${product.id}`);
  const form = page.getByRole('form', { name: 'Contenance et lot' });
  await expect(form.getByLabel('Contenance d’un article')).toHaveValue('1000');
  await expect(form.getByLabel('Unité de contenance')).toHaveValue('mL');
  await expect(page.getByText('Lue dans le nom', { exact: true })).toBeVisible();
  await form.getByLabel('Contenance d’un article').fill('-3');
  await form.getByRole('button', { name: 'Enregistrer la contenance' }).click();
  await expect(form.getByText('La contenance doit être un nombre positif (en g ou en mL), au plus 1 000 000.')).toBeVisible();
  await form.getByLabel('Contenance d’un article').fill('330');
  await form.getByLabel('Articles par lot').fill('6');
  await form.getByRole('button', { name: 'Enregistrer la contenance' }).click();
  await expect(page.getByText('Contenance du produit enregistrée')).toBeVisible();
  await expect(page.getByText('Fixée par un modérateur', { exact: true })).toBeVisible();
  const latest = page.getByRole('list', { name: 'Versions' }).getByRole('article').first();
  await expect(latest).toContainText('Contenance');
  await expect(latest).toContainText(/330\smL/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/screens/admin-product-size-360.png', fullPage: true });

  // (A newcomer's product: its author sees it while it waits to be listed.)
  const card = (await (await request.get(`/api/products/${product.id}`, { headers: { authorization: `Bearer ${consumer.access_token}` } })).json()) as Product;
  expect([card.size, card.pack_count]).toEqual([{ value: 330, unit: 'mL' }, 6]);

  // Back to what the name says.
  await form.getByRole('button', { name: 'Relire depuis le nom' }).click();
  await expect(page.getByText('Lue dans le nom', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Contenance d’un article')).toHaveValue('1000');
  await expect(form.getByLabel('Articles par lot')).toHaveValue('');
});
