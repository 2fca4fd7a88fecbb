import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, demoLogin, useSessionOf } from './fixtures';

const photo = async (name: string, color: { r: number; g: number; b: number }) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 900, height: 700, channels: 3, background: color } }).png().toBuffer(),
});

const catalogue = (page: Page) => page.getByRole('list', { name: 'Produits' });
const money = (amount: string) => new RegExp(`${amount.replace(' ', '\\s')}\\sFCFA`);

async function signIn(page: Page, request: Parameters<typeof createAccount>[0]) {
  const account = await createAccount(request);
  await useSessionOf(page, account);
  return account;
}

/** The demo consumer, an established contributor: the prices it gives are shown at once (a newcomer's wait for confirmation). */
async function signInEstablished(page: Page, request: Parameters<typeof createAccount>[0]) {
  const account = await demoLogin(request, 'consumer');
  await useSessionOf(page, account);
  return account;
}

test('searching "creme" (and the typo "crme") finds the creams, and their details show prices per store and a chart', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Produits', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ produits$/)).toBeVisible();

  await page.getByLabel('Rechercher un produit').fill('creme');
  await expect(catalogue(page).getByText('Crème fraîche épaisse, pot 20 cl')).toBeVisible();
  await expect(catalogue(page).getByText('Crème dessert vanille, pack de 4')).toBeVisible();
  await expect(page).toHaveURL(/q=creme/);

  await page.getByLabel('Rechercher un produit').fill('crme');
  await expect(page).toHaveURL(/q=crme/);
  await expect(catalogue(page).getByText('Crème fraîche épaisse, pot 20 cl')).toBeVisible();

  await page.getByRole('button', { name: 'Détails : Crème fraîche épaisse, pot 20 cl' }).click();
  const details = page.getByRole('dialog', { name: 'Crème fraîche épaisse, pot 20 cl' });
  const prices = details.getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem');
  await expect(prices.first()).toContainText('Meilleur prix');
  expect(await prices.count()).toBeGreaterThan(2);
  await expect(prices.nth(1)).not.toContainText('Meilleur prix');
  await expect(details.getByRole('img', { name: 'Évolution des prix' }).locator('canvas').first()).toBeVisible();
  await details.getByRole('button', { name: 'Fermer' }).click();
  await expect(details).toBeHidden();

  await page.getByLabel('Rechercher un produit').fill('zzzz introuvable');
  await expect(page.getByText('Aucun produit trouvé')).toBeVisible();
});

