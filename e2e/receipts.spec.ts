// Prices by the basketful (issue 29, items 1 and 2), in French at 360 px: a till receipt scanned,
// reviewed (one line corrected) and sent, then its new price in the catalogue; a shelf label
// photographed that prefills the contribution; a document that is no ticket refused in French.
// The shopper is the demo consumer, an established contributor: a newcomer's prices are recorded
// but wait for others to agree (phone-voice.spec.ts), which is not what these journeys are about.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { fr } from '#contract/messages';
import { thermalPng } from '../bench/receipts/render';
import { seededRandom } from '../server/platform/random';
import { shelfTagPhoto } from '../server/features/prices/price-tags/shelf-tags.fixture';
import { textPdf } from '../server/test/documents';
import { demoLogin, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';
// Géant CKdo, Libreville (seeded store).
const AT_GEANT_CKDO = { latitude: 0.4015, longitude: 9.4455 };
const OIL = "Huile de palme raffinée Cuisin'Or, bouteille 0,9 L";

/** A CKdo ticket of yesterday (a receipt must be recent), printed on a thermal till by the benchmark's renderer. */
async function ckdoTicket() {
  const day = new Date(Date.now() - 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const text = [
    '           GEANT CKDO',
    '    BD BESSIEUX - LIBREVILLE',
    '------------------------------------',
    `DATE: ${p(day.getDate())}/${p(day.getMonth() + 1)}/${day.getFullYear()}  HEURE: 10:42`,
    `CAISSE 03  TICKET ${1000 + (Date.now() % 9000)}`,
    '------------------------------------',
    'RIZ PARF ELEPHANT 5KG          4 650',
    "HUILE PALME CUISIN'OR 90CL",
    '   2 X 1 150                   2 300',
    'SUCRE GRANULE 1KG                875',
    'SEL FIN 1KG                      300',
    '------------------------------------',
    'TOTAL                          8 125',
    'ESPECES                       10 000',
    'RENDU                          1 875',
  ];
  const style = { font: 'DejaVu Sans Mono', fontSize: 24, ink: '#111111', faded: false, streaks: false };
  return { name: 'ticket.png', mimeType: 'image/png', buffer: await thermalPng({ text } as Parameters<typeof thermalPng>[0], style, seededRandom(29)) };
}

test.describe('at 360 px, in a store', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, geolocation: AT_GEANT_CKDO, permissions: ['geolocation'] });
  test.setTimeout(120_000);

  test('scan a receipt → review → correct one line → « Envoyer 4 prix » → the catalogue shows the new price in that store', async ({ page, request }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await useSessionOf(page, await demoLogin(request, 'consumer'));
    await page.goto('/dashboard');
    await page.getByRole('link', { name: fr.receiptsUi.quickAction }).click();
    await expect(page).toHaveURL(/\/contribute\?mode=ticket$/);
    await expect(page.getByTestId('location-banner')).toHaveAttribute('data-state', 'known');

    await page.getByLabel(fr.receiptsUi.fileLabel).setInputFiles(await ckdoTicket());
    await expect(page.getByRole('heading', { name: fr.receiptsUi.reviewTitle })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('receipt-store')).toHaveText(fr.receiptsUi.storeChosen('Géant CKdo'));
    const lines = page.getByTestId('receipt-line');
    await expect(lines).toHaveCount(4);
    await expect(lines.filter({ hasText: 'SEL FIN 1KG' })).toContainText('Sel fin, paquet 1 kg');
    await expect(page.getByRole('button', { name: 'Envoyer 4 prix' })).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS_DIR}/receipt-01-review-360.png`, fullPage: true });

    // The oil line: the price typed wrong shows in amber with the reason, then typed right.
    const oil = lines.filter({ hasText: "CUISIN'OR 90CL" });
    await expect(oil).toContainText(OIL);
    const price = oil.getByLabel(fr.receiptsUi.unitPriceFor(OIL));
    await price.fill('1200');
    await expect(oil.getByTestId('line-problem')).toHaveText(fr.receiptsUi.arithmetic('2', '1 200 FCFA', '2 300 FCFA').replace(/ FCFA/g, '\u00a0FCFA'));
    await oil.evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await oil.screenshot({ path: `${SHOTS_DIR}/receipt-02-amber-line-360.png` });
    await price.fill('1150');
    await expect(oil.getByTestId('line-problem')).toHaveCount(0);

    // The sugar was brown, not white: another product from the line's candidates.
    const sugar = lines.filter({ hasText: 'SUCRE GRANULE 1KG' });
    await sugar.getByRole('button', { name: fr.receiptsUi.changeProductFor('SUCRE GRANULE 1KG 875') }).click();
    await sugar.getByRole('list', { name: fr.receiptsUi.candidates }).getByRole('button', { name: 'Sucre roux granulé, paquet 1 kg' }).click();
    await expect(sugar).toContainText('Sucre roux granulé, paquet 1 kg');
    await page.screenshot({ path: `${SHOTS_DIR}/receipt-02-corrected-360.png`, fullPage: true });

    await page.getByRole('button', { name: 'Envoyer 4 prix' }).click();
    const sent = page.getByTestId('receipt-sent');
    await expect(sent).toContainText(fr.receiptsUi.sent(4));
    await page.screenshot({ path: `${SHOTS_DIR}/receipt-03-sent-360.png`, fullPage: true });

    // Géant CKdo had no price for this oil: the ticket's is now the one shown.
    await sent.getByRole('link', { name: OIL }).click();
    await page.getByRole('button', { name: `Détails : ${OIL}` }).click();
    const row = page.getByRole('dialog', { name: OIL }).getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem').filter({ hasText: 'Géant CKdo' });
    await expect(row).toContainText(/1\s150\sFCFA/);
  });

  test('photograph a shelf label → the contribution is prefilled → pick the store → the price is recorded', async ({ page, request }) => {
    await useSessionOf(page, await demoLogin(request, 'consumer'));
    await page.goto('/contribute');
    await page.getByRole('link', { name: fr.receiptsUi.modeTag }).click();
    await expect(page).toHaveURL(/mode=etiquette/);
    const photo = await shelfTagPhoto({ name: ['Djino', 'bouteille 1,5 L'], price: 'Prix : 650', perMeasure: 'Prix au litre : 433 F', tilt: -3, seed: 5 });
    await page.getByLabel(fr.priceTagUi.fileLabel).setInputFiles({ name: 'etiquette.jpg', mimeType: 'image/jpeg', buffer: photo });

    await expect(page.getByTestId('price-tag-note')).toContainText('Djino, bouteille 1,5 L', { timeout: 60_000 });
    await expect(page.getByLabel('Prix observé (FCFA)')).toHaveValue('650');
    await expect(page.getByRole('img', { name: 'Aperçu de la photo' })).toBeVisible();
    await expect(page.getByText(/^Djino, bouteille 1,5 L/).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/price-tag-01-prefilled-360.png`, fullPage: true });

    await page.getByRole('region', { name: 'Carte des magasins proches' }).getByRole('button', { name: 'Géant CKdo' }).press('Enter');
    await expect(page.getByText('Magasin : Géant CKdo')).toBeVisible();
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/prices/contribute') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Envoyer la contribution' }).click();
    const response = await recorded;
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as { message: string; observation: { status: string; photo_url: string | null } };
    expect(body.observation.status).toBe('accepted');
    await expect(page.getByText(body.message)).toBeVisible();
    await expect(page.getByLabel('Prix observé (FCFA)')).toHaveValue('');
  });

  test('a document that is not a till receipt gets the French 422', async ({ page, request }) => {
    await useSessionOf(page, await demoLogin(request, 'consumer'));
    await page.goto('/contribute?mode=ticket');
    const list = textPdf([['Liste de courses', 'riz 5 kg', 'huile 2 L', 'sucre', 'lait en poudre']]);
    await page.getByLabel(fr.receiptsUi.fileLabel).setInputFiles({ name: 'liste.pdf', mimeType: 'application/pdf', buffer: list });
    await expect(page.getByRole('alert')).toHaveText('Ce document ne ressemble pas à un ticket de caisse', { timeout: 60_000 });
    // A program renamed ticket.jpg is refused before it is sent, with the server's own words.
    await page.getByLabel(fr.receiptsUi.fileLabel).setInputFiles({ name: 'ticket.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 7)]) });
    await expect(page.getByRole('alert')).toHaveText(fr.receipts.format);
  });
});
