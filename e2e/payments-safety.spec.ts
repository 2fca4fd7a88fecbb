// Payments that are live or test, never ambiguous, and refunds.
// - With the sandbox (the journeys' server, as in development): a card order paid in the sandbox is
//   a "Commande test" on the confirmation and in the deliveries; the customer cancels it and sees
//   its refund.
// - On a server with the sandbox off (PAYMENTS_SANDBOX=false, as production), started by this file:
//   card cannot be chosen in the booking form, with the reason; cash still books a real order.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, createListThroughApi, useSessionOf, type TestAccount } from './fixtures';

const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  await page.screenshot({ path: SHOTS ? path.join(SHOTS, name) : testInfo.outputPath(name), fullPage: true });
}

async function addMethodThroughApi(request: APIRequestContext, account: TestAccount, payload: object) {
  const res = await request.post('/api/user/payment-methods', { headers: { authorization: `Bearer ${account.access_token}` }, data: payload });
  expect(res.status(), await res.text()).toBe(201);
}

const nextYear = String(new Date().getFullYear() + 1);

/** From the list's price analysis to the booking form of its best-prices cart. */
async function openBooking(page: Page, listName: string) {
  await page.goto('/shopping-lists');
  const card = page.getByTestId('list-card').filter({ hasText: listName });
  await card.getByRole('button', { name: 'Analyse des prix' }).click();
  const dialog = page.getByRole('dialog', { name: `Analyse des prix — ${listName}` });
  await dialog.getByRole('region', { name: 'Meilleurs prix' }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Optimisation ajoutée au panier')).toBeVisible();
  return { dialog, booking: dialog.getByRole('form', { name: 'Réserver la livraison' }) };
}

test.describe('with the payment sandbox', () => {
  test.use({ geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test('phone: a card order paid in the sandbox is a "Commande test"; cancelled, its refund shows', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const account = await createAccount(request);
    await createListThroughApi(request, account.access_token, 'Courses test');
    await useSessionOf(page, account);

    const { dialog, booking } = await openBooking(page, 'Courses test');
    await dialog.getByRole('button', { name: 'Ajouter un mode de paiement' }).click();
    const form = dialog.getByRole('form', { name: 'Ajouter un mode de paiement' });
    await form.getByLabel('Type').selectOption('card');
    await form.getByLabel('Nom affiché').fill('Ma Visa');
    await form.getByLabel('Numéro de carte').fill('4242424242424242');
    await form.getByLabel('Nom sur la carte').fill('Awa Test');
    await form.getByLabel("Mois d'expiration").selectOption('12');
    await form.getByLabel("Année d'expiration").selectOption(nextYear);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Mode de paiement ajouté')).toBeVisible();

    await booking.getByRole('button', { name: 'Quartier Louis, Libreville' }).click();
    await booking.getByLabel('Créneau horaire').selectOption('morning');
    await booking.getByLabel('Mode de paiement').selectOption({ label: 'Ma Visa' });
    // Before paying, the customer is told this is a test payment.
    await expect(booking).toContainText('Mode test : aucun argent réel ne sera débité et la commande sera marquée « Commande test ».');
    await booking.scrollIntoViewIfNeeded();
    await shot(page, 'payments-booking-test-note-360.png', testInfo);
    await booking.getByRole('button', { name: 'Réserver la livraison' }).click();

    const confirmation = dialog.getByTestId('booking-confirmation');
    await expect(confirmation.getByTestId('test-order-mark')).toHaveText('Commande test');
    await expect(confirmation.getByText('mode test')).toBeVisible();
    await confirmation.getByRole('button', { name: 'Confirmer le paiement' }).click();
    await expect(confirmation).toContainText('Réservation confirmée');
    await expect(confirmation.getByTestId('test-order-mark')).toHaveText('Commande test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'payments-confirmation-test-order-360.png', testInfo);
    const orderNumber = (await confirmation.getByText(/^Commande n° /).textContent())!.replace('Commande n° ', '').toLowerCase();

    // The deliveries show it as a test order; the customer cancels it.
    await page.goto('/deliveries');
    const card = page.getByTestId('delivery-card').filter({ hasText: `N° ${orderNumber}` });
    await expect(card).toContainText('Confirmée');
    await expect(card.getByTestId('test-order-mark')).toHaveText('Commande test');
    await card.getByRole('button', { name: 'Annuler la livraison' }).click();
    const confirm = page.getByRole('dialog', { name: 'Annuler cette livraison ?' });
    await expect(confirm).toContainText('le montant payé vous sera remboursé');
    await confirm.getByRole('button', { name: 'Oui, annuler' }).click();
    await expect(card).toContainText('Annulée');
    await expect(card.getByTestId('refund-status')).toHaveText('Remboursement effectué');
    await expect(card.getByTestId('test-order-mark')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'payments-deliveries-refunded-360.png', testInfo);

    // The order's own page says the same.
    const orderId = await (async () => {
      const res = await request.get('/api/deliveries', { headers: { authorization: `Bearer ${account.access_token}` } });
      return ((await res.json()) as { id: string }[]).find((d) => d.id.startsWith(orderNumber))!.id;
    })();
    await page.goto(`/delivery-booking?commande=${orderId}`);
    const shown = page.getByTestId('booking-confirmation');
    await expect(shown).toContainText('Commande annulée');
    await expect(shown.getByTestId('refund-status')).toContainText('Remboursement effectué');
    await expect(shown.getByTestId('refund-status')).toContainText('aucun argent réel n’avait été débité');
    await expect(shown.getByTestId('test-order-mark')).toBeVisible();
    await shot(page, 'payments-order-refunded-360.png', testInfo);
  });
});

test.describe('with the sandbox off (production)', () => {
  const PORT = Number(process.env.E2E_PORT ?? 4173) + 3;
  const APP_URL = `http://127.0.0.1:${PORT}`;
  const DATA_DIR = path.join(os.tmpdir(), `monpanier-e2e-live-${PORT}`);
  let app: ChildProcess;

  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: APP_URL, geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(DATA_DIR, { recursive: true, force: true });
    app = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: 'warn', TILE_URL: `${APP_URL}/tiles-unavailable/{z}/{x}/{y}.png`, PAYMENTS_SANDBOX: 'false', TRUST_PROXY: 'true', REGISTRATIONS_PER_IP_PER_HOUR: '50' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 170_000;
    for (;;) {
      if (app.exitCode !== null) throw new Error(`MonPanier (sans bac à sable) s'est arrêté (code ${app.exitCode})`);
      if (await fetch(`${APP_URL}/api/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`MonPanier (sans bac à sable) ne répond pas sur ${APP_URL}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    rmSync(DATA_DIR, { recursive: true, force: true });
  });

  test('phone: a saved card cannot be chosen, with the reason; cash books a real order', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const account = await createAccount(request);
    await createListThroughApi(request, account.access_token, 'Courses réelles');
    await addMethodThroughApi(request, account, { method_type: 'card', display_name: 'Ma Visa', details: { card_number: '4242424242424242', card_name: 'AWA TEST', expiry_month: '12', expiry_year: nextYear }, is_default: true });
    await addMethodThroughApi(request, account, { method_type: 'cash', display_name: 'Espèces', details: { payment_on_delivery: true } });
    await useSessionOf(page, account);

    const { dialog, booking } = await openBooking(page, 'Courses réelles');
    const select = booking.getByLabel('Mode de paiement');
    await expect(select.locator('option', { hasText: 'Ma Visa (indisponible)' })).toBeDisabled();
    await expect(select).toHaveValue(''); // the default card is not pre-chosen
    await expect(booking.getByTestId('unavailable-payment-reasons')).toHaveText("Le paiement par carte n'est pas encore disponible. Choisissez un autre moyen de paiement.");
    await expect(dialog.getByText('Indisponible', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Ajouter un mode de paiement' }).click();
    const type = dialog.getByRole('form', { name: 'Ajouter un mode de paiement' }).getByLabel('Type');
    await expect(type.locator('option', { hasText: 'Carte bancaire (indisponible)' })).toBeDisabled();
    await expect(type.locator('option', { hasText: 'Airtel Money (indisponible)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.getByRole('heading', { name: 'Modes de paiement' }).scrollIntoViewIfNeeded();
    await shot(page, 'payments-live-methods-360.png', testInfo);
    await booking.scrollIntoViewIfNeeded();
    await shot(page, 'payments-live-booking-form-360.png', testInfo);

    await booking.getByRole('button', { name: 'Quartier Louis, Libreville' }).click();
    await booking.getByLabel('Créneau horaire').selectOption('evening');
    await select.selectOption({ label: 'Espèces' });
    await expect(booking.getByText(/Mode test/)).toHaveCount(0);
    await booking.getByRole('button', { name: 'Réserver la livraison' }).click();
    const confirmation = dialog.getByTestId('booking-confirmation');
    await expect(confirmation).toContainText('Réservation confirmée');
    await expect(confirmation.getByTestId('test-order-mark')).toHaveCount(0);
  });
});
