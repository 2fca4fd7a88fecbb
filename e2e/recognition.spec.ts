// The "Scanner intelligent" (photo → suggested product) and the live barcode scanner, as a user
// meets them. Pictures are drawn in the test (sharp, zxing-wasm's writer). Debian's headless
// Chromium has no camera and no BarcodeDetector: the barcode journeys read a chosen photo, or a
// camera faked from a canvas, with the zxing-wasm reader the app serves itself.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { gs1CheckDigit } from '#contract/barcodes';
import type { Product } from '#contract/products';
import type { RecognitionResult } from '#contract/recognition';
import { barcodePhoto } from '../server/test/barcodes';
import { packshotPhoto } from '../server/test/packshots';
import { createAccount, demoLogin, useSessionOf } from './fixtures';

let serial = 0;
/** A valid EAN-13 nobody else uses (prefix 2: a store's own numbering). */
function freshEan13(): string {
  serial += 1;
  const body = `2${String(Date.now()).slice(-7)}${String(process.pid % 100).padStart(2, '0')}${String(serial).padStart(2, '0')}`;
  return body + gs1CheckDigit(body);
}

// The photo analysis reads text (OCR) on the server: slower than most journeys on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Reading a barcode in the browser's WebAssembly: generous on a busy machine. */
const DECODE = { timeout: 30_000 };

/** A seeded product given a barcode by the demo moderator (applied at once), or the barcode it already has. */
async function productWithBarcode(request: APIRequestContext, name: string): Promise<{ product: Product; code: string }> {
  const moderator = await demoLogin(request, 'moderator');
  const found = (await (await request.get(`/api/products?search=${encodeURIComponent(name)}&limit=10`)).json()) as Product[];
  const product = found.find((p) => p.name === name);
  expect(product, name).toBeTruthy();
  if (product!.barcode) return { product: product!, code: product!.barcode };
  const code = freshEan13();
  const res = await request.post(`/api/products/${product!.id}/barcode`, { headers: { authorization: `Bearer ${moderator.access_token}` }, data: { barcode: code } });
  expect(res.status(), await res.text()).toBe(200);
  return { product: product!, code };
}

const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

/**
 * A rear camera that films `picture` (drawn on a canvas, streamed with captureStream). `refuseFirst`:
 * the first request is refused, as when the user says no to the permission prompt.
 */
async function fakeCamera(page: Page, picture: Buffer | null, { refuseFirst = false } = {}) {
  const dataUrl = picture ? `data:image/jpeg;base64,${picture.toString('base64')}` : null;
  await page.addInitScript(
    ({ dataUrl, refuseFirst }) => {
      let calls = 0;
      const getUserMedia = async (constraints: MediaStreamConstraints) => {
        calls += 1;
        (window as unknown as { cameraAskedFor: unknown }).cameraAskedFor = constraints;
        if (!dataUrl || (refuseFirst && calls === 1)) throw new DOMException('Permission refusée', 'NotAllowedError');
        const canvas = document.createElement('canvas');
        canvas.width = 1280;
        canvas.height = 720;
        const context = canvas.getContext('2d')!;
        const image = new Image();
        image.src = dataUrl;
        await image.decode();
        const scale = Math.min(canvas.width / image.width, canvas.height / image.height);
        const draw = () => {
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, canvas.width, canvas.height);
          context.drawImage(image, (canvas.width - image.width * scale) / 2, (canvas.height - image.height * scale) / 2, image.width * scale, image.height * scale);
          requestAnimationFrame(draw);
        };
        draw();
        return canvas.captureStream(15);
      };
      Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    },
    { dataUrl, refuseFirst },
  );
}

async function signIn(page: Page, request: APIRequestContext) {
  const account = await createAccount(request);
  await useSessionOf(page, account);
  return account;
}

async function openScanner(page: Page) {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Scanner intelligent' }).click();
  return page.getByRole('dialog', { name: 'Scanner intelligent' });
}

