import { expect, test } from '@playwright/test';
import { createAccount, createApprovedAgent, createListThroughApi, requestDeliveryThroughApi, useSessionOf } from './fixtures';
import { deliverThroughApi, requestDueDeliveryThroughApi } from './handover-fixtures';

const shortId = (id: string) => `#${id.slice(0, 8)}`;

test('the dashboard counts from real orders and lists the recent ones; filters sort the orders', async ({ page, request }) => {
  const agent = await createApprovedAgent(request, { full_name: 'Yannick Mouele' });
  const consumer = await createAccount(request, { full_name: 'Clarisse Bouanga' });
  const headers = { authorization: `Bearer ${agent.access_token}` };
  const orders = [];
  for (const name of ['Liste A', 'Liste B', 'Liste C']) {
    const list = await createListThroughApi(request, consumer.access_token, name);
    // Liste B is delivered below: booked for today's first slot, so its handover is open (playwright.config.ts widens the window).
    const book = name === 'Liste B' ? requestDueDeliveryThroughApi : requestDeliveryThroughApi;
    orders.push(await book(request, consumer.access_token, list.id, `Adresse ${name}`));
  }
  // This agent takes two and delivers one of them.
  expect((await request.post(`/api/delivery-agent/accept-order/${orders[0].id}`, { headers })).status()).toBe(200);
  expect((await request.post(`/api/delivery-agent/accept-order/${orders[1].id}`, { headers })).status()).toBe(200);
  const done = await deliverThroughApi(request, agent.access_token, consumer.access_token, orders[1].id);
  const total = ((await done.json()) as { order: { total_amount: number } }).order.total_amount;

  await useSessionOf(page, agent);
  await page.goto('/delivery-agent/dashboard');
  await expect(page.getByRole('heading', { name: 'Bonjour, Yannick Mouele' })).toBeVisible();
  // The counters show placeholders until the orders are read: wait for them before counting.
  await expect(page.getByTestId('agent-counter-active')).toHaveText('1');
  await expect(page.getByTestId('agent-counter-completed')).toHaveText('1');
  const available = Number(await page.getByTestId('agent-counter-available').textContent());
  expect(available).toBeGreaterThanOrEqual(1);
  const earnings = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XAF', maximumFractionDigits: 0 }).format(Math.round(total * 0.1));
  await expect(page.getByTestId('agent-counter-earnings')).toHaveText(earnings);
  await expect(page.getByTestId('agent-order-row')).toHaveCount(Math.min(5, available + 2));

  await page.getByRole('link', { name: 'Voir toutes les commandes' }).click();
  await expect(page).toHaveURL(/\/delivery-agent\/orders$/);
  const rows = page.getByTestId('agent-order-row');
  await page.getByRole('button', { name: /^En Cours/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Adresse Liste A');
  await expect(rows.getByRole('button', { name: 'Récupérée au magasin' })).toBeVisible();
  await page.getByRole('button', { name: /^Terminées/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Adresse Liste B');
  await expect(rows.getByRole('button')).toHaveText(['Détails']);
  await page.getByRole('button', { name: /^En Attente/ }).click();
  // Waiting orders say where they go (the area) and what to buy, never who nor the address.
  const waiting = rows.filter({ hasText: shortId(orders[2].id) });
  await expect(waiting.getByRole('button', { name: 'Je me lance !' })).toBeVisible();
  await expect(waiting).toContainText('Libreville');
  await expect(waiting).toContainText('articles');
  await expect(waiting).not.toContainText('Adresse Liste C');
  await expect(waiting).not.toContainText('Clarisse Bouanga');
  await expect(rows.filter({ hasText: 'Adresse Liste A' })).toHaveCount(0);
});

test('an order another agent took in the meantime: the spec error, and the list catches up', async ({ page, request }) => {
  const me = await createApprovedAgent(request);
  const rival = await createApprovedAgent(request);
  const consumer = await createAccount(request, { full_name: 'Hervé Mintsa' });
  const list = await createListThroughApi(request, consumer.access_token, 'Course rapide');
  const order = await requestDeliveryThroughApi(request, consumer.access_token, list.id);

  await useSessionOf(page, me);
  await page.goto('/delivery-agent/orders');
  const row = page.getByTestId('agent-order-row').filter({ hasText: shortId(order.id) });
  await expect(row).toBeVisible();
  expect((await request.post(`/api/delivery-agent/accept-order/${order.id}`, { headers: { authorization: `Bearer ${rival.access_token}` } })).status()).toBe(200);
  await row.getByRole('button', { name: 'Je me lance !' }).click();
  await expect(page.getByText('Erreur lors de la prise en charge de la commande')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a consumer sent to the agent space lands on their own dashboard, and an agent on consumer pages on theirs', async ({ browser, request, baseURL }) => {
  const consumer = await createAccount(request);
  const agent = await createAccount(request, { user_type: 'delivery_agent' });
  const a = await browser.newPage({ baseURL });
  await useSessionOf(a, consumer);
  await a.goto('/delivery-agent/orders');
  await expect(a).toHaveURL(/\/dashboard$/);
  const b = await browser.newPage({ baseURL });
  await useSessionOf(b, agent);
  await b.goto('/deliveries');
  await expect(b).toHaveURL(/\/delivery-agent\/dashboard$/);
  await a.close();
  await b.close();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('orders are cards with their actions, and the detail groups the shopping by store', async ({ page, request }) => {
    const agent = await createApprovedAgent(request);
    const consumer = await createAccount(request, { full_name: 'Sandrine Ella' });
    const list = await createListThroughApi(request, consumer.access_token, 'Courses', ['riz', 'huile', 'sucre', 'lait', 'savon']);
    const order = await requestDeliveryThroughApi(request, consumer.access_token, list.id, 'Owendo, quartier SNI');
    await useSessionOf(page, agent);
    await page.goto('/delivery-agent/dashboard');
    await expect(page.getByTestId('agent-order').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/agent-dashboard-360.png', fullPage: true });

    await page.goto('/delivery-agent/orders');
    const card = page.getByTestId('agent-order').filter({ hasText: shortId(order.id) });
    await expect(card).not.toContainText('Sandrine Ella');
    await card.getByRole('button', { name: 'Détails' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByTestId('store-group').first()).toBeVisible();
    await expect(detail.getByTestId('contact-hidden')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/agent-detail-360.png' });
    await detail.getByRole('button', { name: 'Je me lance !' }).click();
    await expect(page.getByText('Commande prise en charge avec succès !')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Récupérée au magasin' })).toBeVisible();
    await expect(detail.getByTestId('customer-contact')).toContainText('Sandrine Ella');
    await expect(detail).toContainText('Owendo, quartier SNI');
  });
});
