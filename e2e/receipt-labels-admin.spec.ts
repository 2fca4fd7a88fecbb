// Moderators and the labels till receipts teach (issue 29, item 1), in French at 360 px: a fresh
// account sends a Géant CKdo ticket through the API and confirms its rice line as a catalogue
// product, which proposes (chain, printed label) → product; the demo moderator finds it under
// /admin « Libellés de tickets », the long label wrapping in its card, is told in French when the
// connection drops, approves it, and it leaves « En attente » for « Approuvés ».
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { fr } from '#contract/messages';
import type { Receipt, ReceiptLabel } from '#contract/receipts';
import { textPdf } from '../server/test/documents';
import { createAccount, demoLogin, useSessionOf, type TestAccount } from './fixtures';

const SHOTS_DIR = 'test-results/screens';
const texts = fr.receiptsUi.admin;
const headersOf = (session: { access_token: string }) => ({ authorization: `Bearer ${session.access_token}` });

/** Letters only, so that the line's reader takes none of it for a quantity or a price. */
const tag = Array.from(Date.now().toString(36), (c) => String.fromCharCode(65 + (parseInt(c, 36) % 26))).join('');
const PRINTED = `RIZ PARFUME LONG GRAIN ELEPHANT ${tag} SAC 5KG`;

/** A Géant CKdo ticket of yesterday (a receipt must be recent), as a PDF with its text. */
function ckdoTicket(): Buffer {
  const day = new Date(Date.now() - 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return textPdf([['GEANT CKDO', 'Bd Bessieux - Libreville', `${p(day.getDate())}/${p(day.getMonth() + 1)}/${day.getFullYear()} 10:42`, `${PRINTED}   4 650`, 'SEL FIN 1KG   300', 'TOTAL   4 950', 'ESPECES   5 000']]);
}

/** Sends the ticket as the app does (multipart `file`) and waits for its reading if it goes on after the answer. */
async function readTicket(request: APIRequestContext, shopper: TestAccount): Promise<Receipt> {
  const sent = await request.post('/api/prices/receipts', { headers: headersOf(shopper), multipart: { file: { name: 'ticket.pdf', mimeType: 'application/pdf', buffer: ckdoTicket() } } });
  expect([200, 201, 202], await sent.text()).toContain(sent.status());
  const { receipt_id } = (await sent.json()) as { receipt_id: string };
  let receipt: Receipt | undefined;
  await expect
    .poll(async () => {
      receipt = (await (await request.get(`/api/prices/receipts/${receipt_id}`, { headers: headersOf(shopper) })).json()) as Receipt;
      return receipt.status;
    }, { timeout: 60_000 })
    .toBe('ready');
  return receipt!;
}

/** A fresh account confirms the rice line of its ticket as a catalogue rice: one voice for that label at Géant CKdo. */
async function proposeLabel(request: APIRequestContext): Promise<{ productName: string }> {
  const shopper = await createAccount(request);
  const [rice] = (await (await request.get('/api/products?search=riz&limit=1', { headers: headersOf(shopper) })).json()) as { id: string; name: string }[];
  expect(rice?.id).toBeTruthy();
  const receipt = await readTicket(request, shopper);
  expect(receipt.store.store_id, JSON.stringify(receipt.store)).toBeTruthy();
  const line = receipt.lines.find((l) => l.original_text.includes(tag));
  expect(line, JSON.stringify(receipt.lines)).toBeTruthy();
  const submitted = await request.post(`/api/prices/receipts/${receipt.receipt_id}/submit`, {
    headers: headersOf(shopper),
    data: { store_id: receipt.store.store_id, purchased_at: new Date(Date.now() - 3_600_000).toISOString(), lines: [{ index: line!.index, product_id: rice.id, unit_price_xaf: line!.unit_price_xaf ?? 4650 }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return { productName: rice.name };
}

test.describe('at 360 px, the moderation space', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  test.setTimeout(120_000);

  test('a label a shopper taught waits in « Libellés de tickets »; the moderator approves it and finds it under « Approuvés »', async ({ page, request }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const { productName } = await proposeLabel(request);
    const moderator = await demoLogin(request, 'moderator');
    const pending = ((await (await request.get('/api/admin/receipt-labels?state=pending', { headers: headersOf(moderator) })).json()) as { labels: ReceiptLabel[] }).labels;
    const proposed = pending.find((l) => l.label.includes(tag.toLowerCase()));
    expect(proposed, JSON.stringify(pending)).toMatchObject({ product_name: productName, state: 'pending' });

    // From the top: a whole-page shot taken scrolled down draws the fixed header across the middle.
    const fullPageShot = async (name: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS_DIR}/${name}`, fullPage: true });
    };
    await useSessionOf(page, moderator);
    await page.goto('/admin');
    const tab = page.getByRole('tab', { name: new RegExp(texts.tab) });
    await tab.click();
    await expect(page).toHaveURL(/\?file=libelles$/);
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(Number(await page.getByTestId('queue-count-libelles').textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('button', { name: texts.filters.pending })).toHaveAttribute('aria-pressed', 'true');

    const card = page.getByRole('article', { name: texts.cardLabel(proposed!.label.toUpperCase(), proposed!.chain_key.toUpperCase()) });
    await expect(card.getByTestId('receipt-label-text')).toHaveText(proposed!.label);
    await expect(card.getByTestId('receipt-label-chain')).toHaveText(proposed!.chain_key);
    await expect(card.getByTestId('receipt-label-product')).toHaveText(productName);
    await expect(card.getByTestId('receipt-label-voices')).toHaveText(texts.voices(proposed!.voices));
    await expect(card).toContainText(texts.state.pending);
    // Nothing wider than the phone; no tab's name is cut; the long printed label runs onto a second line inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const cutTabs = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.querySelector('[title]') as HTMLElement).filter((l) => l.scrollWidth > l.clientWidth || l.scrollHeight > l.clientHeight).map((l) => l.textContent));
    expect(cutTabs).toEqual([]);
    const labelBox = (await card.getByTestId('receipt-label-text').boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(labelBox.height).toBeGreaterThan(30);
    expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await fullPageShot('receipt-labels-01-pending-360.png');

    // The connection drops as the moderator decides: told in French, nothing changed.
    await page.route('**/api/admin/receipt-labels/decision', (route) => route.abort('internetdisconnected'));
    await card.getByRole('button', { name: texts.approve }).click();
    await expect(page.getByText(fr.optimiser.network)).toBeVisible();
    await expect(card).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/receipt-labels-02-error-360.png` });
    await page.unroute('**/api/admin/receipt-labels/decision');

    await card.getByRole('button', { name: texts.approve }).click();
    await expect(page.getByText(texts.approved)).toBeVisible();
    await expect(card).toBeHidden();
    await fullPageShot('receipt-labels-03-approved-toast-360.png');

    await page.getByRole('button', { name: texts.filters.approved }).click();
    await expect(card).toBeVisible();
    await expect(card).toContainText(texts.state.approved);
    await expect(card.getByRole('button', { name: texts.approve })).toHaveCount(0);
    await expect(card.getByRole('button', { name: texts.refuse })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await fullPageShot('receipt-labels-04-approved-360.png');

    // No journey rejects a label: the « Rejetés » filter shows its French empty state.
    await page.getByRole('button', { name: texts.filters.rejected }).click();
    await expect(page.getByText(texts.empty.rejected)).toBeVisible();
    await fullPageShot('receipt-labels-05-rejected-empty-360.png');
  });
});

test('on wider screens the seven queue tabs keep every name whole', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await useSessionOf(page, await demoLogin(request, 'moderator'));
  for (const width of [640, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin?file=libelles');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(7);
    await expect(page.getByRole('tab', { name: new RegExp(texts.tab), selected: true })).toBeVisible();
    const cut = await tabs.evaluateAll((all) => all.map((t) => t.querySelector('[title]') as HTMLElement).filter((l) => l.scrollWidth > l.clientWidth || l.scrollHeight > l.clientHeight).map((l) => l.textContent));
    expect(cut, `${width} px`).toEqual([]);
    await page.getByRole('tablist').screenshot({ path: `${SHOTS_DIR}/receipt-labels-06-tabs-${width}.png` });
  }
});
