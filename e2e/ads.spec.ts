// The ad manager (issue 14), as people use it: a merchant creates an image ad on a phone and pays it
// in the sandbox, a moderator approves it in /admin, a consumer sees it in the banner and clicks it,
// and the merchant's "Mes annonces" counts that view and that click. Plus the wizard's validation.
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { LoginResponse } from '#contract/users';
import { createAccount, demoLogin, useSessionOf } from './fixtures';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

// The ad targets Port-Gentil, where no other journey's user is: only this test's consumer, whose
// phone says it is there, sees it (and counts its views).
const PORT_GENTIL = { latitude: -0.7161, longitude: 8.7809 };

async function pageAs(browser: Browser, session: LoginResponse, viewport = DESKTOP, where?: typeof PORT_GENTIL): Promise<Page> {
  const context = await browser.newContext({ viewport, ...(where && { geolocation: where, permissions: ['geolocation'] }) });
  const page = await context.newPage();
  await useSessionOf(page, session);
  return page;
}

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Créer une annonce' });
const next = (page: Page) => wizard(page).getByRole('button', { name: 'Suivant' }).click();

test('a merchant creates an image ad on a phone and pays it, a moderator approves it, a consumer sees it and clicks it, and "Mes annonces" counts both', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const title = `Poisson frais ${Date.now().toString(36)}`;
  const poster = await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 20, g: 110, b: 190 } } }).png().toBuffer();

  // The merchant, on a 360 px phone.
  const merchant = await createAccount(request, { full_name: 'Poissonnerie Nzeng' });
  const shop = await pageAs(browser, merchant, PHONE);
  await shop.goto('/dashboard');
  await shop.getByRole('button', { name: 'Une annonce à passer? Lance-toi!' }).click();
  const dialog = wizard(shop);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveCount(5);

  await dialog.getByLabel('Titre', { exact: true }).fill(title);
  await expect(dialog.getByText(`${title.length}/60`)).toBeVisible();
  await dialog.getByLabel('Sous-titre', { exact: true }).fill('Arrivage du jour au marché de Mont-Bouët');
  await dialog.getByLabel('Description (facultative)').fill('Capitaine, bar et crevettes, livrés le jour même.');
  await dialog.getByRole('radio', { name: /^Image/ }).check();
  await next(shop);

  await expect(dialog.getByRole('tab', { name: 'Média', selected: true })).toBeVisible();
  await dialog.getByLabel('Fichier média').setInputFiles({ name: 'affiche.png', mimeType: 'image/png', buffer: poster });
  await expect(dialog.getByText(/affiche\.png/)).toBeVisible();
  await next(shop);

  // Choosing a duration sets the budget; the merchant keeps 7 days, for Port-Gentil.
  await dialog.getByRole('radio', { name: /^3 jours/ }).check();
  await expect(dialog.getByTestId('ad-budget')).toHaveText(/25\s000\sFCFA/);
  await dialog.getByRole('radio', { name: /^7 jours/ }).check();
  await expect(dialog.getByTestId('ad-budget')).toHaveText(/50\s000\sFCFA/);
  await expect(dialog.getByRole('radio', { name: /^Tout le Gabon/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Une ville ou un quartier/ }).check();
  await dialog.getByLabel('Ville', { exact: true }).selectOption('Port-Gentil');
  await next(shop);

  await expect(dialog.getByTestId('ad-preview')).toContainText(title);
  await expect(dialog.getByTestId('ad-preview').locator('img')).toBeVisible();
  await next(shop);

  await expect(dialog.getByRole('radio', { name: /^Mobile Money/ })).toBeChecked();
  await dialog.getByLabel('Opérateur').selectOption('airtel_money');
  await dialog.getByLabel('Numéro de téléphone').fill('+241 07 12 34 56');
  await expect(dialog.getByText('Validation sous 24h', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('ad-total')).toHaveText(/50\s000\sFCFA/);
  await dialog.getByRole('button', { name: "Créer l'annonce" }).click();

  // The sandbox asks for the confirmation on the phone: a test payment, said so.
  const result = dialog.getByTestId('ad-result');
  await expect(result).toContainText('Annonce créée');
  await expect(result).toContainText('mode test');
  await result.getByRole('button', { name: 'Confirmer le paiement de test' }).click();
  await expect(result).toContainText('Paiement reçu : votre annonce attend la validation d’un modérateur.');
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(dialog).toBeHidden();

  // The form is back to its defaults for the next ad.
  await shop.getByRole('button', { name: 'Une annonce à passer? Lance-toi!' }).click();
  await expect(dialog.getByLabel('Titre', { exact: true })).toHaveValue('');
  await expect(dialog.getByRole('radio', { name: /^Texte/ })).toBeChecked();
  await dialog.getByRole('tab', { name: /Durée et ciblage/ }).click();
  await expect(dialog.getByTestId('ad-budget')).toHaveText(/50\s000\sFCFA/);
  await expect(dialog.getByRole('radio', { name: 'Bleu' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await shop.goto('/mes-annonces');
  const mine = shop.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByTestId('ad-status')).toHaveText('En attente de validation', { timeout: 30_000 });

  // The moderator approves it in /admin.
  const moderator = await pageAs(browser, await demoLogin(request, 'moderator'));
  await moderator.goto('/admin?file=annonces');
  const card = moderator.getByRole('article', { name: `Annonce « ${title} »` });
  await expect(card).toContainText('Poissonnerie Nzeng', { timeout: 30_000 });
  await expect(card.locator('img')).toBeVisible();
  await card.getByRole('button', { name: 'Approuver' }).click();
  // Approved, it leaves the queue of ads waiting for review.
  await expect(card).toBeHidden({ timeout: 30_000 });

  // A consumer sees it in the banner (the server reads active ads every few seconds) and clicks it.
  // Ads of journeys running alongside may share the banner: the dots bring ours to the front.
  const consumer = await pageAs(browser, await createAccount(request), DESKTOP, PORT_GENTIL);
  const banner = consumer.getByRole('region', { name: 'Offres du moment' });
  const adLink = banner.getByRole('link', { name: `Annonce : ${title}` });
  const dots = banner.getByRole('button', { name: /^Aller à l'offre/ });
  // With the pointer on the banner its rotation holds, so the slide found stays under the click.
  const bringOurAd = async () => {
    await banner.hover();
    for (let i = 0; i < (await dots.count()) && !(await adLink.isVisible()); i++) await dots.nth(i).click();
    await expect(adLink).toBeVisible({ timeout: 1000 });
  };
  await expect(async () => {
    await consumer.goto('/dashboard');
    await expect(dots.first()).toBeVisible({ timeout: 20_000 });
    await bringOurAd();
  }).toPass({ timeout: 90_000 });
  await expect(adLink.locator('img')).toBeVisible();
  const merchantAds = async () => (await request.get('/api/ads/mine', { headers: { authorization: `Bearer ${merchant.access_token}` } })).json();
  await expect.poll(async () => (await merchantAds())[0]?.stats.impressions, { timeout: 20_000 }).toBe(1);
  await bringOurAd();
  await adLink.click();
  await expect(consumer).toHaveURL(/\/annonces\/[0-9a-f-]+$/);
  await expect(consumer.getByRole('heading', { name: title })).toBeVisible();
  await expect(consumer.getByText('Capitaine, bar et crevettes, livrés le jour même.')).toBeVisible();

  // "Mes annonces": one view, one click, online.
  await shop.reload();
  await expect(mine.getByTestId('ad-status')).toHaveText('En ligne', { timeout: 30_000 });
  await expect(mine.getByTestId('ad-impressions')).toHaveText('1');
  await expect(mine.getByTestId('ad-clicks')).toHaveText('1');
  await expect(mine.getByTestId('ad-click-rate')).toHaveText(/100\s?%/);
  await expect(mine).toContainText(/Estimation : [\d\s]+ vues/);
});

test('the wizard refuses an empty title and an image ad without its image, and checks a file by its content', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const page = await pageAs(browser, await createAccount(request), PHONE);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Une annonce à passer? Lance-toi!' }).click();
  const dialog = wizard(page);

  await next(page);
  await expect(dialog.getByText('Le titre est obligatoire')).toBeVisible();
  await expect(dialog.getByText('Le sous-titre est obligatoire')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Contenu', selected: true })).toBeVisible();

  await dialog.getByLabel('Titre', { exact: true }).fill('Promo de la semaine');
  await expect(dialog.getByText('Le titre est obligatoire')).toBeHidden();
  await dialog.getByLabel('Sous-titre', { exact: true }).fill('Tout le rayon épicerie');
  await dialog.getByRole('radio', { name: /^Image/ }).check();
  await next(page);
  await next(page);
  await expect(dialog.getByText('Veuillez télécharger un fichier média')).toBeVisible();

  // A text file named like a picture is refused by its first bytes.
  await dialog.getByLabel('Fichier média').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('ceci n’est pas une image') });
  await expect(dialog.getByText("Format d'image non supporté. Utilisez JPG, PNG, GIF ou WebP.")).toBeVisible();

  // Going straight to the last tab and creating sends the merchant back to the missing media.
  await dialog.getByRole('tab', { name: /Paiement/ }).click();
  await dialog.getByLabel('Numéro de téléphone').fill('+241 07 12 34 56');
  await dialog.getByRole('button', { name: "Créer l'annonce" }).click();
  await expect(dialog.getByRole('tab', { name: 'Média', selected: true })).toBeVisible();
  await expect(dialog.getByText('Veuillez télécharger un fichier média')).toBeVisible();
});

// The ad as the merchant made it: a poster with its own text, shown whole, the dots below it.
const AKANDA = { latitude: 0.5128, longitude: 9.4311 };

/** The rendered picture's box inside its <img> (object-contain) against the image's own shape. */
async function shownWhole(page: Page, image: ReturnType<Page['locator']>) {
  const box = (await image.boundingBox())!;
  const natural = await image.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight, fit: getComputedStyle(img).objectFit }));
  expect(natural.fit).toBe('contain');
  const scale = Math.min(box.width / natural.w, box.height / natural.h);
  const drawn = { width: natural.w * scale, height: natural.h * scale, x: box.x + (box.width - natural.w * scale) / 2, y: box.y + (box.height - natural.h * scale) / 2 };
  expect(Math.abs(drawn.width / drawn.height - natural.w / natural.h)).toBeLessThan(0.01);
  expect(drawn.width).toBeLessThanOrEqual(box.width + 0.5);
  expect(drawn.height).toBeLessThanOrEqual(box.height + 0.5);
  return drawn;
}