test('adding a product with a photo: the simple form, then the scanner and the form with its shop and price', async ({ page, request }) => {
  await signInEstablished(page, request);
  await page.goto('/products');

  await page.getByRole('button', { name: 'Ajouter un produit' }).first().click();
  const simple = page.getByRole('dialog', { name: 'Ajouter un produit' });
  await simple.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(simple.getByText('Le nom du produit est requis')).toBeVisible();

  const name = `Jus de bissap artisanal ${Date.now()}`;
  await simple.getByLabel('Nom du produit *').fill(name);
  await simple.getByLabel('Marque').fill('Les Jardins de Nkok');
  await simple.getByLabel('Catégorie').selectOption('Boissons');
  await simple.getByLabel('Unité').selectOption('L');
  await simple.getByLabel('Image principale').setInputFiles(await photo('bissap.jpg', { r: 160, g: 20, b: 60 }));
  await expect(simple.getByRole('img', { name: 'Image principale' })).toBeVisible();
  await simple.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(page.getByText('Produit créé avec succès', { exact: true })).toBeVisible();

  // The new product opens in its details, with its stored photo.
  const created = page.getByRole('dialog', { name });
  const image = created.getByRole('img', { name: new RegExp(`${name} — Image 1 sur 1`) });
  await expect(image).toHaveAttribute('src', /^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await created.getByRole('button', { name: 'Fermer' }).click();

  // The smart scanner: a photo, then the form that needs a shop.
  await page.getByRole('button', { name: 'Scanner intelligent' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scanner intelligent' });
  await scanner.getByRole('tab', { name: 'Importer' }).click();
  await scanner.getByLabel('Choisir une photo').setInputFiles(await photo('etiquette.png', { r: 20, g: 120, b: 200 }));
  await expect(page.getByText('Fichier téléchargé avec succès!')).toBeVisible();
  await expect(scanner.getByRole('img', { name: 'Aperçu de la photo' })).toBeVisible();
  await scanner.getByRole('button', { name: 'Saisir le produit manuellement' }).click();

  const withShop = page.getByRole('dialog', { name: 'Ajouter le produit et son magasin' });
  await expect(withShop.getByRole('img', { name: 'Image principale' })).toBeVisible();
  await withShop.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(withShop.getByText('Veuillez remplir les champs obligatoires').first()).toBeVisible();
  const scanned = `Savon au karité ${Date.now()}`;
  await withShop.getByLabel('Nom du produit *').fill(scanned);
  // Every form offers the catalogue filter's categories, and no other (issue 28, item 7).
  const filterCategories = await page.getByLabel('Catégorie', { exact: true }).first().locator('option').allTextContents();
  const formCategories = await withShop.getByLabel('Catégorie').locator('option').allTextContents();
  expect(formCategories.slice(1)).toEqual(filterCategories.slice(1));
  await withShop.getByLabel('Catégorie').selectOption("Produits d'hygiène");
  await withShop.getByLabel('Unité').selectOption('pièce');
  await withShop.getByLabel('Prix (FCFA)').fill('1500');
  await withShop.getByLabel('Rechercher un magasin').fill('geant ck');
  await withShop.getByRole('button', { name: /^Géant CKdo/ }).click();
  await expect(withShop.getByText('Magasin choisi : Géant CKdo')).toBeVisible();
  await withShop.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(page.getByText('Produit créé avec succès!')).toBeVisible();

  const details = page.getByRole('dialog', { name: scanned });
  const row = details.getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem').first();
  await expect(row).toContainText('Géant CKdo');
  await expect(row).toContainText(money('1 500'));
  await expect(row).toContainText('Meilleur prix');
});

test('duplicating a product to another shop needs the shop, then adds its price there', async ({ page, request }) => {
  await signInEstablished(page, request);
  await page.goto('/products?q=croissant');
  await expect(catalogue(page).getByText('Croissant', { exact: true })).toBeVisible();
  await catalogue(page).getByRole('button', { name: 'Dupliquer' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'Dupliquer vers un autre magasin' });
  await dialog.getByLabel('Prix (FCFA)').fill('275');
  await dialog.getByRole('button', { name: 'Dupliquer' }).click();
  await expect(dialog.getByText('Veuillez sélectionner un magasin')).toBeVisible();
  // A shop that does not sell croissants yet: the first price there is the one shown.
  await dialog.getByLabel('Rechercher un magasin').fill('Marche Mont-Bouet');
  await dialog.getByRole('button', { name: /^Marché Mont-Bouët/ }).click();
  await dialog.getByRole('button', { name: 'Dupliquer' }).click();
  await expect(page.getByText('Produit dupliqué avec succès pour Marché Mont-Bouët')).toBeVisible();

  await page.getByRole('button', { name: 'Détails : Croissant' }).click();
  const prices = page.getByRole('dialog', { name: 'Croissant' }).getByRole('list', { name: 'Prix par magasin' });
  const row = prices.getByRole('listitem').filter({ hasText: 'Marché Mont-Bouët' });
  await expect(row).toContainText(money('275'));
  await expect(row).toContainText("vu à l'instant · 1 contributeur");
});

test('editing a product of my own: a price needs a shop, then the changes are saved', async ({ page, request }) => {
  const account = await signIn(page, request);
  // Someone else's product would only receive a suggestion (trust.spec.ts): this one is the user's.
  const name = `Mayonnaise aux herbes ${Date.now()}`;
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${account.access_token}` },
    data: { name, brand: 'Maison Nzé', category: 'Épicerie', unit: 'pièce' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await catalogue(page).getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect(dialog.getByLabel('Nom du produit *')).toHaveValue(name);
  await dialog.getByLabel('Description').fill('Pot en verre, idéal pour les sandwichs');
  await dialog.getByLabel('Prix (FCFA)').fill('1800');
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(dialog.getByText('Veuillez sélectionner un magasin pour ce prix')).toBeVisible();
  await expect(page.getByText("Le magasin est obligatoire lorsqu'un prix est fourni")).toBeVisible();

  await dialog.getByLabel('Prix (FCFA)').fill('');
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByText('Produit mis à jour avec succès')).toBeVisible();
  await page.getByRole('button', { name: `Détails : ${name}` }).click();
  await expect(page.getByRole('dialog').getByText('Pot en verre, idéal pour les sandwichs')).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the catalogue fits the screen, pages 6 cards at a time with a 5-button window', async ({ page, request }, testInfo) => {
    await signIn(page, request);
    await page.goto('/products');
    await expect(catalogue(page).getByRole('listitem')).toHaveCount(6);
    const pagination = page.getByRole('navigation', { name: 'Pagination des produits' });
    await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5);
    await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('button', { name: 'Page précédente' })).toBeDisabled();

    const firstOfPage1 = await catalogue(page).getByRole('listitem').first().textContent();
    await pagination.getByRole('button', { name: 'Page 4' }).click();
    await expect(page).toHaveURL(/page=4/);
    await expect(pagination.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toBeVisible();
    await expect(pagination.getByRole('button', { name: 'Page 6' })).toBeVisible();
    await expect(catalogue(page).getByRole('listitem').first()).not.toHaveText(firstOfPage1 ?? '');

    await page.getByLabel('Catégorie').selectOption('Produits laitiers');
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText('11 produits')).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('catalogue-360.png'), fullPage: true });

    await page.getByRole('button', { name: /^Détails : / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('details-360.png') });
  });
});
