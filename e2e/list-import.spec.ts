// A shopping list from a photo (issue 12): the consumer photographs a printed list, follows the
// analysis on the progress bar, checks the items found, replaces a match, saves the list and has
// its prices analysed. Plus the refusals (a program renamed .jpg, a file over 10 MB) and the phone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, useSessionOf } from './fixtures';

const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };
const LINES = ['2 kg riz parfumé', "Huile Cuisin'Or 1L", '3 boîtes de sardines', '6 oeufs', 'Sucre x2', 'piment'];

/** A phone photo of a printed list: off-white paper, a slight tilt, uneven light, JPEG. */
async function photoOfPrintedList(): Promise<Buffer> {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&apos;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="820">
    <defs><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbf8ef"/><stop offset="1" stop-color="#ddd8c8"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    ${LINES.map((line, i) => `<text x="70" y="${120 + i * 110}" font-family="DejaVu Sans" font-size="52" fill="#222">${escape(line)}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).rotate(1.5, { background: '#d9d4c4' }).jpeg({ quality: 82 }).toBuffer();
}

/** Records every value the progress bar announces (stage label and percentage), as they come. */
async function recordProgress(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __importProgress: string[] }).__importProgress = seen;
    const note = (el: Element) => {
      const text = el.getAttribute('aria-valuetext');
      if (el.getAttribute('role') === 'progressbar' && text && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') note(r.target as Element);
        r.addedNodes.forEach((n) => n instanceof Element && n.querySelectorAll('[role="progressbar"]').forEach(note));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
  });
}

async function pickFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