test('a merchant makes a poster ad without text for Akanda: at 360 px it shows whole, in the preview and the banner, and the dots stay below it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const title = `Affiche Akanda ${Date.now().toString(36)}`;
  const tall = await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  const merchant = await createAccount(request, { full_name: 'Boutique Angondjé' });
  const shop = await pageAs(browser, merchant, PHONE);
  await shop.goto('/dashboard');
  await shop.getByRole('button', { name: 'Une annonce à passer? Lance-toi!' }).click();
  const dialog = wizard(shop);
  await dialog.getByRole('radio', { name: /^Image/ }).check();
  await dialog.getByRole('checkbox', { name: /Texte sur l'image/ }).uncheck();
  await dialog.getByLabel('Titre', { exact: true }).fill(title);
  await next(shop);
  await dialog.getByLabel('Fichier média').setInputFiles({ name: 'affiche.png', mimeType: 'image/png', buffer: tall });
  await expect(dialog.getByText(/affiche\.png/)).toBeVisible();
  await next(shop);

  await dialog.getByRole('radio', { name: /^Une ville ou un quartier/ }).check();
  const city = dialog.getByLabel('Ville', { exact: true });
  for (const town of ['Akanda', 'Owendo', 'Franceville', 'Libreville', 'Port-Gentil']) await expect(city.locator('option', { hasText: town }).first()).toBeAttached();
  await city.selectOption('Libreville');
  await expect(dialog.getByLabel('Quartier', { exact: true }).locator('option', { hasText: 'Glass' })).toBeAttached();
  await city.selectOption('Akanda');
  await shop.screenshot({ path: 'test-results/ads-targeting-360.png' });
  await next(shop);

  const preview = dialog.getByTestId('ad-preview');
  await expect(preview).not.toContainText('Titre');
  await shownWhole(shop, preview.getByTestId('ad-slide-media'));
  await next(shop);
  await dialog.getByLabel('Numéro de téléphone').fill('+241 07 12 34 56');
  await dialog.getByRole('button', { name: "Créer l'annonce" }).click();
  const result = dialog.getByTestId('ad-result');
  await result.getByRole('button', { name: 'Confirmer le paiement de test' }).click();
  await expect(result).toContainText('Paiement reçu');

  const mine = await (await request.get('/api/ads/mine', { headers: { authorization: `Bearer ${merchant.access_token}` } })).json();
  const ad = mine.find((a: { title: string }) => a.title === title);
  expect(ad).toMatchObject({ target_audience: 'city:Akanda', show_text: false });
  const moderator = await demoLogin(request, 'moderator');
  const approved = await request.post(`/api/admin/ads/${ad.id}/approve`, { headers: { authorization: `Bearer ${moderator.access_token}` }, data: {} });
  expect(approved.status()).toBe(200);

  // A consumer in Akanda, on a phone.
  const consumer = await pageAs(browser, await createAccount(request), PHONE, AKANDA);
  const banner = consumer.getByRole('region', { name: 'Offres du moment' });
  const adLink = banner.getByRole('link', { name: `Annonce : ${title}` });
  const dots = banner.getByRole('button', { name: /^Aller à l'offre/ });
  await expect(async () => {
    await consumer.goto('/dashboard');
    await expect(dots.first()).toBeVisible({ timeout: 20_000 });
    await banner.hover();
    for (let i = 0; i < (await dots.count()) && !(await adLink.isVisible()); i++) await dots.nth(i).click();
    await expect(adLink).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  const image = adLink.getByTestId('ad-slide-media');
  const drawn = await shownWhole(consumer, image);
  const slideBox = (await banner.getByTestId('promo-slide').boundingBox())!;
  expect(drawn.y).toBeGreaterThanOrEqual(slideBox.y - 0.5);
  expect(drawn.y + drawn.height).toBeLessThanOrEqual(slideBox.y + slideBox.height + 0.5);
  for (let i = 0; i < (await dots.count()); i++) {
    const dot = (await dots.nth(i).boundingBox())!;
    expect(dot.y, 'the dots sit below the image').toBeGreaterThanOrEqual(slideBox.y + slideBox.height - 0.5);
  }
  await expect(adLink).not.toContainText(/Titre|Sous-titre/);
  await consumer.screenshot({ path: 'test-results/ads-banner-360.png' });
});
