// Issue 11, agents: registering as "Livreur" is an application. The agent space waits for a
// moderator's approval; approved, the agent sees orders without who or exactly where, and the
// customer's contact only once it takes an order.
import { type Browser, type Page, expect, test } from '@playwright/test';
import { fr } from '#contract/messages';
import { createAccount, createListThroughApi, demoLogin, requestDeliveryThroughApi, useSessionOf } from './fixtures';

const PASSWORD = 'Velo-Owendo-2026!';

async function registerAsAgentThroughForm(page: Page, fullName: string, email: string) {
  await page.goto('/register');
  await page.getByLabel('Nom complet').fill(fullName);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Téléphone').fill('+241 06 55 44 33');
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  const livreur = page.getByRole('radio', { name: /Livreur/ });
  // The choice says the application will be reviewed.
  await expect(page.locator('label').filter({ has: livreur })).toContainText('Ma candidature sera examinée');
  await livreur.check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/delivery-agent\/dashboard$/);
}

async function moderatorPage(browser: Browser, baseURL: string | undefined, request: Parameters<typeof demoLogin>[0]) {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const page = await context.newPage();
  await useSessionOf(page, await demoLogin(request, 'moderator'));
  await page.goto('/admin');
  await page.getByRole('tab', { name: /Livreurs/ }).click();
  await expect(page).toHaveURL(/\/admin\?file=agents$/);
  return page;
}

test('application → moderator approval → orders without contact details → accepts → the contact', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const fullName = `Didier Livreur ${stamp}`;
  await registerAsAgentThroughForm(page, fullName, `livreur-${stamp}@exemple.ga`);
  await expect(page.getByText('Candidature envoyée ! Un modérateur va l’examiner.')).toBeVisible();
  const state = page.getByTestId('agent-application-state');
  await expect(state).toContainText('Candidature en cours d’examen');
  await expect(page.getByTestId('agent-counter-available')).toHaveCount(0);
  await page.goto('/delivery-agent/orders');
  await expect(state).toContainText('Candidature en cours d’examen');
  await expect(page.getByTestId('agent-order-row')).toHaveCount(0);

  // A customer books meanwhile.
  const customer = await createAccount(request, { full_name: 'Solange Mbadinga', phone: '+241 07 77 66 55' });
  const list = await createListThroughApi(request, customer.access_token, 'Courses du mardi');
  const order = await requestDeliveryThroughApi(request, customer.access_token, list.id, 'Cité Damas, villa 31, portail vert');
  const short = `#${order.id.slice(0, 8)}`;

  // ---- the moderator approves the application in /admin
  const admin = await moderatorPage(browser, baseURL, request);
  expect(Number(await admin.getByTestId('queue-count-agents').textContent())).toBeGreaterThanOrEqual(1);
  const card = admin.getByRole('article', { name: `Candidature de ${fullName}` });
  // The demo moderator's password is public: real people's contact details are masked for it.
  await expect(card).toContainText(fr.phone.demoMasked);
  await expect(card).not.toContainText(`livreur-${stamp}@exemple.ga`);
  await expect(card).not.toContainText('+241 06 55 44 33');
  await expect(card).toContainText('En attente');
  await card.getByRole('button', { name: 'Accepter' }).click();
  await expect(admin.getByText('Livreur accepté')).toBeVisible();
  await expect(card).toBeHidden();
  await admin.getByRole('button', { name: 'Acceptés' }).click();
  await expect(admin.getByRole('article', { name: `Candidature de ${fullName}` })).toContainText('Accepté');
  await admin.context().close();

  // ---- the agent's space opens: orders say where they go, not who nor the address
  await page.reload();
  await expect(state).toHaveCount(0);
  const row = page.getByTestId('agent-order-row').filter({ hasText: short });
  await expect(row).toContainText('Libreville');
  await expect(row).toContainText('3 articles');
  await expect(row).toContainText('En Attente');
  for (const secret of ['Solange Mbadinga', '+241 07 77 66 55', customer.user.email, 'Cité Damas, villa 31']) await expect(row).not.toContainText(secret);
  await row.getByRole('button', { name: 'Détails' }).click();
  const detail = page.getByRole('dialog', { name: `Commande ${short}` });
  await expect(detail.getByTestId('contact-hidden')).toBeVisible();
  await expect(detail).not.toContainText('Solange Mbadinga');
  await page.screenshot({ path: 'test-results/screens/agent-available-detail-desktop.png' });

  // ---- takes it: now the contact is there
  await detail.getByRole('button', { name: 'Je me lance !' }).click();
  await expect(page.getByText('Commande prise en charge avec succès !')).toBeVisible();
  const contact = detail.getByTestId('customer-contact');
  await expect(contact).toContainText('Solange Mbadinga');
  await expect(contact).toContainText('+241 07 77 66 55');
  await expect(contact).toContainText(customer.user.email);
  await expect(detail).toContainText('Cité Damas, villa 31, portail vert');
  await detail.getByRole('button', { name: 'Fermer' }).click();
  await expect(row).toContainText('Solange Mbadinga');
  await expect(row).toContainText('Cité Damas, villa 31, portail vert');
});

