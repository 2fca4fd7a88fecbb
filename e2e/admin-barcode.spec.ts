// Issue 27, finding 9, as a moderator clicks it: a fake product squats a real barcode; the moderator
// opens the right product in « Produits » and gives it the barcode; the fake one loses it.
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { gs1CheckDigit } from '#contract/barcodes';
import { demoLogin, useSessionOf } from './fixtures';

const SHOTS_DIR = 'test-results/screens';

/** A valid EAN-13 of this run (the check digit computed), so that runs never share one. */
function freshEan13(): string {
  const body = `200${String(Date.now()).slice(-9)}`;
  return `${body}${gs1CheckDigit(body)}`;
}

async function createProduct(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post('/api/products', { headers: { authorization: `Bearer ${token}` }, data: { category: 'Épicerie', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product as { id: string; name: string };
}

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('the moderator gives a squatted barcode to the right product; the squatter loses it', async ({ page, request }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const code = freshEan13();
  const stamp = Date.now().toString(36);
  const consumer = await demoLogin(request, 'consumer');
  const fake = await createProduct(request, consumer.access_token, { name: `Lait concentré contrefait ${stamp}`, barcode: code });
  const real = await createProduct(request, consumer.access_token, { name: `Lait concentré sucré Bonnet Rouge ${stamp}` });

  await useSessionOf(page, await demoLogin(request, 'moderator'));
  await page.goto(`/admin/products?product=${real.id}`);
  await expect(page.getByRole('heading', { name: 'Code-barres usurpé' })).toBeVisible();
  await page.getByLabel('Code-barres (EAN ou UPC)').fill(code);
  await page.getByRole('button', { name: 'Attribuer à ce produit' }).click();
  await expect(page.getByText('Code-barres attribué à ce produit')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS_DIR}/admin-barcode-claim-360.png`, fullPage: true });

  const owner = await request.get(`/api/products/by-barcode/${code}`);
  expect(((await owner.json()) as { id: string }).id).toBe(real.id);
  expect(((await (await request.get(`/api/products/${fake.id}`)).json()) as { barcode: string | null }).barcode).toBeNull();

  // The revisions of the right product say what happened.
  await expect(page.getByText(`Code-barres ${code} repris à « ${fake.name} » par un modérateur`)).toBeVisible();
});
