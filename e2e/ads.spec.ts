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
  await expect(dialog.getByRole('radio', { name: /^Tous les utilisateurs/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Port-Gentil/ }).check();
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
