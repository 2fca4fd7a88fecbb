// Accessibility (issue 15): axe-core on every route of web/app/router.tsx at 360 px, signed out and
// as a consumer, a delivery agent and a moderator, with real data (a list, a booked delivery and its
// notification), and on the main dialogs. A serious or critical violation fails the journey; the
// others are printed in the test output.
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { type TestAccount, createAccount, createApprovedAgent, createListThroughApi, demoLogin, requestDeliveryThroughApi, useSessionOf } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

type Finding = { where: string; id: string; impact: string; help: string; targets: string[] };

/** The page's main heading is shown and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Chargement...', { exact: true })).toHaveCount(0);
}

/** Runs axe on what is shown (WCAG 2.x A and AA rules, and axe's best practices). */
async function audit(page: Page, where: string, findings: Finding[], include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  for (const v of violations) findings.push({ where, id: v.id, impact: v.impact ?? 'minor', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) });
}

async function visit(page: Page, path: string, findings: Finding[]) {
  await test.step(path, async () => {
    await page.goto(path);
    await settled(page);
    await audit(page, path, findings);
  });
}

/** Prints every finding; fails on the serious and critical ones. */
function report(findings: Finding[]) {
  const text = (f: Finding) => `[${f.impact}] ${f.where} — ${f.id}: ${f.help}\n      ${f.targets.join('\n      ')}`;
  const minor = findings.filter((f) => f.impact !== 'serious' && f.impact !== 'critical');
  if (minor.length) console.log(`Remarques axe (non bloquantes) :\n  ${minor.map(text).join('\n  ')}`);
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(blocking.map(text), 'violations graves ou critiques').toEqual([]);
}

test('signed out: sign-in, registration, password, demo, legal and ad pages', async ({ page }) => {
  const findings: Finding[] = [];
  for (const path of ['/login', '/register', '/delivery-agent/login', '/forgot-password', '/reset-password?token=abc', '/demo-optimization', '/conditions', '/confidentialite']) await visit(page, path, findings);
  await test.step('/annonces/:id (an ad that has ended)', async () => {
    await page.goto('/annonces/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: "Cette annonce n'est plus disponible." })).toBeVisible();
    await audit(page, '/annonces/:id', findings);
  });
  report(findings);
});

test.describe('signed in', () => {
  let consumer: TestAccount;
  let listId: string;

  test.beforeAll(async ({ request }) => {
    consumer = await createAccount(request, { full_name: 'Aïcha Mba Ondo' });
    const list = await createListThroughApi(request, consumer.access_token, 'Courses de la semaine');
    listId = list.id;
    // A booked delivery: an order for the deliveries page, and a notification for the bell.
    const booked = await createListThroughApi(request, consumer.access_token, 'Livraison du samedi', ['riz', 'sucre']);
    await requestDeliveryThroughApi(request, consumer.access_token, booked.id);
  });

  test('consumer: every page and the 404 page', async ({ page }) => {
    // Fourteen pages, each loaded, settled and audited: more than the default minute on a busy machine.
    test.slow();
    const findings: Finding[] = [];
    await useSessionOf(page, consumer);
    const pages = ['/dashboard', '/profile', '/products', '/store-finder', '/contribute', '/shopping-lists', '/shopping-lists/new', '/create-list', `/shopping-lists/${listId}/compare`, '/price-comparison', '/delivery-booking', '/deliveries', '/mes-annonces', '/une-adresse-inconnue'];
    for (const path of pages) await visit(page, path, findings);
    report(findings);
  });

  test('consumer: the main dialogs', async ({ page }) => {
    const findings: Finding[] = [];
    await useSessionOf(page, consumer);

    await test.step('notification panel', async () => {
      await page.goto('/dashboard');
      await settled(page);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await audit(page, 'notification panel', findings, '[role="dialog"]');
    });
    await test.step('product details', async () => {
      await page.goto('/products');
      await settled(page);
      await page.getByRole('button', { name: /^Détails : / }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('list', { name: 'Prix par magasin' })).toBeVisible();
      await audit(page, 'product details', findings, '[role="dialog"]');
    });
    await test.step('list details', async () => {
      await page.goto('/shopping-lists');
      await settled(page);
      await page.getByTestId('list-card').filter({ hasText: 'Courses de la semaine' }).getByRole('button', { name: 'Détails' }).click();
      await expect(page.getByRole('dialog', { name: 'Liste « Courses de la semaine »' })).toBeVisible();
      await audit(page, 'list details', findings, '[role="dialog"]');
    });
    await test.step('new delivery', async () => {
      await page.goto('/deliveries');
      await settled(page);
      await page.getByRole('button', { name: 'Nouvelle demande de livraison' }).click();
      await expect(page.getByRole('dialog', { name: 'Nouvelle demande de livraison' })).toBeVisible();
      await audit(page, 'new delivery', findings, '[role="dialog"]');
    });
    await test.step('avatar picker (profile)', async () => {
      await page.goto('/profile');
      await settled(page);
      await page.getByRole('button', { name: 'Changer la photo' }).click();
      await expect(page.getByRole('dialog', { name: 'Choisir une photo de profil' })).toBeVisible();
      await audit(page, 'avatar picker (profile)', findings, '[role="dialog"]');
    });
    report(findings);
  });

  test('delivery agent: dashboard and orders (the delivery booked above is available)', async ({ page, request }) => {
    const findings: Finding[] = [];
    await useSessionOf(page, await createApprovedAgent(request));
    for (const path of ['/delivery-agent/dashboard', '/delivery-agent/orders']) await visit(page, path, findings);
    report(findings);
  });

  test('moderator: queues, products, orders, journal and a contributor', async ({ page, request }) => {
    const findings: Finding[] = [];
    await useSessionOf(page, await demoLogin(request, 'moderator'));
    for (const path of ['/admin', '/admin/products', '/admin/orders', '/admin/journal', `/admin/users/${consumer.user.id}`]) await visit(page, path, findings);
    report(findings);
  });
});
