// One real person, one voice (issue 27): a newcomer registers at 360 px, types the SMS code (demo mode
// shows it on screen), contributes a new price — recorded « à confirmer », the shown price stays —
// and once an established contributor sees the same price after them, the shown price moves.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { fr } from '#contract/messages';
import type { Product, ProductDetail } from '#contract/products';
import { demoLogin } from './fixtures';

const SHOTS_DIR = 'test-results/screens';
const PRODUCT = 'Dentifrice, tube 75 mL';

async function shownPrices(request: APIRequestContext, productId: string) {
  const res = await request.get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as ProductDetail).prices;
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, permissions: ['geolocation'] });

  test('register → the code → verified → a price « à confirmer » → an established contributor sees the same → the price moves', async ({ page, context, request }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const found = await request.get(`/api/products?search=${encodeURIComponent(PRODUCT)}&limit=5`);
    const product = ((await found.json()) as Product[]).find((p) => p.name === PRODUCT)!;
    expect(product, `${PRODUCT} doit être au catalogue`).toBeTruthy();
    const [priced] = await shownPrices(request, product.id);
    const store = { id: priced.store_id, name: priced.store_name, latitude: priced.latitude, longitude: priced.longitude };
    await context.setGeolocation({ latitude: store.latitude, longitude: store.longitude });
    // A new shelf price, 10 % up (the newcomer saw it first).
    const newPrice = Math.round((priced.price * 1.1) / 5) * 5;

    // ---- register, then the code screen
    const stamp = Date.now();
    await page.goto('/register');
    await page.getByLabel('Nom complet').fill('Prisca Ondo');
    await page.getByLabel('Adresse email').fill(`prisca-${stamp}@exemple.ga`);
    await page.getByLabel('Téléphone').fill(`+241 77 ${String(stamp).slice(-6, -4)} ${String(stamp).slice(-4, -2)} ${String(stamp).slice(-2)}`);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Okoume-Franceville-9');
    await page.getByLabel('Confirmer le mot de passe').fill('Okoume-Franceville-9');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(page).toHaveURL(/\/verify-phone\?next=%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: fr.phone.verifyTitle, level: 1 })).toBeVisible();
    const demo = page.getByTestId('demo-code');
    await expect(demo).toContainText('mode démo');
    const code = (await demo.locator('strong').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS_DIR}/phone-01-code-360.png`, fullPage: true });

    // A wrong code is refused at its field, with the tries left; the right one verifies.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(fr.phone.codeLabel).fill(wrong);
    await page.getByRole('button', { name: fr.phone.verifySubmit }).click();
    await expect(page.getByText(/^Code incorrect\. Il vous reste \d+ essais?\.$/)).toBeVisible();
    await page.getByLabel(fr.phone.codeLabel).fill(code);
    await page.getByRole('button', { name: fr.phone.verifySubmit }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(fr.phone.verified)).toBeVisible();

    // ---- contribute: recorded « à confirmer », the shown price stays
    await page.goto('/contribute');
    await expect(page.getByText(fr.phone.verifyNeeded)).toHaveCount(0);
    await page.getByLabel('Rechercher un produit').fill('dentifrice');
    await page.getByRole('list', { name: '1. Choisissez le produit' }).getByRole('button', { name: new RegExp(`^${PRODUCT.replace(/[()]/g, '\\$&')}`) }).click();
    await page.getByRole('list', { name: 'Magasins où ce produit a un prix' }).getByRole('button', { name: new RegExp(`^${store.name}`) }).click();
    await expect(page.getByText(`Magasin : ${store.name}`)).toBeVisible();
    await page.getByLabel('Prix observé (FCFA)').fill(String(newPrice));
    await page.getByRole('button', { name: 'Envoyer la contribution' }).click();
    await expect(page.getByText(fr.contribute.probation)).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/phone-02-probation-360.png`, fullPage: true });
    expect((await shownPrices(request, product.id)).find((p) => p.store_id === store.id)?.price).toBe(priced.price);

    // ---- a second, established, verified person sees the same price after her
    const established = await demoLogin(request, 'consumer');
    const confirmed = await request.post('/api/prices/contribute', {
      headers: { authorization: `Bearer ${established.access_token}` },
      data: { product_id: product.id, store_id: store.id, price: newPrice, latitude: store.latitude, longitude: store.longitude },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(201);

    await page.goto(`/products?q=dentifrice`);
    await page.getByRole('button', { name: `Détails : ${PRODUCT}` }).click();
    const row = page.getByRole('dialog', { name: PRODUCT }).getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem').filter({ hasText: store.name });
    await expect(row).toContainText(new RegExp(`${newPrice.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sFCFA`));
    await page.screenshot({ path: `${SHOTS_DIR}/phone-03-price-moved-360.png`, fullPage: true });
  });
});