test('a refused application shows the reason, and no order', async ({ page, browser, request, baseURL }) => {
  const agent = await createAccount(request, { user_type: 'delivery_agent', full_name: `Refusé ${Date.now()}` });
  const admin = await moderatorPage(browser, baseURL, request);
  const card = admin.getByRole('article', { name: `Candidature de ${agent.user.full_name}` });
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refuser cette candidature' });
  await dialog.getByRole('button', { name: 'Refuser la candidature' }).click();
  await expect(dialog.getByText('Veuillez indiquer un motif')).toBeVisible();
  await dialog.getByLabel('Motif').fill('Le numéro de téléphone ne répond pas');
  await dialog.getByRole('button', { name: 'Refuser la candidature' }).click();
  await expect(admin.getByText('Candidature refusée')).toBeVisible();
  await admin.getByRole('button', { name: 'Refusés' }).click();
  await expect(admin.getByRole('article', { name: `Candidature de ${agent.user.full_name}` })).toContainText('Le numéro de téléphone ne répond pas');
  await admin.context().close();

  await useSessionOf(page, agent);
  await page.goto('/delivery-agent/dashboard');
  const state = page.getByTestId('agent-application-state');
  await expect(state).toContainText('Candidature refusée');
  await expect(state).toContainText('Motif : Le numéro de téléphone ne répond pas');
  await expect(page.getByTestId('agent-order-row')).toHaveCount(0);
});

test('suspending an agent from the Livreurs tab gives its order back, and the customer is told', async ({ browser, request, baseURL }) => {
  const agent = await createAccount(request, { user_type: 'delivery_agent', full_name: `Suspendu ${Date.now()}` });
  const customer = await createAccount(request, { full_name: 'Gisèle Ondo' });
  const list = await createListThroughApi(request, customer.access_token, 'Courses');
  const order = await requestDeliveryThroughApi(request, customer.access_token, list.id);
  const admin = await moderatorPage(browser, baseURL, request);
  const pending = admin.getByRole('article', { name: `Candidature de ${agent.user.full_name}` });
  await pending.getByRole('button', { name: 'Accepter' }).click();
  await expect(pending).toBeHidden();
  expect((await request.post(`/api/delivery-agent/accept-order/${order.id}`, { headers: { authorization: `Bearer ${agent.access_token}` } })).status()).toBe(200);

  await admin.getByRole('button', { name: 'Acceptés' }).click();
  const card = admin.getByRole('article', { name: `Candidature de ${agent.user.full_name}` });
  await card.getByRole('button', { name: 'Suspendre' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Suspendre ce livreur' });
  await dialog.getByLabel('Motif').fill('Plainte d’un client');
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expect(card).toContainText('Suspendu');
  await admin.context().close();

  const headers = { authorization: `Bearer ${customer.access_token}` };
  const deliveries = (await (await request.get('/api/deliveries', { headers })).json()) as { id: string; status: string }[];
  expect(deliveries.find((d) => d.id === order.id)?.status).toBe('confirmed');
  const notes = (await (await request.get('/api/notifications', { headers })).json()) as { notifications: { title: string }[] };
  expect(notes.notifications.map((n) => n.title)).toContain('Changement de livreur');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the waiting agent space and the Livreurs queue fit the screen', async ({ page, browser, request, baseURL }) => {
    const agent = await createAccount(request, { user_type: 'delivery_agent', full_name: `Candidat ${Date.now()}` });
    await useSessionOf(page, agent);
    await page.goto('/delivery-agent/dashboard');
    await expect(page.getByTestId('agent-application-state')).toContainText('Candidature en cours d’examen');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/agent-application-pending-360.png', fullPage: true });

    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
    const admin = await context.newPage();
    await useSessionOf(admin, await demoLogin(request, 'moderator'));
    await admin.goto('/admin?file=agents');
    await expect(admin.getByRole('article', { name: `Candidature de ${agent.user.full_name}` })).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: 'test-results/screens/admin-agents-360.png', fullPage: true });
    await context.close();
  });
});