async function expectNoHorizontalOverflow(page: Page, element: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Takes the photo, follows the progress, and returns the review list once the items are there. */
async function importPhoto(page: Page) {
  await page.goto('/create-list');
  await page.getByRole('tab', { name: 'Importer un document' }).click();
  await pickFile(page, 'Prendre une photo', { name: 'liste-courses.jpg', mimeType: 'image/jpeg', buffer: await photoOfPrintedList() });
  await expect(page.getByRole('img', { name: 'Aperçu de liste-courses.jpg' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Analyse du document' })).toBeVisible();
  const review = page.getByRole('list', { name: 'Articles trouvés' });
  await expect(review).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  return review;
}

test.describe('desktop', () => {
  test.use({ geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test('photo of a printed list → progress bar → replace a match → save the list → price analysis with a total', async ({ page, request }) => {
    test.setTimeout(120_000);
    await useSessionOf(page, await createAccount(request));
    await recordProgress(page);
    const review = await importPhoto(page);

    // The bar went from the upload to the OCR and the catalogue, never backwards.
    const seen = await page.evaluate(() => (window as unknown as { __importProgress: string[] }).__importProgress);
    expect(seen.some((s) => s.startsWith('Envoi du document…'))).toBe(true);
    expect(seen.some((s) => s.startsWith('Reconnaissance du texte…'))).toBe(true);
    const percents = seen.map((s) => Number(/(\d+) %$/.exec(s)?.[1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    await expect(page.getByText("Liste manuscrite ? Vérifiez les articles : l'écriture à la main peut demander quelques corrections.")).toBeVisible();
    const lines = review.getByTestId('import-line');
    await expect(lines).toHaveCount(LINES.length);
    await expect(review).toContainText('« 6 oeufs »');
    await expect(page.getByLabel("Quantité Œuf (à l'unité)")).toHaveValue('6');
    await expect(page.getByLabel("Quantité Sardines à l'huile, boîte 125 g")).toHaveValue('3');

    // The oil line becomes the 2 L bottle through the catalogue search.
    const oil = lines.filter({ hasText: /Cuisin/ });
    await oil.getByRole('button', { name: /^Changer le produit pour/ }).click();
    const change = oil.getByRole('group', { name: /^Remplacer le produit lu/ });
    await change.getByLabel('Rechercher un produit du catalogue').fill('huile palme 2');
    await page.getByRole('option', { name: "Huile de palme raffinée Cuisin'Or, bouteille 2 L" }).click();
    await expect(change).toHaveCount(0);
    await expect(oil).toContainText("Huile de palme raffinée Cuisin'Or, bouteille 2 L");
    await expect(oil).toContainText('Modifié');

    await page.getByRole('button', { name: `Ajouter ${LINES.length} articles` }).click();
    const items = page.getByRole('list', { name: 'Articles de la liste' });
    await expect(items.getByRole('listitem')).toHaveCount(LINES.length);
    await expect(items).toContainText("Huile de palme raffinée Cuisin'Or, bouteille 2 L");
    await expect(page.getByRole('tab', { name: 'Création manuelle' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Nom de la liste').fill('Liste photographiée');
    await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
    await expect(page).toHaveURL(/\/shopping-lists$/);
    const card = page.getByTestId('list-card').filter({ hasText: 'Liste photographiée' });
    await expect(card).toContainText(`${LINES.length} articles`);

    await card.getByRole('button', { name: 'Analyse des prix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Analyse des prix — Liste photographiée' });
    const best = dialog.getByRole('region', { name: 'Meilleurs prix' });
    await expect(best).toContainText("Huile de palme raffinée Cuisin'Or, bouteille 2 L");
    await expect(best.getByTestId('total-best_prices')).toHaveText(/\d[\d\s\u202f]*\s?FCFA/);
  });

  test('a program renamed .jpg is refused in French, a file over 10 MB before it is sent; removing the file returns to manual mode', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/create-list');
    await page.getByRole('tab', { name: 'Importer un document' }).click();

    const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(4096, 0x41)]);
    await pickFile(page, 'Choisir un fichier', { name: 'liste.jpg', mimeType: 'image/jpeg', buffer: program });
    await expect(page.getByRole('alert').filter({ hasText: 'Veuillez sélectionner une image' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await page.getByRole('button', { name: 'Retirer le fichier' }).first().click();
    await expect(page.getByRole('tab', { name: 'Création manuelle' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Importer un document' }).click();
    let uploads = 0;
    page.on('request', (r) => r.url().includes('/api/extract-shopping-list') && uploads++);
    await pickFile(page, 'Choisir un fichier', { name: 'grosse-photo.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
    await expect(page.getByRole('alert').filter({ hasText: 'La taille du fichier ne doit pas dépasser 10MB' })).toBeVisible();
    expect(uploads).toBe(0);
  });

  test('the comparator imports from a document in its modal, then optimises the selection', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/price-comparison');
    await page.getByRole('button', { name: 'Importer une de mes listes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer une liste de courses' });
    await dialog.getByRole('tab', { name: 'Depuis un document' }).click();
    await dialog.getByLabel('Collez votre liste ici').fill('3 boîtes de sardines\n6 oeufs');
    await dialog.getByRole('button', { name: 'Analyser la liste' }).click();
    await expect(dialog.getByRole('list', { name: 'Articles trouvés' }).getByTestId('import-line')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Ajouter 2 articles' }).click();
    await expect(page.getByText('2 articles ajoutés à la sélection')).toBeVisible();
    await expect(dialog).toBeHidden();
    const selection = page.getByRole('list', { name: 'Produits sélectionnés' });
    await expect(selection).toContainText("Sardines à l'huile, boîte 125 g");
    await expect(page.getByLabel("Quantité Œuf (à l'unité)")).toHaveValue('6');
    await page.getByRole('button', { name: 'Optimiser les prix' }).click();
    await expect(page.getByRole('region', { name: 'Meilleurs prix' }).getByTestId('total-best_prices')).toHaveText(/\d[\d\s\u202f]*\s?FCFA/);
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the review of a photographed list fits the phone, change panel open', async ({ page, request }) => {
    test.setTimeout(90_000);
    await useSessionOf(page, await createAccount(request));
    const review = await importPhoto(page);
    await expectNoHorizontalOverflow(page, review);
    const first = review.getByTestId('import-line').first();
    await first.getByRole('button', { name: /^Changer le produit pour/ }).click();
    await expectNoHorizontalOverflow(page, first.getByRole('group', { name: /^Remplacer le produit lu/ }));
    await expectNoHorizontalOverflow(page, page.getByRole('button', { name: /^Ajouter \d+ articles?$/ }));
  });
});