/** Uploads `photo` in the scanner, analyses it, and returns the API's answer once the result shows. */
async function analyseUpload(page: Page, scanner: Locator, photo: Buffer): Promise<RecognitionResult> {
  await scanner.getByRole('tab', { name: 'Importer' }).click();
  await scanner.getByLabel('Choisir une photo').setInputFiles(jpeg('produit.jpg', photo));
  await expect(page.getByText('Fichier téléchargé avec succès!')).toBeVisible();
  await expect(scanner.getByRole('img', { name: 'Aperçu de la photo' })).toBeVisible();
  await expect(scanner.getByRole('button', { name: 'Reprendre' })).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/recognize-product') && r.request().method() === 'POST', { timeout: 90_000 });
  await scanner.getByRole('button', { name: 'Analyser le produit' }).click();
  const body = (await (await answer).json()) as RecognitionResult;
  expect(body.success).toBe(true);
  await expect(page.getByText('Produit analysé avec succès!')).toBeVisible();
  await expect(scanner.getByTestId('recognition-result')).toBeVisible();
  return body;
}

/** Nothing in the dialog sticks out of the screen, and the page itself does not scroll sideways. */
async function expectFitsWidth(page: Page, dialog: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const outside = await dialog.evaluate((root) => {
    const width = window.innerWidth;
    return [...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('sr-only'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').slice(0, 40)}`);
  });
  expect(outside).toEqual([]);
  const scroller = await dialog.evaluate((root) => [...root.querySelectorAll<HTMLElement>('.overflow-y-auto')].map((el) => el.scrollWidth - el.clientWidth));
  for (const extra of scroller) expect(extra).toBeLessThanOrEqual(0);
}

test.describe('Scanner intelligent', () => {
  test('a packshot of a product the catalogue does not know: analysed, then "Utiliser ce produit" prefills the add-with-shop form', async ({ page, request }) => {
    await signIn(page, request);
    const scanner = await openScanner(page);
    const code = freshEan13();
    const photo = await packshotPhoto({ label: { brand: 'Mboka', name: ['Confiture de', 'mangue sauvage'], size: '250 g' }, barcode: { text: code }, plain: true, seed: 31 });
    const { data } = await analyseUpload(page, scanner, photo);
    const suggestion = data.suggested_product;
    expect(suggestion.product_id).toBeNull();

    // The result: the suggestion, its confidence (a guess under 50 %), at most 6 labels with theirs.
    const result = scanner.getByTestId('recognition-result');
    await expect(result.getByRole('heading', { name: suggestion.product_name })).toBeVisible();
    await expect(result.getByText('Nouveau produit')).toBeVisible();
    await expect(result.getByText(`${Math.round(suggestion.confidence * 100)}\u00a0%`).first()).toBeVisible();
    if (suggestion.confidence < 0.5) await expect(result.getByRole('note')).toContainText('Simple supposition');
    const labels = result.getByRole('list', { name: 'Éléments détectés' }).getByRole('listitem');
    expect(await labels.count()).toBe(Math.min(6, data.detected_labels.length));

    await scanner.getByRole('button', { name: 'Utiliser ce produit' }).click();
    await expect(scanner).toBeHidden();
    const form = page.getByRole('dialog', { name: 'Ajouter le produit et son magasin' });
    await expect(form.getByLabel('Nom du produit *')).toHaveValue(suggestion.product_name);
    await expect(form.getByLabel('Marque')).toHaveValue(suggestion.brand ?? '');
    await expect(form.getByLabel('Catégorie')).toHaveValue(suggestion.category ?? '');
    await expect(form.getByLabel('Unité')).toHaveValue(suggestion.suggested_unit ?? '');
    await expect(form.getByLabel('Description')).toHaveValue(suggestion.description ?? '');
    // The barcode read on the packet comes along, so the new product is found by it next time.
    await expect(form.getByRole('textbox', { name: 'Code-barres' })).toHaveValue(code);
    await expect(form.getByRole('img', { name: 'Image principale' })).toBeVisible();
  });

  test('a packshot whose barcode is in the catalogue: "Dans le catalogue", and "Utiliser ce produit" opens its details', async ({ page, request }) => {
    const { product, code } = await productWithBarcode(request, 'Fromage fondu, boîte 8 portions');
    await signIn(page, request);
    const scanner = await openScanner(page);
    const photo = await packshotPhoto({ label: { brand: 'La Vache qui rit', name: ['Fromage fondu', '8 portions'], size: '128 g' }, barcode: { text: code }, seed: 7 });
    const { data } = await analyseUpload(page, scanner, photo);
    expect(data.suggested_product.product_id).toBe(product.id);
    const result = scanner.getByTestId('recognition-result');
    await expect(result.getByText('Dans le catalogue')).toBeVisible();
    await expect(result.getByRole('list', { name: 'Éléments détectés' })).toContainText(code);

    await scanner.getByRole('button', { name: 'Utiliser ce produit' }).click();
    await expect(page.getByRole('dialog', { name: product.name })).toBeVisible();
    await expect(scanner).toBeHidden();
  });

  test('the camera: refused, the spec’s message and "Réessayer"; then the rear camera, a photo taken, "Reprendre"', async ({ page, request }) => {
    await fakeCamera(page, await packshotPhoto({ label: { brand: 'Mboka', name: ['Jus de bissap'], size: '1 L' }, seed: 5 }), { refuseFirst: true });
    await signIn(page, request);
    const scanner = await openScanner(page);
    await expect(scanner.getByRole('alert')).toHaveText("Impossible d'accéder à la caméra. Vérifiez les permissions.");
    await scanner.getByRole('button', { name: 'Réessayer' }).click();
    await expect(scanner.getByLabel('Vue de la caméra')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cameraAskedFor: MediaStreamConstraints }).cameraAskedFor.video)).toEqual({
      facingMode: { ideal: 'environment' },
      width: { ideal: 1280 },
      height: { ideal: 720 },
    });

    await scanner.getByRole('button', { name: 'Prendre la photo' }).click();
    const preview = scanner.getByRole('img', { name: 'Aperçu de la photo' });
    await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1280, 720]);
    await scanner.getByRole('button', { name: 'Reprendre' }).click();
    await expect(scanner.getByLabel('Vue de la caméra')).toBeVisible();
  });

  test('at 360 px wide, each state of the dialog fits the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, request);
    const scanner = await openScanner(page);
    await expectFitsWidth(page, scanner);
    const photo = await packshotPhoto({ label: { brand: 'Mboka', name: ['Confiture de', 'mangue sauvage'], size: '250 g' }, plain: true, seed: 31 });
    await scanner.getByRole('tab', { name: 'Importer' }).click();
    await expectFitsWidth(page, scanner);
    await analyseUpload(page, scanner, photo);
    await expectFitsWidth(page, scanner);
  });
});

