// Paying with Airtel Money when MonPanier is configured for Airtel's Open API. This file starts its
// own MonPanier (fresh embedded database) with Airtel credentials pointed at the local Airtel
// stand-in, which runs in the test process: the customer "answers on the phone" through the
// stand-in, which posts the signed callback to MonPanier as Airtel would. A cancelled paid order is
// refunded through Airtel's refund API.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startAirtelStandIn, STAND_IN_CREDENTIALS, type AirtelStandIn } from '../server/test/airtel-stand-in';
import { createAccount, createListThroughApi, useSessionOf } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 2;
const APP_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `monpanier-e2e-airtel-${PORT}`);
const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };

let standIn: AirtelStandIn;
let app: ChildProcess;

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`MonPanier (Airtel) s'est arrêté (code ${app.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`MonPanier (Airtel) ne répond pas sur ${url}`);
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: APP_URL, geolocation: LIBREVILLE, permissions: ['geolocation'] });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startAirtelStandIn({ callbackTarget: `${APP_URL}/api/payments/callbacks/airtel` });
  rmSync(DATA_DIR, { recursive: true, force: true });
  app = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      TILE_URL: `${APP_URL}/tiles-unavailable/{z}/{x}/{y}.png`,
      AIRTEL_MONEY_BASE_URL: standIn.baseUrl,
      AIRTEL_MONEY_CLIENT_ID: STAND_IN_CREDENTIALS.clientId,
      AIRTEL_MONEY_CLIENT_SECRET: STAND_IN_CREDENTIALS.clientSecret,
      AIRTEL_MONEY_CALLBACK_SECRET: STAND_IN_CREDENTIALS.callbackSecret,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`${APP_URL}/api/health`, 170_000);
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGTERM');
    await exited;
  }
  await standIn?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** From a list to the booking confirmation, paying with a new Airtel Money number. */
async function bookWithAirtel(page: Page, phone: string) {
  await page.goto('/shopping-lists');
  const card = page.getByTestId('list-card').filter({ hasText: 'Courses Airtel' });
  await card.getByRole('button', { name: 'Analyse des prix' }).click();
  const dialog = page.getByRole('dialog', { name: 'Analyse des prix — Courses Airtel' });
  const best = dialog.getByRole('region', { name: 'Meilleurs prix' });
  await best.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Optimisation ajoutée au panier')).toBeVisible();

  await dialog.getByRole('button', { name: 'Ajouter un mode de paiement' }).click();
  const form = dialog.getByRole('form', { name: 'Ajouter un mode de paiement' });
  await form.getByLabel('Type').selectOption('airtel_money');
  await form.getByLabel('Nom affiché').fill('Mon Airtel Money');
  await form.getByLabel('Numéro de téléphone').fill(phone);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mode de paiement ajouté')).toBeVisible();

  const booking = dialog.getByRole('form', { name: 'Réserver la livraison' });
  await booking.getByRole('button', { name: 'Quartier Louis, Libreville' }).click();
  await booking.getByLabel('Créneau horaire').selectOption('morning');
  await booking.getByRole('button', { name: 'Réserver la livraison' }).click();

  const confirmation = dialog.getByTestId('booking-confirmation');
  await expect(confirmation).toContainText('Réservation enregistrée : paiement en attente');
  const step = confirmation.getByRole('region', { name: 'Confirmation sur votre téléphone' });
  await expect(step).toContainText(`a été envoyée au ${phone}. Validez-la sur votre téléphone avec votre code secret.`);
  // A real operator: no test label, no buttons answering in the customer's place.
  await expect(confirmation.getByText('mode test')).toHaveCount(0);
  await expect(confirmation.getByRole('button', { name: 'Confirmer le paiement' })).toHaveCount(0);
  return { dialog, confirmation, step };
}

test('phone: booking with Airtel Money, approved on the phone → the confirmation updates by itself', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const account = await createAccount(request);
  await createListThroughApi(request, account.access_token, 'Courses Airtel');
  await useSessionOf(page, account);

  const { confirmation, step } = await bookWithAirtel(page, '+241 07 44 55 66');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('airtel-waiting-360.png') });

  // The push reached the phone: the customer enters the PIN, Airtel calls MonPanier back.
  expect(await standIn.customerAnswers('07445566', true)).toBe(200);
  await expect(confirmation).toContainText('Réservation confirmée');
  await expect(confirmation.getByTestId('order-status')).toHaveText('Confirmée');
  await expect(page.getByText('Paiement confirmé : votre commande est confirmée')).toBeVisible();
  await expect(step).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('airtel-confirmed-360.png') });

  // A real order (no "Commande test"); cancelled, Airtel gives the money back.
  await expect(confirmation.getByTestId('test-order-mark')).toHaveCount(0);
  await page.goto('/deliveries');
  const card = page.getByTestId('delivery-card').first();
  await expect(card).toContainText('Confirmée');
  await expect(card.getByTestId('test-order-mark')).toHaveCount(0);
  await card.getByRole('button', { name: 'Annuler la livraison' }).click();
  await page.getByRole('dialog', { name: 'Annuler cette livraison ?' }).getByRole('button', { name: 'Oui, annuler' }).click();
  await expect(card).toContainText('Annulée');
  await expect(card.getByTestId('refund-status')).toHaveText('Remboursement effectué');
  const collection = [...standIn.transactions.values()].find((t) => t.msisdn === '07445566')!;
  expect(collection.status).toBe('TR');
  expect(standIn.refundRequests()).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath('airtel-refunded-360.png') });
});

test('desktop: declined on the phone → cancelled; "Vérifier le paiement" asks again', async ({ page, request }, testInfo) => {
  const account = await createAccount(request);
  await createListThroughApi(request, account.access_token, 'Courses Airtel');
  await useSessionOf(page, account);

  const { confirmation, step } = await bookWithAirtel(page, '+241 07 99 88 77');
  await step.getByRole('button', { name: 'Vérifier le paiement' }).click();
  await expect(confirmation).toContainText('Réservation enregistrée : paiement en attente');
  await page.screenshot({ path: testInfo.outputPath('airtel-waiting-desktop.png') });

  expect(await standIn.customerAnswers('07998877', false)).toBe(200);
  await expect(confirmation).toContainText('Paiement refusé : commande annulée');
  await expect(confirmation.getByTestId('order-status')).toHaveText('Annulée');
  await expect(page.getByText('Paiement refusé : la commande est annulée')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('airtel-cancelled-desktop.png') });
});
