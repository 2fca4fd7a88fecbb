// Defects a new user meets in everyday use (issue 15): Enter in a search box, the mobile menu, and
// where a page opens.
import { expect, test } from '@playwright/test';
import { createAccount, createListThroughApi, useSessionOf } from './fixtures';

test('Enter in the catalogue search of a new list searches, and never saves the half-built list', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSessionOf(page, account);
  await page.goto('/create-list');
  await page.getByLabel('Nom de la liste').fill('Courses du samedi');
  const search = page.getByLabel('Rechercher un produit du catalogue');
  await search.fill('riz');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('list', { name: 'Articles de la liste' }).getByRole('listitem')).toHaveCount(1);
  // A second item is being searched for when Enter is pressed.
  await search.fill('huile');
  await search.press('Enter');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page).toHaveURL(/\/create-list$/);
  await expect(page.getByLabel('Nom de la liste')).toHaveValue('Courses du samedi');
  const lists = await request.get('/api/shopping-lists', { headers: { authorization: `Bearer ${account.access_token}` } });
  expect(await lists.json()).toEqual([]);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the mobile menu closes on a tap outside it', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    // A tap on the page just below the open menu.
    const box = (await menu.boundingBox())!;
    await page.touchscreen.tap(20, Math.min(box.y + box.height + 10, 600));
    await expect(menu).toBeHidden();
  });

  test('a new page opens at its top, and Back returns to where the page was left', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/products');
    await expect(page.getByRole('list', { name: 'Produits' }).getByRole('listitem').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const left = await page.evaluate(() => window.scrollY);

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Mes listes' }).click();
    await expect(page).toHaveURL(/\/shopping-lists$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/products/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 200);
  });
});

test('a list card leads to the comparison of its prices, /shopping-lists/{id}/compare', async ({ page, request }) => {
  const account = await createAccount(request);
  const list = await createListThroughApi(request, account.access_token, 'Liste du marché');
  await useSessionOf(page, account);
  await page.goto('/shopping-lists');
  await page.getByTestId('list-card').getByRole('link', { name: 'Liste du marché' }).click();
  await expect(page).toHaveURL(new RegExp(`/shopping-lists/${list.id}/compare$`));
});

test('an open notification panel shows a notification that arrives meanwhile', async ({ page, request }) => {
  const user = await createAccount(request);
  const send = async () => expect((await request.post('/api/notifications/test', { headers: { authorization: `Bearer ${user.access_token}` } })).status()).toBe(200);
  await send();
  await useSessionOf(page, user);
  await page.clock.install();
  await page.goto('/dashboard');
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const items = page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-item');
  await expect(items).toHaveCount(1);

  await send();
  await page.clock.runFor(21_000); // the badge's next poll
  await expect(page.getByTestId('notification-badge')).toHaveText('2');
  await expect(items).toHaveCount(2);
});
