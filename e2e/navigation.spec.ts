// Navigation defects of issue 15: sign-in leads back to the page asked for, Back and Forward walk
// the catalogue's pages, Back closes a dialog, the phone shows a product first, products without a
// photo show their category's drawing, and the shell keeps its greeting and its links visible.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { createAccount, createApprovedAgent, useSessionOf } from './fixtures';

const catalogue = (page: Page) => page.getByRole('list', { name: 'Produits' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination des produits' });

async function signInThroughForm(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The welcome toast, once it has slid into place, covers none of `targets`. */
async function expectToastClearOf(page: Page, targets: Locator[]) {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: 'Connexion réussie' });
  await expect(toast).toBeVisible();
  const covered = async () => {
    const box = await boxOf(toast);
    const hits = await Promise.all(targets.map(async (target) => overlaps(box, await boxOf(target))));
    return hits.filter(Boolean).length;
  };
  await expect.poll(covered).toBe(0);
}

test.describe('at 1100 px', () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test('signing in leads back to the page asked for, also after the session expired; the greeting and the nav links stay visible', async ({ page, request }, testInfo) => {
    const account = await createAccount(request, { full_name: 'Awa Mboumba' });

    // A link to the statistics of the profile, signed out: the login page, then that page.
    await page.goto('/profile?onglet=statistiques');
    await signInThroughForm(page, account.user.email, account.password);
    await expect(page).toHaveURL(/\/profile\?onglet=statistiques$/);

    // The welcome toast opens below the bar: it covers none of its links, and the greeting shows.
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expectToastClearOf(page, await nav.getByRole('link').all());
    await expect(page.getByRole('banner').getByText('Bonjour, Awa Mboumba')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('signed-in-1100.png') });

    // The session ends on the server; the next call answers 401: login, then back to /deliveries.
    await page.goto('/deliveries');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.reload();
    await expect(page.getByText('Session expirée. Veuillez vous reconnecter.')).toBeVisible();
    await signInThroughForm(page, account.user.email, account.password);
    await expect(page).toHaveURL(/\/deliveries$/);

    // A page of another role is never the way back: a consumer sent from /admin goes home.
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin/orders');
    await signInThroughForm(page, account.user.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('agents and moderators are led back to the page of their space they asked for', async ({ page, request }) => {
  const agent = await createApprovedAgent(request);
  await page.goto('/delivery-agent/orders');
  await expect(page).toHaveURL(/\/delivery-agent\/login$/);
  await signInThroughForm(page, agent.user.email, agent.password);
  await expect(page).toHaveURL(/\/delivery-agent\/orders$/);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/delivery-agent\/login$/);

  await page.goto('/admin/orders');
  await signInThroughForm(page, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the catalogue shows a product first, draws the categories, walks its pages with Back and Forward, and Back closes its dialogs', async ({ page, request }, testInfo) => {
    // A user who contributes in store: the page also has its contribute button and location note.
    const account = await createAccount(request, { preferences: { track_prices: true, contribute_in_store: true } });
    await useSessionOf(page, account);
    await page.goto('/dashboard');
    await page.goto('/products');

    // The first product is entirely on the first screen, under compact actions.
    const first = catalogue(page).getByRole('listitem').first();
    await expect(first).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Ajouter un produit' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Contribuer' })).toBeInViewport();
    // No seeded product has a photo: each card draws its category, never a broken image.
    await expect(catalogue(page).locator('[data-illustration]')).toHaveCount(6);
    await expect(catalogue(page).locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('catalogue-360.png') });

    // Page 4, then 5: Back returns to page 4, Forward to 5, a reload stays on 5.
    const onPage1 = (await first.textContent()) ?? '';
    await pagination(page).getByRole('button', { name: 'Page 4' }).click();
    await expect(page).toHaveURL(/[?&]page=4/);
    await expect(first).not.toHaveText(onPage1);
    const onPage4 = (await first.textContent()) ?? '';
    await pagination(page).getByRole('button', { name: 'Page 5' }).click();
    await expect(page).toHaveURL(/[?&]page=5/);
    await expect(first).not.toHaveText(onPage4);
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=4/);
    await expect(pagination(page).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await expect(first).toHaveText(onPage4);
    await page.goForward();
    await expect(page).toHaveURL(/[?&]page=5/);
    await page.reload();
    await expect(pagination(page).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    // Typing a search replaces the entry rather than adding one per keystroke.
    const entries = await page.evaluate(() => history.length);
    await page.getByLabel('Rechercher un produit').fill('riz');
    await expect(page).toHaveURL(/q=riz/);
    await page.getByLabel('Rechercher un produit').fill('rizz');
    await expect(page).toHaveURL(/q=rizz/);
    // Best match first: the rice before "Fromage fondu" (A-Z would put it first).
    await expect(catalogue(page)).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByLabel('Trier par')).toHaveValue('relevance');
    await expect(first).toContainText(/^Riz /);
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // Back with the details open closes them and stays on the search.
    await first.getByRole('button', { name: /^Détails : / }).first().click();
    const details = page.getByRole('dialog');
    await expect(details.getByRole('img', { name: 'Épicerie' })).toBeVisible();
    await page.goBack();
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(/q=rizz/);

    // Nested: Back closes the flag dialog first, then the details.
    await first.getByRole('button', { name: /^Détails : / }).first().click();
    await details.getByRole('button', { name: /^Signaler ce prix \(/ }).first().click();
    const flag = page.getByRole('dialog', { name: 'Signaler ce prix' });
    await expect(flag).toBeVisible();
    await page.goBack();
    await expect(flag).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/q=rizz/);

    // A dialog closed by its button leaves nothing behind: one Back returns to page 4.
    await first.getByRole('button', { name: /^Détails : / }).first().click();
    await details.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(details).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=4/);

    // A link inside a dialog opens its page; Back comes back to the catalogue without the dialog.
    await first.getByRole('button', { name: /^Détails : / }).first().click();
    await details.getByRole('link', { name: 'Contribuer un prix' }).click();
    await expect(page).toHaveURL(/\/contribute\?product=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contribuer aux prix' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=4/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(first).toHaveText(onPage4);
  });

  test('the shell keeps its menu and the welcome toast clear of the bar', async ({ page, request }, testInfo) => {
    const account = await createAccount(request);
    await page.goto('/deliveries');
    await signInThroughForm(page, account.user.email, account.password);
    await expect(page).toHaveURL(/\/deliveries$/);
    await expectToastClearOf(page, [page.getByRole('button', { name: 'Ouvrir le menu' })]);
    await page.screenshot({ path: testInfo.outputPath('signed-in-360.png') });
  });
});

for (const width of [1024, 1150, 1280]) {
  test(`the greeting shows beside the nav links at ${width} px`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width, height: 700 });
    const account = await createAccount(request, { full_name: 'Marie-Claire Ndong Obiang' });
    await useSessionOf(page, account);
    await page.goto('/dashboard');
    const greeting = page.getByRole('banner').getByText('Bonjour, Marie-Claire Ndong Obiang');
    await expect(greeting).toBeVisible();
    // On one line with the links, none of them cut or wrapped.
    const links = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link');
    const bar = await boxOf(page.getByRole('banner'));
    for (const link of await links.all()) expect((await boxOf(link)).height).toBeLessThan(bar.height / 1.5);
    expect(overlaps(await boxOf(greeting), await boxOf(links.last()))).toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`shell-${width}.png`), clip: { x: 0, y: 0, width, height: 80 } });
  });
}
