// The moderators' "Commandes" view (/admin/orders): a customer books a card order paid through the
// payment sandbox and a cash order (through the API, as the booking form calls it); the moderator
// opens Commandes, sees the card order marked "Commande test" and the cash order not, and filters
// on test orders — on a phone (cards) and on a desktop (a table).
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import type { AdminOrder, AdminOrderPage } from '#contract/moderation';
import { bookThroughApi } from './booking-fixtures';
import { createAccount, demoLogin, loginThroughForm, useSessionOf } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-adminorders';
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const orderCard = (page: Page, orderId: string) => page.getByRole('article', { name: `Commande ${orderId.slice(0, 8)}` });
const orderRow = (page: Page, orderId: string) => page.getByTestId('admin-order-row').filter({ hasText: `N° ${orderId.slice(0, 8)}` });

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the moderator opens Commandes: the sandbox-paid card order is a "Commande test", and the test filter keeps only test orders', async ({ page, request, browser }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
    const customer = await createAccount(request, { full_name: 'Awa Nguema' });
    const cardOrder = (await bookThroughApi(request, customer, 'card')).orderId;
    const cashOrder = (await bookThroughApi(request, customer, 'cash')).orderId;

    // A customer cannot open the moderators' view.
    const shopper = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
    const shopperPage = await shopper.newPage();
    await useSessionOf(shopperPage, customer);
    await shopperPage.goto('/admin/orders');
    await expect(shopperPage).toHaveURL(/\/dashboard$/);
    await shopper.close();

    await loginThroughForm(page, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText(['Modération', 'Produits', 'Catalogue', 'Commandes', 'Journal']);
    await menu.getByRole('link', { name: 'Commandes' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole('heading', { name: 'Commandes', level: 1 })).toBeVisible();

    const filters = page.getByRole('group', { name: 'Filtrer les commandes' });
    await expect(filters.getByRole('button', { name: 'Toutes' })).toHaveAttribute('aria-pressed', 'true');
    const card = orderCard(page, cardOrder);
    await expect(card.getByTestId('test-order-mark')).toHaveText('Commande test');
    await expect(card).toContainText('Awa Nguema');
    // The demo moderator's password is public: a real customer's e-mail is masked for it.
    await expect(card).toContainText(fr.phone.demoMasked);
    await expect(card).not.toContainText(customer.user.email);
    await expect(card).toContainText('Carte bancaire · Payée');
    await expect(card).toContainText('Confirmée');
    await expect(card).toContainText('8h00-12h00');
    const cash = orderCard(page, cashOrder);
    await expect(cash).toContainText('Espèces à la livraison');
    await expect(cash.getByTestId('test-order-mark')).toHaveCount(0);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('01-orders-all-360');

    await filters.getByRole('button', { name: 'Commandes test' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?filtre=test$/);
    await expect(filters.getByRole('button', { name: 'Commandes test' })).toHaveAttribute('aria-pressed', 'true');
    await expect(orderCard(page, cardOrder).getByTestId('test-order-mark')).toBeVisible();
    await expect(orderCard(page, cashOrder)).toHaveCount(0);
    const shown = page.getByTestId('admin-order');
    expect(await shown.count()).toBeGreaterThan(0);
    for (const item of await shown.all()) await expect(item.getByTestId('test-order-mark')).toBeVisible();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('02-orders-test-360');

    // No refund has failed on this server (the sandbox refunds at once): nothing to follow up.
    await filters.getByRole('button', { name: /Remboursements échoués/ }).click();
    await expect(page).toHaveURL(/filtre=remboursements$/);
    await expect(page.getByText('Aucun remboursement échoué')).toBeVisible();
    await expect(filters.getByTestId('failed-refunds-count')).toHaveCount(0);
    await shot('03-orders-failed-refunds-360');

    // A refund that failed: only a live operator refuses one (the API tests drive Airtel's stand-in),
    // so the two answers are stood in for here, to see how the moderator is told and what they read.
    const moderator = await demoLogin(request, 'moderator');
    const listed = await request.get('/api/admin/orders?limit=100', { headers: { authorization: `Bearer ${moderator.access_token}` } });
    const real = ((await listed.json()) as AdminOrderPage).items.find((o) => o.id === cardOrder)!;
    const failed: AdminOrder = {
      ...real,
      status: 'cancelled',
      is_test: false,
      payment_type: 'airtel_money',
      payment: { status: 'succeeded', refund_status: 'failed', refunded_at: null },
      cancelled_at: new Date().toISOString(),
    };
    await page.route('**/api/admin/queue', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), failed_refunds: 1 } });
    });
    await page.route(/\/api\/admin\/orders\?.*refund=failed/, (route) => route.fulfill({ json: { items: [failed], total: 1, page: 1, pages: 1 } }));
    await page.goto('/admin');
    const alert = page.getByTestId('failed-refunds-alert');
    await expect(alert).toContainText('1 remboursement a échoué : un client attend son argent.');
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('05-admin-failed-refund-alert-360');
    await alert.getByRole('link', { name: 'Voir les commandes' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?filtre=remboursements$/);
    await expect(filters.getByRole('button', { name: /Remboursements échoués/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByTestId('failed-refunds-count')).toHaveText('1');
    const toFollow = orderCard(page, cardOrder);
    await expect(toFollow.getByTestId('refund-status')).toContainText('Remboursement échoué');
    await expect(toFollow.getByTestId('refund-status')).toContainText('contactez le client pour lui rendre son argent');
    await expect(toFollow).toContainText('Airtel Money · Payée');
    await expect(toFollow).toContainText(fr.phone.demoMasked);
    await expect(toFollow.getByTestId('test-order-mark')).toHaveCount(0);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('06-orders-failed-refund-360');
    await page.unrouteAll();

    // Cancelled, the test order shows its refund (the sandbox refunds at once).
    const cancelled = await request.post(`/api/deliveries/${cardOrder}/cancel`, { headers: { authorization: `Bearer ${customer.access_token}` } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.goto('/admin/orders?filtre=test');
    const refunded = orderCard(page, cardOrder);
    await expect(refunded).toContainText('Annulée');
    await expect(refunded.getByTestId('refund-status')).toContainText('Remboursement effectué');
    await expect(refunded.getByTestId('test-order-mark')).toBeVisible();
    await refunded.scrollIntoViewIfNeeded();
    await shot('04-orders-refunded-360');
  });
});

test('on a desktop the orders are a table, test orders marked', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await createAccount(request, { full_name: 'Paul Obiang' });
  const cardOrder = (await bookThroughApi(request, customer, 'card')).orderId;
  const cashOrder = (await bookThroughApi(request, customer, 'cash')).orderId;
  await useSessionOf(page, await demoLogin(request, 'moderator'));
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Commandes' }).click();
  await expect(nav.getByRole('link', { name: 'Commandes' })).toHaveAttribute('aria-current', 'page');

  const table = page.getByRole('table', { name: 'Commandes' });
  await expect(table.getByRole('columnheader')).toHaveText(['Commande', 'Client', 'Livraison', 'Paiement', 'Montant', 'Statut']);
  await expect(orderRow(page, cardOrder).getByTestId('test-order-mark')).toHaveText('Commande test');
  await expect(orderRow(page, cardOrder)).toContainText('Paul Obiang');
  await expect(orderRow(page, cashOrder).getByTestId('test-order-mark')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/10-orders-desktop.png`, fullPage: true });

  await page.getByRole('group', { name: 'Filtrer les commandes' }).getByRole('button', { name: 'Commandes test' }).click();
  await expect(orderRow(page, cashOrder)).toHaveCount(0);
  await expect(orderRow(page, cardOrder)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/11-orders-desktop-test.png`, fullPage: true });
});
