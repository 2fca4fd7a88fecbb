// The moderators' "Commandes" view (/admin/orders): a customer books a card order paid through the
// payment sandbox and a cash order (through the API, as the booking form calls it); the moderator
// opens Commandes, sees the card order marked "Commande test" and the cash order not, and filters
// on test orders — on a phone (cards) and on a desktop (a table).
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BookingResult, CreateCartResult } from '#contract/checkout';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { addDays, todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import type { AdminOrder, AdminOrderPage } from '#contract/moderation';
import type { OptimizeResponse } from '#contract/optimiser';
import type { PaymentMethod } from '#contract/payments';
import { createAccount, demoLogin, loginThroughForm, useSessionOf, type TestAccount } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-adminorders';
const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };
const headersOf = (account: TestAccount) => ({ authorization: `Bearer ${account.access_token}` });

/** Optimise a few catalogue products → a cart, as the comparator does. */
async function cartThroughApi(request: APIRequestContext, account: TestAccount): Promise<string> {
  const headers = headersOf(account);
  const items = [];
  for (const search of ['riz', 'huile', 'sucre']) {
    const res = await request.get(`/api/shopping-lists/product-search?search=${search}&limit=1`, { headers });
    const [product] = ((await res.json()) as { products: { id: string; name: string }[] }).products;
    if (product) items.push({ product_id: product.id, product_name: product.name, quantity: 1 });
  }
  const optimised = await request.post('/api/shopping/optimize', { headers, data: { items, user_latitude: LIBREVILLE.latitude, user_longitude: LIBREVILLE.longitude } });
  expect(optimised.status(), await optimised.text()).toBe(200);
  const { optimization, cart_id } = (await optimised.json()) as OptimizeResponse;
  const cartItems = optimization.items
    .filter((i) => i.status === 'priced')
    .map((i) => ({ product_id: i.product_id, product_name: i.product_name, quantity: i.quantity, store_id: i.selected_store_id, store_name: i.selected_store_name, unit_price: i.unit_price, total_price: i.total_price }));
  const cart = await request.post('/api/shopping/create-cart', {
    headers,
    data: { items: cartItems, total_cost: optimization.total_cost, view_type: 'best_prices', stores_involved: optimization.store_count, optimization_cart_id: cart_id },
  });
  expect(cart.status(), await cart.text()).toBe(201);
  return ((await cart.json()) as CreateCartResult).cart_id;
}

/** Books a cart with a new payment method of `type`; a card payment is approved in the sandbox. */
async function bookThroughApi(request: APIRequestContext, account: TestAccount, type: 'card' | 'cash'): Promise<string> {
  const headers = headersOf(account);
  const details = type === 'cash' ? { payment_on_delivery: true } : { card_number: '4242424242424242', card_name: 'Awa Test', expiry_month: '12', expiry_year: new Date().getFullYear() + 1 };
  const method = await request.post('/api/user/payment-methods', { headers, data: { method_type: type, display_name: type === 'card' ? 'Ma Visa' : 'Espèces', details } });
  expect(method.status(), await method.text()).toBe(201);
  const cartId = await cartThroughApi(request, account);
  const query = new URLSearchParams({
    cart_id: cartId,
    delivery_address: 'Quartier Louis, Libreville',
    delivery_date: addDays(todayInGabon(), 1),
    delivery_time_slot: 'morning',
    payment_method_id: ((await method.json()) as PaymentMethod).id,
  });
  const booked = await request.post(`/api/shopping/book-delivery?${query}`, { headers });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as BookingResult;
  expect(booking.is_test).toBe(type === 'card');
  if (type === 'card') {
    const paid = await request.post(`/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, { headers, data: { approve: true } });
    expect(paid.status(), await paid.text()).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'confirmed', is_test: true });
  }
  return booking.order_id;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const orderCard = (page: Page, orderId: string) => page.getByRole('article', { name: `Commande ${orderId.slice(0, 8)}` });
const orderRow = (page: Page, orderId: string) => page.getByTestId('admin-order-row').filter({ hasText: `N° ${orderId.slice(0, 8)}` });

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the moderator opens Commandes: the sandbox-paid card order is a "Commande test", and the test filter keeps only test orders', async ({ page, request, browser }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
    const customer = await createAccount(request, { full_name: 'Awa Nguema' });
    const cardOrder = await bookThroughApi(request, customer, 'card');
    const cashOrder = await bookThroughApi(request, customer, 'cash');

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
    const cancelled = await request.post(`/api/deliveries/${cardOrder}/cancel`, { headers: headersOf(customer) });
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
  const cardOrder = await bookThroughApi(request, customer, 'card');
  const cashOrder = await bookThroughApi(request, customer, 'cash');
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
