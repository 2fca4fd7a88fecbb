import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { fr } from '#contract/messages';
import { createAccount, useSessionOf } from './fixtures';

// Géant CKdo, Libreville (seeded store).
const AT_GEANT_CKDO = { latitude: 0.4015, longitude: 9.4455 };

const labelPhoto = async () => ({
  name: 'etiquette.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 250, g: 210, b: 22 } } }).jpeg().toBuffer(),
});

test.describe('in a store, with the position known', () => {
  test.use({ geolocation: AT_GEANT_CKDO, permissions: ['geolocation'] });

  test('a newcomer contributes a price with a photo: it is recorded « à confirmer », the shown price stays, and the dashboard counts it', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSessionOf(page, account);
    await page.goto('/contribute');

    const banner = page.getByTestId('location-banner');
    await expect(banner).toHaveAttribute('data-state', 'known');
    await expect(banner).toContainText('Position : 0,4015 ; 9,4455');
    const submit = page.getByRole('button', { name: 'Envoyer la contribution' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Rechercher un produit').fill('riz parfume 5 kg');
    await page.getByRole('list', { name: '1. Choisissez le produit' }).getByRole('button', { name: /^Riz parfumé, sac 5 kg/ }).click();
    await expect(page.getByText('Riz parfumé, sac 5 kg — Super Éléphant')).toBeVisible();

    // The map works without tiles: its red pins select a store (this one sits under a neighbour's
    // pin at this zoom, so it is chosen from the keyboard, as a pin can be).
    const map = page.getByRole('region', { name: 'Carte des magasins proches' });
    await map.getByRole('button', { name: 'Géant CKdo' }).press('Enter');
    await expect(page.getByText('Magasin : Géant CKdo')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Magasins à proximité' }).getByRole('button')).toHaveCount(5);
    await expect(submit).toBeDisabled();

    await page.getByLabel('Prix observé (FCFA)').fill('4225');
    await page.getByLabel('Prendre une photo').setInputFiles(await labelPhoto());
    await expect(page.getByRole('img', { name: 'Aperçu de la photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Retirer la photo' }).click();
    await expect(page.getByRole('img', { name: 'Aperçu de la photo' })).toBeHidden();
    await page.getByLabel('Prendre une photo').setInputFiles(await labelPhoto());
    await expect(page.getByRole('img', { name: 'Aperçu de la photo' })).toBeVisible();

    await expect(submit).toBeEnabled();
    await submit.click();
    // A new contributor's price is recorded « à confirmer »; agreeing with the shown price, it confirms it.
    await expect(page.getByText(fr.contribute.probation)).toBeVisible();
    await expect(page.getByLabel('Prix observé (FCFA)')).toHaveValue('');

    await page.goto('/products?q=riz+parfume+5+kg');
    await page.getByRole('button', { name: 'Détails : Riz parfumé, sac 5 kg' }).click();
    const prices = page.getByRole('dialog', { name: 'Riz parfumé, sac 5 kg' }).getByRole('list', { name: 'Prix par magasin' });
    // A newcomer's voice does not count yet: the shown price is still the one established contributors gave.
    const geant = prices.getByRole('listitem').filter({ hasText: 'Géant CKdo' });
    await expect(geant).toContainText('· 1 contributeur');
    await expect(geant).not.toContainText(/4\s225/);
    await expect(geant).toContainText(/\d[\d\s]*\sFCFA/);

    await page.goto('/dashboard');
    await expect(page.getByTestId('counter-contribute')).toHaveText('1');
  });

  test('a link with store, lat and lng preselects the store and the position', async ({ page, request, context }) => {
    // The browser's own position, when it gives one, is fresher than the link's: here it gives none.
    await context.clearPermissions();
    const account = await createAccount(request);
    await useSessionOf(page, account);
    const stores = (await (await request.get('/api/stores', { headers: { authorization: `Bearer ${account.access_token}` } })).json()) as { id: string; name: string }[];
    const score = stores.find((s) => s.name === 'Supermarché Score Centre-ville')!;
    await page.goto(`/contribute?store=${score.id}&lat=0.3912&lng=9.4521`);
    await expect(page.getByText('Magasin : Supermarché Score Centre-ville')).toBeVisible();
    await expect(page.getByTestId('location-banner')).toContainText('Position : 0,3912 ; 9,4521');
  });

  test('the nearby-store invitation offers 3 priced products, and Contribuer opens /contribute prefilled', async ({ page, request }) => {
    const account = await createAccount(request, { preferences: { track_prices: true, contribute_in_store: true } });
    await useSessionOf(page, account);
    await page.goto('/products');
    await expect(page.getByText('Localisation activée')).toBeVisible();
    const invite = page.getByRole('region', { name: 'Vous êtes près de Géant CKdo' });
    await expect(invite.getByRole('listitem')).toHaveCount(3);
    await expect(invite.getByRole('button', { name: 'Plus tard' })).toBeVisible();
    await invite.getByRole('link', { name: 'Contribuer' }).click();
    await expect(page).toHaveURL(/\/contribute\?store=[0-9a-f-]{36}&lat=0\.401500&lng=9\.445500$/);
    await expect(page.getByText('Magasin : Géant CKdo')).toBeVisible();

    await page.goto('/products');
    await page.getByRole('region', { name: 'Vous êtes près de Géant CKdo' }).getByRole('button', { name: 'Plus tard' }).click();
    await expect(page.getByRole('region', { name: 'Vous êtes près de Géant CKdo' })).toBeHidden();
    await page.reload();
    await expect(page.getByText('Localisation activée')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vous êtes près de Géant CKdo' })).toBeHidden();
  });

  test('the store finder shows the stores within 2 km on a map without tiles, and selects them by pin or by list', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSessionOf(page, account);
    await page.goto('/store-finder');
    const map = page.getByRole('region', { name: 'Carte des magasins' });
    await expect(page.getByText(/^\d+ magasins à proximité$/)).toBeVisible();
    await map.getByRole('button', { name: 'SANgel Bessieux' }).click();
    const selected = page.getByLabel('Magasin sélectionné');
    await expect(selected).toContainText('SANgel Bessieux');
    await page.getByRole('listitem').getByRole('button', { name: /^Géant CKdo/ }).click();
    await expect(selected).toContainText('Géant CKdo');
    await expect(map.getByRole('button', { name: 'Géant CKdo' })).toHaveAttribute('aria-pressed', 'true');

    const count = async () => Number((await page.getByText(/^\d+ magasins à proximité$/).textContent())?.split(' ')[0]);
    const within2km = await count();
    await page.getByRole('button', { name: '10 km' }).click();
    await expect.poll(count).toBeGreaterThan(within2km);
    await selected.getByRole('link', { name: 'Contribuer un prix ici' }).click();
    await expect(page).toHaveURL(/\/contribute\?store=/);
    await expect(page.getByText('Magasin : Géant CKdo')).toBeVisible();
  });
});

test('without a position the banner asks to enable it and the contribution cannot be sent', async ({ page, request, context }) => {
  await context.clearPermissions();
  const account = await createAccount(request);
  await useSessionOf(page, account);
  await page.goto('/contribute');
  const banner = page.getByTestId('location-banner');
  await expect(banner).toHaveAttribute('data-state', 'unknown');
  await expect(banner.getByRole('button', { name: 'Activer' })).toBeVisible();
  await page.getByLabel('Rechercher un produit').fill('sucre');
  await page.getByRole('list', { name: '1. Choisissez le produit' }).getByRole('button').first().click();
  await page.getByLabel('Prix observé (FCFA)').fill('900');
  await expect(page.getByRole('button', { name: 'Envoyer la contribution' })).toBeDisabled();
  await expect(page.getByText(/Localisation requise pour contribuer/)).toBeVisible();
});
