// Issue 29, item 3: a store manager applies for a merchant account on /commerce, the moderator
// approves it in /admin (« Commerçants »), the merchant uploads a CSV price list, maps its columns,
// reviews the matches and publishes them; the catalogue then shows the price as « Prix annoncé par
// le magasin ». In French, at 360 px.
import { expect, test } from '@playwright/test';
import { fr } from '#contract/messages';
import { createAccount, demoLogin, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';
const MOBILE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

test.use(MOBILE);

test('the application form says in French what is missing or wrong', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSessionOf(page, account);
  await page.goto('/commerce');
  await expect(page.getByRole('heading', { name: 'Demander un compte commerçant' })).toBeVisible();
  await page.getByRole('button', { name: fr.merchantsUi.submit }).click();
  await expect(page.getByText(fr.merchants.storeRequired)).toBeVisible();
  await expect(page.getByText(fr.merchants.managerNameRequired)).toBeVisible();
  await expect(page.getByText(fr.merchants.phoneRequired)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-01-validation-360.png`, fullPage: true });

  await page.getByLabel(fr.merchantsUi.phone).fill('+33 6 12 34 56 78');
  await page.getByRole('button', { name: fr.merchantsUi.submit }).click();
  await expect(page.getByText(fr.merchants.phoneGabon)).toBeVisible();
});

test('apply → the moderator approves → upload a CSV → map, review, publish → « Prix annoncé par le magasin »', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const account = await createAccount(request, { full_name: `Marie Nzé ${stamp}` });
  const headers = { authorization: `Bearer ${account.access_token}` };
  // A listed store no other journey applies for (the e2e database is new for each run).
  const storeName = 'SANgel Bikélé';
  // A catalogue product for the list, found as the list builder finds it.
  const found = (await (await request.get('/api/shopping-lists/product-search?search=riz&limit=5', { headers })).json()) as { products: { id: string; name: string }[] };
  const product = found.products[0];

  // ---- the application
  await useSessionOf(page, account);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: fr.nav.openMenu }).click();
  await page.getByRole('link', { name: fr.merchantNav.link }).click();
  await expect(page).toHaveURL(/\/commerce$/);
  await page.getByLabel(fr.merchantsUi.storeSearch).fill('sangel bikele');
  await page.getByRole('option', { name: storeName }).click();
  await expect(page.getByTestId('chosen-store')).toContainText(storeName);
  await page.getByLabel(fr.merchantsUi.managerName).fill('Marie Nzé');
  await page.getByLabel(fr.merchantsUi.phone).fill('077 28 01 50');
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-02-application-360.png`, fullPage: true });
  await page.getByRole('button', { name: fr.merchantsUi.submit }).click();
  const state = page.getByTestId('merchant-application-state');
  await expect(state).toContainText('Demande en cours d’examen');
  await expect(state).toContainText(storeName);
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-03-pending-360.png`, fullPage: true });

  // ---- the moderator approves it
  const context = await browser.newContext({ baseURL, ...MOBILE, locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const admin = await context.newPage();
  await useSessionOf(admin, await demoLogin(request, 'moderator'));
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /Commerçants/ }).click();
  const card = admin.getByRole('article', { name: fr.merchantsUi.admin.cardLabel(storeName) });
  await expect(card).toContainText('Marie Nzé');
  await admin.screenshot({ path: `${SHOTS_DIR}/merchant-04-admin-360.png`, fullPage: true });
  await card.getByRole('button', { name: fr.merchantsUi.admin.approve }).click();
  await expect(admin.getByText(fr.merchantsUi.admin.approved)).toBeVisible();
  await expect(card).toBeHidden();
  await context.close();

  // ---- the merchant publishes a CSV list
  await page.reload();
  await expect(page.getByTestId('merchant-store')).toContainText(storeName);
  await expect(page.getByRole('link', { name: new RegExp(fr.merchantsUi.myAds) })).toHaveAttribute('href', '/mes-annonces');
  const csv = `Désignation;Prix FCFA;Unité\n${product.name};1 234;pièce\nProduit inconnu zzqx;999;pièce\n`;
  await page.getByLabel(fr.merchantsUi.fileLabel).setInputFiles({ name: 'tarifs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByRole('heading', { name: fr.merchantsUi.columnsTitle })).toBeVisible();
  await expect(page.getByLabel('Prix', { exact: true })).toHaveValue('1');
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-05-columns-360.png`, fullPage: true });
  await page.getByRole('button', { name: fr.merchantsUi.toReview }).click();

  const lines = page.getByTestId('price-list-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(product.name);
  // The unknown product is left out of the catalogue.
  const unknown = lines.filter({ hasText: 'Produit inconnu zzqx' });
  await unknown.getByRole('button', { name: fr.merchantsUi.changeProductFor('Produit inconnu zzqx') }).click();
  await unknown.getByRole('button', { name: fr.merchantsUi.notInCatalogue }).click();
  await expect(unknown).toContainText(fr.merchantsUi.excluded);
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-06-review-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Publier 1 prix' }).click();
  await expect(page.getByTestId('price-list-published')).toBeVisible();
  await page.getByRole('button', { name: fr.merchantsUi.seeMyPrices }).click();
  await expect(page.getByTestId('merchant-price').filter({ hasText: product.name })).toContainText(/1\s234\sFCFA/);
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-07-my-prices-360.png`, fullPage: true });

  // ---- the catalogue marks it as the store's announcement
  await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
  await page.getByRole('button', { name: `Détails : ${product.name}` }).first().click();
  const row = page.getByRole('dialog', { name: product.name }).getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem').filter({ hasText: storeName });
  await expect(row.getByTestId('store-announcement')).toContainText(fr.announcedPrice.byStore);
  // The dialog scrolls by itself: the store's row is brought into view for the screenshot.
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/merchant-08-product-360.png` });
});
