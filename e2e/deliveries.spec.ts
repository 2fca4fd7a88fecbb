import { type Page, expect, test } from '@playwright/test';
import { createAccount, createListThroughApi, demoLogin, requestDeliveryThroughApi, useSessionOf } from './fixtures';

const LIBREVILLE = { latitude: 0.4162, longitude: 9.4673 };
const isoInDays = (days: number) => {
  const d = new Date(Date.now() + days * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Libreville' }).format(d);
};
/** The same day as the form shows it: dd/MM/yyyy. */
const frInDays = (days: number) => isoInDays(days).split('-').reverse().join('/');

async function openRequestForm(page: Page) {
  await page.getByRole('button', { name: 'Nouvelle demande de livraison' }).click();
  return page.getByRole('dialog', { name: 'Nouvelle demande de livraison' });
}

test('consumer books → agent takes it → collected, en route, the code → the consumer is told and sees Livrée', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const consumer = await createAccount(request, { full_name: 'Prisca Nguema' });
  await createListThroughApi(request, consumer.access_token, 'Courses du samedi');

  // ---- the consumer books from /deliveries
  const consumerContext = await browser.newContext({ baseURL, geolocation: LIBREVILLE, permissions: ['geolocation'], locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const shopper = await consumerContext.newPage();
  await useSessionOf(shopper, consumer);
  await shopper.goto('/deliveries');
  await expect(shopper.getByText('Aucune livraison pour le moment')).toBeVisible();

  let form = await openRequestForm(shopper);
  await form.getByLabel('Liste de courses').selectOption({ label: 'Courses du samedi (3 articles)' });
  await form.getByLabel('Adresse de livraison').fill('Quartier Louis, derrière la pharmacie');
  await shopper.getByRole('button', { name: 'Utiliser ma position GPS' }).click();
  await expect(shopper.getByText('Position obtenue avec succès')).toBeVisible();
  await expect(form.getByTestId('gps-position')).toHaveText('Position : 0,4162 ; 9,4673');
  // Today's first slot: the journeys' server opens the handover two days before the slot (playwright.config.ts), so the agent can complete it at any hour.
  await form.getByLabel('Date de livraison').fill(frInDays(0));
  await form.getByLabel('Créneau horaire').selectOption('08:00-10:00');
  await form.getByLabel('Notes (optionnel)').fill('Sonner deux fois');
  await shopper.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(shopper.getByText('Demande de livraison créée avec succès !')).toBeVisible();
  await expect(form).toBeHidden();
  const card = shopper.getByTestId('delivery-card').first();
  await expect(card).toContainText('Confirmée');
  await expect(card).toContainText('Quartier Louis, derrière la pharmacie');
  await expect(card).toContainText(`Le ${frInDays(0)} · 08:00-10:00`);
  await expect(card).toContainText('Sonner deux fois');
  await expect(card).toContainText('Liste « Courses du samedi »');
  const shortId = (await card.locator('.font-mono').textContent())!.replace('N° ', '');
  await expect(shopper.getByTestId('notification-badge')).toHaveText('1');

  // ---- the agent, in another browser context, takes it and delivers it
  const agentContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const driver = await agentContext.newPage();
  await useSessionOf(driver, await demoLogin(request, 'agent'));
  await driver.goto('/delivery-agent/orders');
  const row = driver.getByTestId('agent-order-row').filter({ hasText: `#${shortId}` });
  await expect(row).toContainText('En Attente');
  // Offered without who nor where exactly: the area, the slot, the shopping.
  await expect(row).toContainText('Libreville');
  await expect(row).not.toContainText('Prisca Nguema');
  await expect(row).not.toContainText('Quartier Louis, derrière la pharmacie');
  await row.getByRole('button', { name: 'Détails' }).click();
  const detail = driver.getByRole('dialog', { name: `Commande #${shortId}` });
  await expect(detail.getByTestId('contact-hidden')).toBeVisible();
  await expect(detail).not.toContainText(consumer.user.email);
  await expect(detail).not.toContainText('Sonner deux fois');
  await expect(detail.getByTestId('store-group').first()).toBeVisible();
  await detail.getByRole('button', { name: 'Je me lance !' }).click();
  await expect(driver.getByText('Commande prise en charge avec succès !')).toBeVisible();
  await expect(detail).toContainText('En Cours');
  // Taken: now the agent has the customer's contact, the address and the notes.
  await expect(detail.getByTestId('customer-contact')).toContainText('Prisca Nguema');
  await expect(detail).toContainText(consumer.user.email);
  await expect(detail).toContainText('Quartier Louis, derrière la pharmacie');
  await expect(detail).toContainText('Sonner deux fois');
  await driver.screenshot({ path: 'test-results/screens/agent-detail-desktop.png' });
  await detail.getByRole('button', { name: 'Récupérée au magasin' }).click();
  await expect(detail).toContainText('Récupérée au magasin');
  await detail.getByRole('button', { name: 'En route' }).click();
  await expect(detail.getByRole('button', { name: 'Terminer la livraison' })).toBeVisible();
  // The customer's card shows the code once the agent is on the way; the agent types it.
  await expect(card.getByTestId('handover-code')).toContainText('Code de remise :', { timeout: 30_000 });
  const code = /Code de remise : (\d{4})/.exec((await card.getByTestId('handover-code').textContent())!)![1];
  await detail.getByRole('button', { name: 'Terminer la livraison' }).click();
  const handover = driver.getByRole('dialog', { name: 'Terminer la livraison' });
  await handover.getByLabel('Code de remise (4 chiffres)').fill(code);
  await handover.getByRole('button', { name: 'Valider le code' }).click();
  await expect(driver.getByText('Livraison terminée !')).toBeVisible();
  await expect(handover).toBeHidden();
  await driver.getByRole('button', { name: /^Terminées/ }).click();
  await expect(driver.getByTestId('agent-order-row').filter({ hasText: 'Prisca Nguema' })).toContainText('Terminée');
  await driver.getByRole('button', { name: /^Toutes/ }).click();
  await driver.screenshot({ path: 'test-results/screens/agent-orders-desktop.png' });

  // ---- back on the consumer's page, with no reload: the bell counts the new notifications
  await expect(shopper.getByTestId('notification-badge')).toHaveText('5', { timeout: 30_000 });
  // The page follows: the new notifications refresh the deliveries list too.
  await expect(card).toContainText('Livrée');
  await shopper.getByRole('button', { name: /^Notifications/ }).click();
  const panel = shopper.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('5 nouvelle(s) notification(s)');
  await shopper.screenshot({ path: 'test-results/screens/notification-panel-desktop.png' });
  await expect(panel.getByTestId('notification-item')).toHaveCount(5);
  await expect(panel.getByTestId('notification-item').first()).toContainText('Commande livrée');
  await expect(panel.getByTestId('notification-item').nth(1)).toContainText('Livreur en route');
  await expect(panel.getByTestId('notification-item').nth(3)).toContainText('Livraison en cours');
  await expect(panel.getByTestId('notification-item').first()).toContainText("À l'instant");
  await panel.getByRole('button', { name: 'Tout marquer lu' }).click();
  await expect(shopper.getByTestId('notification-badge')).toBeHidden();
  await expect(panel).toContainText('0 nouvelle(s) notification(s)');

  await shopper.goto('/deliveries');
  await expect(shopper.getByTestId('delivery-card').first()).toContainText('Livrée');
  await shopper.screenshot({ path: 'test-results/screens/deliveries-desktop.png' });
  await consumerContext.close();
  await agentContext.close();
});

test('every validation message of the request form, then a cancellation', async ({ page, request, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(LIBREVILLE);
  const consumer = await createAccount(request);
  await createListThroughApi(request, consumer.access_token, 'Liste du mois', ['riz', 'lait']);
  await useSessionOf(page, consumer);
  await page.goto('/deliveries');

  const form = await openRequestForm(page);
  await page.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(form.getByText('Veuillez sélectionner une liste de courses')).toBeVisible();
  await expect(form.getByText('Veuillez entrer une adresse de livraison')).toBeVisible();
  await expect(form.getByText('Position GPS requise pour la livraison')).toBeVisible();
  await expect(form.getByText('Veuillez sélectionner un créneau horaire')).toBeVisible();
  await expect(form.getByText('Veuillez choisir une date de livraison valide')).toBeVisible();

  // The date picker offers no past day, and a typed past date is refused.
  await expect(form.getByLabel('Date de livraison')).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await expect(form.locator('input[type=date]')).toHaveAttribute('min', isoInDays(0));
  await form.getByLabel('Date de livraison').fill(frInDays(-1));
  await form.getByLabel('Adresse de livraison').fill('   ');
  await page.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(form.getByText('La date de livraison ne peut pas être dans le passé')).toBeVisible();
  await expect(form.getByText('Veuillez entrer une adresse de livraison')).toBeVisible();

  await form.getByLabel('Liste de courses').selectOption({ label: 'Liste du mois (2 articles)' });
  await form.getByLabel('Adresse de livraison').fill('Akanda, villa 12');
  await page.getByRole('button', { name: 'Utiliser ma position GPS' }).click();
  await form.getByLabel('Date de livraison').fill('31/02/2030');
  await page.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(form.getByText('Veuillez choisir une date de livraison valide')).toBeVisible();
  await form.getByLabel('Date de livraison').fill(frInDays(2));
  await form.getByLabel('Créneau horaire').selectOption('18:00-20:00');
  await page.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(page.getByText('Demande de livraison créée avec succès !')).toBeVisible();

  // Once booked the list is no longer offered, and the form says why (the user has a list).
  await openRequestForm(page);
  await expect(page.getByLabel('Liste de courses').locator('option')).toHaveCount(1);
  await expect(page.getByTestId('list-availability')).toContainText('« Liste du mois » : une livraison est déjà en cours pour cette liste');
  await expect(page.getByText("créez d'abord une liste")).toHaveCount(0);
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();

  await page.getByRole('button', { name: 'Annuler la livraison' }).click();
  await page.getByRole('dialog', { name: 'Annuler cette livraison ?' }).getByRole('button', { name: 'Oui, annuler' }).click();
  await expect(page.getByText('Livraison annulée')).toBeVisible();
  await expect(page.getByTestId('delivery-card').first()).toContainText('Annulée');
  await expect(page.getByRole('button', { name: 'Annuler la livraison' })).toBeHidden();
});

test('a position that cannot be obtained says so', async ({ page, request }) => {
  const consumer = await createAccount(request);
  await useSessionOf(page, consumer);
  await page.goto('/deliveries');
  await openRequestForm(page);
  await page.getByRole('button', { name: 'Utiliser ma position GPS' }).click();
  await expect(page.getByText("Impossible d'obtenir votre position")).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the deliveries list and the request form fit the screen', async ({ page, request }) => {
    const consumer = await createAccount(request);
    const list = await createListThroughApi(request, consumer.access_token, 'Courses');
    await requestDeliveryThroughApi(request, consumer.access_token, list.id, 'Nzeng-Ayong, près du marché');
    await useSessionOf(page, consumer);
    await page.goto('/deliveries');
    await expect(page.getByTestId('delivery-card')).toContainText('Confirmée');
    // Against the screen: on a phone the layout viewport (innerWidth) grows with content that overflows.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'test-results/screens/deliveries-360.png', fullPage: true });
    await openRequestForm(page);
    await page.getByRole('button', { name: 'Créer la demande' }).click();
    await expect(page.getByText('Veuillez sélectionner une liste de courses')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/delivery-form-360.png' });
  });
});
