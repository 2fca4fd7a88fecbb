// What is due at the door (issue 30 item 2), at 360 px: an order paid by Airtel Money tells the
// agent there is nothing to collect, a cash order the amount to collect in cash — on the agent's
// cards and in the order's detail — and the customer's delivery cards say the same to the customer.
import { expect, test } from '@playwright/test';
import { formatXaf } from '#contract/format';
import { createAccount, createApprovedAgent, useSessionOf } from './fixtures';
import { bookThroughApi } from './booking-fixtures';

const shortId = (id: string) => `#${id.slice(0, 8)}`;
const SHOTS = 'test-results/screens';

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('an order paid by Airtel Money: « rien à encaisser »; a cash order: « À encaisser : … FCFA en espèces »', async ({ page, request, browser, baseURL }) => {
    const customer = await createAccount(request, { full_name: 'Nadège Obame' });
    const agent = await createApprovedAgent(request);
    const airtel = await bookThroughApi(request, customer, 'airtel_money');
    const cash = await bookThroughApi(request, customer, 'cash');
    const pending = await bookThroughApi(request, customer, 'moov_money', false);

    await useSessionOf(page, agent);
    await page.goto('/delivery-agent/orders');
    const paidCard = page.getByTestId('agent-order').filter({ hasText: shortId(airtel.orderId) });
    const cashCard = page.getByTestId('agent-order').filter({ hasText: shortId(cash.orderId) });
    await expect(paidCard.getByTestId('amount-due')).toHaveText('Déjà payé (Airtel Money) — rien à encaisser');
    await expect(cashCard.getByTestId('amount-due')).toHaveText(`À encaisser : ${formatXaf(cash.total)} en espèces`);
    // Waiting for its Moov Money payment: not offered to agents.
    await expect(page.getByTestId('agent-order').filter({ hasText: shortId(pending.orderId) })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await paidCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/amount-due-agent-cards.png` });

    await paidCard.getByRole('button', { name: 'Détails' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByTestId('amount-due')).toHaveText('Déjà payé (Airtel Money) — rien à encaisser');
    await expect(detail).toContainText(`Total de la commande${formatXaf(airtel.total)}`);
    await expect(detail).not.toContainText('Total à encaisser');
    await detail.getByRole('button', { name: 'Je me lance !' }).click();
    await expect(page.getByText('Commande prise en charge avec succès !')).toBeVisible();
    // Taken: the same sentence on the agent's own order.
    await expect(detail.getByTestId('amount-due')).toHaveText('Déjà payé (Airtel Money) — rien à encaisser');
    await detail.getByTestId('amount-due').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/amount-due-agent-detail-paid.png` });
    await page.keyboard.press('Escape');

    await cashCard.getByRole('button', { name: 'Détails' }).click();
    await expect(detail.getByTestId('amount-due')).toHaveText(`À encaisser : ${formatXaf(cash.total)} en espèces`);
    await detail.getByTestId('amount-due').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/amount-due-agent-detail-cash.png` });

    // The customer's deliveries say the same, in the customer's words.
    const shopper = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Africa/Libreville', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const mine = await shopper.newPage();
    await useSessionOf(mine, customer);
    await mine.goto('/deliveries');
    const card = (id: string) => mine.getByTestId('delivery-card').filter({ hasText: `N° ${id.slice(0, 8)}` });
    await expect(card(airtel.orderId).getByTestId('amount-due')).toHaveText('Déjà payé (Airtel Money) — rien à payer au livreur');
    await expect(card(cash.orderId).getByTestId('amount-due')).toHaveText(`À payer à la livraison : ${formatXaf(cash.total)} en espèces`);
    await expect(card(pending.orderId).getByTestId('amount-due')).toHaveText('Paiement en attente — la commande part dès sa confirmation');
    expect(await mine.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await mine.screenshot({ path: `${SHOTS}/amount-due-customer.png`, fullPage: true });

    // The booking's confirmation page, opened again from its address.
    await mine.goto(`/delivery-booking?commande=${airtel.orderId}`);
    await expect(mine.getByTestId('amount-due')).toHaveText('Déjà payé (Airtel Money) — rien à payer au livreur');
    await mine.goto(`/delivery-booking?commande=${cash.orderId}`);
    await expect(mine.getByTestId('amount-due')).toHaveText(`À payer à la livraison : ${formatXaf(cash.total)} en espèces`);
    await mine.getByTestId('amount-due').scrollIntoViewIfNeeded();
    await mine.screenshot({ path: `${SHOTS}/amount-due-customer-confirmation.png` });
    await shopper.close();
  });
});

test('on a desktop, the table says it under the amount', async ({ page, request }) => {
  const customer = await createAccount(request);
  const agent = await createApprovedAgent(request);
  const card = await bookThroughApi(request, customer, 'card');
  const cash = await bookThroughApi(request, customer, 'cash');
  await page.setViewportSize({ width: 1280, height: 800 });
  await useSessionOf(page, agent);
  await page.goto('/delivery-agent/orders');
  const row = (id: string) => page.getByTestId('agent-order-row').filter({ hasText: shortId(id) });
  await expect(row(card.orderId).getByTestId('amount-due')).toHaveText('Déjà payé (carte) — rien à encaisser');
  await expect(row(cash.orderId).getByTestId('amount-due')).toHaveText(`À encaisser : ${formatXaf(cash.total)} en espèces`);
  await page.screenshot({ path: `${SHOTS}/amount-due-agent-table-desktop.png` });
});
