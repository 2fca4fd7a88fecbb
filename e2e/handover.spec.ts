// Handover with proof (issue 30, item 3) at 360 px, two phones: the agent takes the order, marks it
// « Récupérée au magasin » then « En route »; the customer's card shows the code; a wrong code says how
// many tries are left, the right one delivers it on both sides. Then the door-photo path: « Livrée
// (sans code) ».
import { type Browser, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, createApprovedAgent, createListThroughApi, useSessionOf, type TestAccount } from './fixtures';
import { requestDueDeliveryThroughApi } from './handover-fixtures';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'fr-FR', timezoneId: 'Africa/Libreville' };

async function phoneOf(browser: Browser, baseURL: string | undefined, who: TestAccount) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await useSessionOf(page, who);
  return { context, page };
}

const noSideScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('collected, en route, the customer’s code → delivered on both phones', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await createAccount(request, { full_name: 'Nadège Moussavou' });
  const agent = await createApprovedAgent(request, { full_name: 'Rodrigue Nzé' });
  const list = await createListThroughApi(request, customer.access_token, 'Courses de la semaine', ['riz', 'huile']);
  const order = await requestDueDeliveryThroughApi(request, customer.access_token, list.id, 'Akanda, derrière la station');
  const short = order.id.slice(0, 8);

  const shopper = await phoneOf(browser, baseURL, customer);
  await shopper.page.goto('/deliveries');
  const card = shopper.page.getByTestId('delivery-card').filter({ hasText: `N° ${short}` });
  await expect(card).toContainText('Confirmée');
  await expect(card.getByTestId('handover-code')).toHaveCount(0);

  const driver = await phoneOf(browser, baseURL, agent);
  await driver.page.goto('/delivery-agent/orders');
  const mine = driver.page.getByTestId('agent-order').filter({ hasText: `#${short}` });
  await mine.getByRole('button', { name: 'Je me lance !' }).click();
  await expect(driver.page.getByText('Commande prise en charge avec succès !')).toBeVisible();
  await mine.getByRole('button', { name: 'Récupérée au magasin' }).click();
  await expect(mine).toContainText('Récupérée au magasin');
  await mine.getByRole('button', { name: 'En route' }).click();
  await expect(mine.getByRole('button', { name: 'Terminer la livraison' })).toBeVisible();
  await expect(mine).toContainText('En route');

  // The customer's card: the code to give, and the timeline with the steps' times.
  await shopper.page.reload();
  await expect(card).toContainText('En route');
  const codeLine = card.getByTestId('handover-code');
  await expect(codeLine).toHaveText(/^Code de remise : \d{4} — à donner au livreur$/);
  const code = /(\d{4})/.exec((await codeLine.textContent())!)![1];
  await expect(card.getByTestId('timeline-picked_up_at')).toContainText(/^Récupérée au magasin\s*\d{2}\/\d{2}\/\d{4}/);
  await expect(card.getByTestId('timeline-en_route_at')).toContainText(/^En route\s*\d{2}\//);
  await noSideScroll(shopper.page);
  await card.scrollIntoViewIfNeeded();
  await shopper.page.screenshot({ path: 'test-results/screens/handover-customer-code-360.png' });
  // Never on the agent's screen.
  await expect(driver.page.getByText(`Code de remise : ${code}`)).toHaveCount(0);

  await mine.getByRole('button', { name: 'Terminer la livraison' }).click();
  const form = driver.page.getByRole('dialog', { name: 'Terminer la livraison' });
  const field = form.getByLabel('Code de remise (4 chiffres)');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill(String((Number(code) + 1) % 10_000).padStart(4, '0'));
  await form.getByRole('button', { name: 'Valider le code' }).click();
  await expect(form.getByRole('alert')).toHaveText('Code incorrect : il reste 4 essais');
  await noSideScroll(driver.page);
  await driver.page.screenshot({ path: 'test-results/screens/handover-agent-wrong-code-360.png' });
  await field.fill(code);
  await form.getByRole('button', { name: 'Valider le code' }).click();
  await expect(driver.page.getByText('Livraison terminée !')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(mine).toContainText('Terminée');

  await shopper.page.reload();
  await expect(card).toContainText('Livrée');
  await expect(card.getByTestId('handover-code')).toHaveCount(0);
  await expect(card.getByTestId('timeline-delivered_at')).toContainText(/^Livrée\s*\d{2}\//);
  await card.scrollIntoViewIfNeeded();
  await shopper.page.screenshot({ path: 'test-results/screens/handover-customer-delivered-360.png' });
  await shopper.context.close();
  await driver.context.close();
});

test('the customer cannot give the code: a photo at the door → « Livrée (sans code) »', async ({ browser, request, baseURL }) => {
  const customer = await createAccount(request, { full_name: 'Joël Mba' });
  const agent = await createApprovedAgent(request);
  const list = await createListThroughApi(request, customer.access_token, 'Courses du soir', ['lait']);
  const order = await requestDueDeliveryThroughApi(request, customer.access_token, list.id);
  const headers = { authorization: `Bearer ${agent.access_token}` };
  expect((await request.post(`/api/delivery-agent/accept-order/${order.id}`, { headers })).status()).toBe(200);
  for (const step of ['picked_up', 'en_route']) expect((await request.put(`/api/delivery-agent/update-status/${order.id}?new_status=${step}`, { headers })).status()).toBe(200);

  const driver = await phoneOf(browser, baseURL, agent);
  await driver.page.goto('/delivery-agent/orders');
  const mine = driver.page.getByTestId('agent-order').filter({ hasText: `#${order.id.slice(0, 8)}` });
  await mine.getByRole('button', { name: 'Terminer la livraison' }).click();
  const form = driver.page.getByRole('dialog', { name: 'Terminer la livraison' });
  await form.getByRole('button', { name: 'Le client ne peut pas donner le code : prendre une photo' }).click();
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a5' } }).jpeg().toBuffer();
  await form.getByLabel('Photo de la remise à la porte').setInputFiles({ name: 'porte.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByTestId('door-photo-name')).toHaveText('porte.jpg');
  await driver.page.screenshot({ path: 'test-results/screens/handover-agent-photo-360.png' });
  await form.getByRole('button', { name: 'Envoyer la photo et terminer' }).click();
  await expect(driver.page.getByText('Livraison terminée (sans code), photo enregistrée.')).toBeVisible();

  const shopper = await phoneOf(browser, baseURL, customer);
  await shopper.page.goto('/deliveries');
  const card = shopper.page.getByTestId('delivery-card').first();
  await expect(card).toContainText('Livrée (sans code)');
  // The door photo: private, shown to the customer through the session.
  await card.getByRole('button', { name: 'Voir la photo de remise' }).click();
  const proof = card.getByTestId('delivery-proof');
  await expect(proof).toBeVisible();
  expect(await proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.scrollIntoViewIfNeeded();
  await shopper.page.screenshot({ path: 'test-results/screens/handover-customer-photo-360.png' });
  await shopper.context.close();
  await driver.context.close();
});