test.describe('barcode scanning', () => {
  test('contribute: the barcode button reads a photo of the code (no camera here) and selects the product in step 1', async ({ page, request }) => {
    const { product, code } = await productWithBarcode(request, 'Lait en poudre, boîte 400 g');
    await signIn(page, request);
    await page.goto('/contribute');
    await page.getByRole('button', { name: 'Scanner le code-barres' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scanner un code-barres' });
    // Headless Chromium has no camera: the spec's message, and the photo instead.
    await expect(scanner.getByTestId('camera-denied')).toContainText("Impossible d'accéder à la caméra. Vérifiez les permissions.");
    await scanner.getByLabel('Choisir une photo du code-barres').setInputFiles(jpeg('code.jpg', await barcodePhoto({ text: code, share: 0.3, tilt: 8, seed: 3 })));

    await expect(scanner).toBeHidden(DECODE);
    await expect(page.getByText(`Produit sélectionné : ${product.name}`)).toBeVisible();
    const step1 = page.getByRole('list', { name: '1. Choisissez le produit' });
    await expect(page.getByText([product.name, product.brand].filter(Boolean).join(' — '))).toBeVisible();
    await page.getByLabel('Rechercher un produit').fill(product.name);
    await expect(step1.getByRole('button', { name: new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toHaveAttribute('aria-pressed', 'true');
  });

  test('contribute: an unknown barcode offers the search by name, then to give the code to the product found', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/contribute');
    await page.getByRole('button', { name: 'Rechercher par code-barres' }).click();
    const code = freshEan13();
    await page.getByRole('dialog', { name: 'Scanner un code-barres' }).getByLabel('Choisir une photo du code-barres').setInputFiles(jpeg('code.jpg', await barcodePhoto({ text: code, share: 0.3, seed: 4 })));
    await expect(page.getByText(`Aucun produit ne porte le code-barres ${code}. Cherchez-le par son nom, puis ajoutez-lui ce code-barres.`)).toBeVisible(DECODE);

    await page.getByRole('button', { name: 'Chercher par nom' }).click();
    await expect(page.getByLabel('Rechercher un produit')).toBeFocused();
    await page.getByLabel('Rechercher un produit').fill('sardines');
    await page.getByRole('list', { name: '1. Choisissez le produit' }).getByRole('button', { name: /^Sardines à l'huile, boîte 125 g/ }).click();
    // A seeded product this user did not create: the code waits for a moderator.
    await page.getByRole('button', { name: `Ajouter le code-barres ${code} à « Sardines à l'huile, boîte 125 g »` }).click();
    await expect(page.getByText('Modification envoyée pour vérification')).toBeVisible();
  });

  test('a photo without a barcode says so, in French', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Rechercher par code-barres' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scanner un code-barres' });
    const blank = await packshotPhoto({ label: { brand: 'Mboka', name: ['Sans code'] }, seed: 9 });
    await scanner.getByLabel('Choisir une photo du code-barres').setInputFiles(jpeg('sans-code.jpg', blank));
    await expect(scanner.getByRole('alert').filter({ hasText: 'Aucun code-barres lisible' })).toBeVisible(DECODE);
  });

  test('catalogue: the search’s barcode button reads the live camera (zxing in the browser) and finds the product', async ({ page, request }) => {
    const { product, code } = await productWithBarcode(request, 'Beurre doux, plaquette 250 g');
    await fakeCamera(page, await barcodePhoto({ text: code, width: 1280, height: 720, share: 0.35, tilt: -6, seed: 11 }));
    await signIn(page, request);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.goto('/products');
    await page.getByRole('button', { name: 'Rechercher par code-barres' }).click();
    // The scanner films with the rear camera; it may read the code (and close) before a check of its
    // view could run, so the camera request is what is checked.
    await expect.poll(() => page.evaluate(() => (window as unknown as { cameraAskedFor?: { video?: { facingMode?: unknown } } }).cameraAskedFor?.video?.facingMode)).toBeTruthy();

    const scanner = page.getByRole('dialog', { name: 'Scanner un code-barres' });
    await expect(scanner).toBeHidden(DECODE);
    await expect(page.getByLabel('Rechercher un produit')).toHaveValue(code);
    await expect(page).toHaveURL(new RegExp(`q=${code}`));
    await expect(page.getByRole('list', { name: 'Produits' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Produits' })).toContainText(product.name);
    // The reader's WebAssembly came from our own server, and nothing from anywhere else.
    const origin = new URL(page.url()).origin;
    expect(fetched.some((url) => url.startsWith(`${origin}/assets/`) && url.endsWith('.wasm'))).toBe(true);
    expect(fetched.filter((url) => /^https?:/.test(url) && !url.startsWith(origin))).toEqual([]);
  });
});
