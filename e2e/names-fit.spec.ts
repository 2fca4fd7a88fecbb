// Issue 28, item 6, on a 360 px phone: the three Cuisin'Or palm oils differ only by their size, at
// the end of a long name. Every screen that lists products shows that size whole — as its own
// badge where the catalogue knows it, and on lines of text that wrap rather than being cut.
import { mkdirSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { createAccount, createApprovedAgent, createListThroughApi, requestDeliveryThroughApi, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';
const OILS = [
  { name: "Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", size: '900 mL', search: "huile cuisin'or 0,9 L" },
  { name: "Huile de palme raffinée Cuisin'Or, bouteille 2 L", size: '2 L', search: "huile cuisin'or 2 L" },
  { name: "Huile de palme raffinée Cuisin'Or, bidon 5 L", size: '5 L', search: "huile cuisin'or 5 L" },
];
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** Nothing of the element is cut off: its text fits in its box (no ellipsis, no clamped line). */
async function expectWhole(element: Locator) {
  await expect(element).toBeVisible();
  const cut = await element.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(cut, await element.innerText()).toBe(false);
}

/** Each oil's size badge is whole, and the three are the three sizes. */
async function expectSizeBadges(scope: Locator) {
  const badges = scope.getByTestId('size-badge');
  for (const oil of OILS) {
    const badge = badges.filter({ hasText: new RegExp(`^${oil.size.replace(' ', '.')}$`) }).first();
    await expectWhole(badge);
  }
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('the three Cuisin’Or oils are told apart by their size on every screen', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const consumer = await createAccount(request);
  await useSessionOf(page, consumer);

  // The catalogue: each card's size badge.
  await page.goto('/products');
  await page.getByLabel('Rechercher un produit').fill("huile cuisin'or");
  const cards = page.getByRole('list', { name: 'Produits' }).getByRole('listitem').filter({ hasText: "Cuisin'Or" });
  await expect(cards).toHaveCount(3);
  await expectSizeBadges(page.getByRole('list', { name: 'Produits' }));
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS_DIR}/names-catalogue-360.png`, fullPage: true });

  // The list builder: the search's options, then the list's lines.
  await page.goto('/create-list');
  await page.getByLabel('Nom de la liste').fill('Huiles');
  await page.getByRole('combobox', { name: 'Rechercher un produit du catalogue' }).fill('huile cuisin');
  await expect(page.getByRole('option').filter({ hasText: "Cuisin'Or" })).toHaveCount(3);
  await expectSizeBadges(page.getByRole('listbox'));
  await page.screenshot({ path: `${SHOTS_DIR}/names-list-builder-options-360.png` });
  for (const oil of OILS) {
    await page.getByRole('combobox', { name: 'Rechercher un produit du catalogue' }).fill(oil.search);
    await page.getByRole('option', { name: oil.name }).click();
  }
  const lines = page.getByRole('list', { name: 'Articles de la liste' });
  for (const oil of OILS) await expectWhole(lines.getByText(oil.name, { exact: true }));
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS_DIR}/names-list-builder-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
  await expect(page.getByText('Liste enregistrée avec succès')).toBeVisible();

  // The lists page, its detail, and the optimiser's rows.
  const card = page.getByTestId('list-card').filter({ has: page.getByRole('heading', { name: 'Huiles', exact: true }) });
  await card.getByRole('button', { name: 'Analyse des prix' }).click();
  const analysis = page.getByRole('dialog', { name: 'Analyse des prix — Huiles' });
  const best = analysis.getByRole('region', { name: 'Meilleurs prix' });
  await expect(best.getByTestId('optimised-item')).toHaveCount(3);
  for (const oil of OILS) await expect(best.getByTestId('optimised-item').filter({ hasText: oil.name })).toHaveCount(1);
  for (const item of await best.getByTestId('optimised-item').all()) await expectWhole(item.locator('p').first());
  await noHorizontalScroll(page);
  await best.screenshot({ path: `${SHOTS_DIR}/names-optimiser-360.png` });

  // The comparator: its product lines.
  await page.goto('/price-comparison');
  for (const oil of OILS) {
    await page.getByRole('combobox', { name: 'Rechercher un produit du catalogue' }).fill(oil.search);
    await page.getByRole('option', { name: oil.name }).click();
  }
  for (const oil of OILS) await expectWhole(page.getByText(oil.name, { exact: true }));
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS_DIR}/names-comparator-360.png`, fullPage: true });
});

test('the agent’s order detail shows each oil’s size whole', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const agent = await createApprovedAgent(request);
  const consumer = await createAccount(request);
  const list = await createListThroughApi(request, consumer.access_token, 'Huiles', OILS.map((o) => o.search));
  const order = await requestDeliveryThroughApi(request, consumer.access_token, list.id);
  await useSessionOf(page, agent);
  await page.goto('/delivery-agent/orders');
  // Other journeys book orders too: this one, by its number.
  await page.getByTestId('agent-order').filter({ hasText: `#${order.id.slice(0, 8)}` }).getByRole('button', { name: 'Détails' }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByTestId('store-group').first()).toBeVisible();
  for (const oil of OILS) {
    const line = detail.getByTestId('store-group').getByText(oil.name);
    await expectWhole(line);
    expect(plain(await line.innerText())).toContain(oil.name.split(', ')[1]);
  }
  await noHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS_DIR}/names-agent-detail-360.png`, fullPage: true });
});
