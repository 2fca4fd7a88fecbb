// The moderation space (/admin): the journeys of a moderator deciding on held prices, product
// suggestions and reverts, with the catalogue as consumers see it before and after.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '#contract/demo';
import type { Product, ProductDetail } from '#contract/products';
import type { LoginResponse } from '#contract/users';
import { createAccount, demoLogin, loginThroughForm, useSessionOf } from './fixtures';


const SHOTS_DIR = '/tmp/admin-shots';
const catalogue = (page: Page) => page.getByRole('list', { name: 'Produits' });
const queueCard = (page: Page, label: string) => page.getByRole('article', { name: label });
/** "12 345 FCFA" whatever the spaces Intl puts in it. */
const money = (amount: number) => new RegExp(`${new Intl.NumberFormat('fr-FR').format(amount).replace(/\s/g, '\\s')}\\sFCFA`);
const bearer = (session: LoginResponse) => ({ authorization: `Bearer ${session.access_token}` });

async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const res = await request.get(`/api/products?search=${encodeURIComponent(name)}&limit=20`);
  expect(res.status()).toBe(200);
  const product = ((await res.json()) as Product[]).find((p) => p.name === name);
  expect(product, `${name} doit être au catalogue`).toBeTruthy();
  return product!;
}

let made = 0;
/**
 * A product of the journey's own, created through the API by another account and priced in the
 * store of a seeded product: journeys run side by side and must not change what others rely on.
 */
async function freshProduct(request: APIRequestContext, label: string, price: number): Promise<Product> {
  // The demo consumer is an established contributor: a newcomer's price would wait for corroboration.
  const owner = await demoLogin(request, 'consumer');
  const shop = await productNamed(request, "Sardines à l'huile, boîte 125 g");
  const name = `${label} ${Date.now().toString(36)}${++made}`;
  const res = await request.post('/api/products', { headers: bearer(owner), data: { name, category: 'Épicerie', shop_id: shop.shop_id, price } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product as Product;
}

/** A price photographed 5.6 km north of the store: held for review (more than 1 km away). */
async function contributeFromAfar(request: APIRequestContext, contributor: LoginResponse, product: Product, price: number) {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 200, b: 30 } } }).jpeg().toBuffer();
  const res = await request.post('/api/prices/contribute', {
    headers: bearer(contributor),
    data: {
      product_id: product.id,
      store_id: product.shop_id,
      price,
      latitude: product.shop_latitude! + 0.05,
      longitude: product.shop_longitude!,
      image_base64: `data:image/jpeg;base64,${photo.toString('base64')}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { observation: { status: string } };
  expect(body.observation.status).toBe('held');
}

async function suggestThroughApi(request: APIRequestContext, author: LoginResponse, productId: string, changes: Record<string, unknown>) {
  const res = await request.put(`/api/products/${productId}`, { headers: bearer(author), data: changes });
  expect(res.status(), await res.text()).toBe(202);
  return ((await res.json()) as { suggestion_id: string }).suggestion_id;
}

/** A second browser, signed in as someone else (a shopper looking at the catalogue, a moderator). */
async function openAs(browser: Browser, session: LoginResponse, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ ...(viewport ? { viewport } : {}), locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const page = await context.newPage();
  await useSessionOf(page, session);
  return page;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a price sent from far away is held; the moderator signs in, weighs the evidence, approves it, and the catalogue shows it', async ({ page, request, browser }) => {
  const product = await freshProduct(request, 'Sardines du port', 1000);
  const wildPrice = Math.round(product.price! * 0.6);
  const contributor = await createAccount(request, { full_name: 'Contributeur Lointain' });
  await contributeFromAfar(request, contributor, product, wildPrice);

  // The login page shows the demo moderator next to the demo consumer; the moderator lands on /admin.
  await page.goto('/login');
  await expect(page.getByTestId('moderator-demo')).toContainText(DEMO_ACCOUNTS.moderator.email);
  await expect(page.getByText(DEMO_ACCOUNTS.consumer.email)).toBeVisible();
  await loginThroughForm(page, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link')).toHaveText(['Modération', 'Produits', 'Catalogue', 'Commandes', 'Journal']);
  await expect(page.getByRole('heading', { name: 'Modération', level: 1 })).toBeVisible();

  const heldTab = page.getByRole('tab', { name: /Prix retenus/ });
  await expect(heldTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('queue-count-held')).not.toHaveText('0');

  const card = queueCard(page, `${product.name} chez ${product.shop_name}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(money(wildPrice));
  await expect(card).toContainText('Retenu');
  await expect(card).toContainText('Motif de la mise en attente');
  await expect(card).toContainText('5,6 km');
  await expect(card).toContainText('Prix affiché');
  await expect(card).toContainText(money(product.price!));
  await expect(card).toContainText('× 0,6 le prix affiché');
  await expect(card.getByRole('img', { name: /^Prix relevés dans ce magasin sur 90 jours/ })).toBeVisible();
  await expect(card).toContainText('Contributeur Lointain');
  await expect(card).toContainText('Réputation 0');
  await expect(card).toContainText('0 publié · 1 retenu · 0 refusé');
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/10-desktop-held.png`, fullPage: true });

  // The photo proof opens larger.
  await card.getByRole('button', { name: 'Agrandir la photo' }).click();
  const photo = page.getByRole('dialog', { name: `Photo : ${product.name}` });
  const big = photo.getByRole('img', { name: 'Photo du prix' });
  await expect(big).toHaveAttribute('src', /^\/uploads\//);
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await photo.getByRole('button', { name: 'Fermer' }).click();
  await expect(photo).toBeHidden();

  // The contributor's profile, then back to the queue.
  await card.getByRole('link', { name: 'Voir le profil' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${contributor.user.id}$`));
  await expect(page.getByRole('heading', { name: 'Contributeur Lointain' })).toBeVisible();
  const recent = page.getByRole('list', { name: 'Derniers prix envoyés' });
  await expect(recent.getByRole('listitem').filter({ hasText: product.name })).toContainText('Retenu');
  await page.getByRole('link', { name: 'Retour à la modération' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await queueCard(page, `${product.name} chez ${product.shop_name}`).getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText('Prix validé', { exact: true })).toBeVisible();
  await expect(queueCard(page, `${product.name} chez ${product.shop_name}`)).toBeHidden();

  // A shopper now sees the approved price, as the cheapest, in the catalogue and the details.
  const shopper = await openAs(browser, await createAccount(request));
  await shopper.goto(`/products?q=${encodeURIComponent(product.name)}`);
  const item = catalogue(shopper).getByRole('listitem').filter({ hasText: product.name });
  await expect(item).toContainText(money(wildPrice));
  await item.getByRole('button', { name: `Détails : ${product.name}` }).click();
  const prices = shopper.getByRole('dialog', { name: product.name }).getByRole('list', { name: 'Prix par magasin' });
  await expect(prices.getByRole('listitem').first()).toContainText(product.shop_name!);
  await expect(prices.getByRole('listitem').first()).toContainText(money(wildPrice));
  await shopper.context().close();
});

test('a consumer edits a product they did not create: nothing changes until the moderator applies it', async ({ page, request, browser }) => {
  const original = (await freshProduct(request, 'Concentré de tomate maison', 650)).name;
  const renamed = `${original} double`;
  await useSessionOf(page, await createAccount(request));
  await page.goto(`/products?q=${encodeURIComponent(original)}`);
  await catalogue(page).getByRole('listitem').filter({ hasText: original }).getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect(dialog.getByLabel('Nom du produit *')).toHaveValue(original);
  await dialog.getByLabel('Nom du produit *').fill(renamed);
  const answer = page.waitForResponse((res) => res.request().method() === 'PUT' && /\/api\/products\/[0-9a-f-]+$/.test(res.url()));
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  const response = await answer;
  expect(response.status()).toBe(202);
  expect(((await response.json()) as { message: string }).message).toBe('Modification envoyée pour vérification');
  await expect(page.getByText('Modification envoyée pour vérification', { exact: true })).toBeVisible();

  // Not changed yet for anyone.
  await page.goto(`/products?q=${encodeURIComponent(original)}`);
  await expect(catalogue(page).getByText(original, { exact: true })).toBeVisible();
  await expect(catalogue(page).getByText(renamed, { exact: true })).toBeHidden();

  const moderator = await openAs(browser, await demoLogin(request, 'moderator'));
  await moderator.goto('/admin');
  await expect(moderator.getByTestId('queue-count-suggestions')).not.toHaveText('0');
  await moderator.getByRole('tab', { name: /Suggestions/ }).click();
  await expect(moderator).toHaveURL(/\/admin\?file=suggestions$/);
  const suggestion = queueCard(moderator, `Modification de ${original}`);
  await expect(suggestion).toContainText(/Proposée par Client Test \d+/);
  const diff = suggestion.getByRole('definition').filter({ hasText: renamed });
  await expect(diff).toContainText(original);
  await suggestion.getByRole('button', { name: 'Appliquer' }).click();
  await expect(moderator.getByText('Modification appliquée', { exact: true })).toBeVisible();
  await expect(suggestion).toBeHidden();
  await moderator.context().close();

  await page.goto(`/products?q=${encodeURIComponent(renamed)}`);
  await expect(catalogue(page).getByText(renamed, { exact: true })).toBeVisible();
});

test('the moderator brings an edited product back to an earlier version; the catalogue and the journal follow', async ({ page, request, browser }) => {
  const product = await freshProduct(request, 'Petits pois', 800);
  const improved = `${product.name} extra-fins`;
  const moderatorSession = await demoLogin(request, 'moderator');
  const suggestionId = await suggestThroughApi(request, await createAccount(request), product.id, { name: improved, brand: 'Bonduelle' });
  const applied = await request.post(`/api/admin/product-suggestions/${suggestionId}/apply`, { headers: bearer(moderatorSession), data: {} });
  expect(applied.status(), await applied.text()).toBe(200);

  await useSessionOf(page, moderatorSession);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Produits' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByText('Choisissez un produit')).toBeVisible();
  await page.getByLabel('Rechercher un produit').fill(improved);
  await page.getByRole('option', { name: improved }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products\\?product=${product.id}$`));
  await expect(page.getByRole('heading', { name: `Versions de « ${improved} »` })).toBeVisible();

  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('article')).toHaveCount(2);
  const latest = versions.getByRole('article', { name: 'Version 2' });
  await expect(latest).toContainText('Suggestion acceptée');
  await expect(latest).toContainText('Version actuelle');
  await expect(latest).toContainText(/par Client Test \d+/);
  await expect(latest).toContainText('Bonduelle');
  await expect(latest.getByRole('button', { name: 'Rétablir cette version' })).toHaveCount(0);
  const first = versions.getByRole('article', { name: 'Version 1' });
  await expect(first).toContainText('Création');

  await first.getByRole('button', { name: 'Rétablir cette version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rétablir cette version ?' });
  await expect(confirm).toContainText('version 1');
  await confirm.getByRole('button', { name: 'Rétablir' }).click();
  await expect(page.getByText('Produit rétabli', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Versions de « ${product.name} »` })).toBeVisible();
  const reverted = versions.getByRole('article', { name: 'Version 3' });
  await expect(reverted).toContainText('Rétablissement');
  await expect(reverted).toContainText('Version actuelle');
  await expect(reverted).toContainText('Retour à la version 1');
  await expect(reverted).toContainText(`par ${DEMO_ACCOUNTS.moderator.full_name}`);
  // Version 1 is now the product as it is: going back to it again would change nothing.
  await expect(first).toContainText('Identique à la version actuelle');
  await expect(first.getByRole('button', { name: 'Rétablir cette version' })).toHaveCount(0);
  await expect(latest.getByRole('button', { name: 'Rétablir cette version' })).toBeVisible();

  const shopper = await openAs(browser, await createAccount(request));
  await shopper.goto(`/products?q=${encodeURIComponent(product.name)}`);
  await expect(catalogue(shopper).getByText(product.name, { exact: true })).toBeVisible();
  await expect(catalogue(shopper).getByText(improved)).toBeHidden();
  await shopper.context().close();

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Journal' }).click();
  await expect(page).toHaveURL(/\/admin\/journal$/);
  const journal = page.getByRole('list', { name: 'Journal' });
  const revert = journal.getByRole('listitem').filter({ hasText: 'Produit rétabli' }).filter({ hasText: product.name }).first();
  await expect(revert).toContainText('Retour à la version 1');
  await expect(revert).toContainText(`par ${DEMO_ACCOUNTS.moderator.full_name}`);
  await expect(journal.getByRole('listitem').filter({ hasText: 'Modification appliquée' }).filter({ hasText: improved })).toBeVisible();
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/11-desktop-journal.png`, fullPage: true });
  await revert.getByRole('link', { name: 'Voir le produit' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products\\?product=${product.id}$`));
  await expect(page.getByRole('article', { name: 'Version 3' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/12-desktop-revisions.png`, fullPage: true });
});

test('each account type is kept to its own space', async ({ page, request, browser }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);

  const consumer = await openAs(browser, await createAccount(request));
  for (const path of ['/admin', '/admin/journal', '/admin/products']) {
    await consumer.goto(path);
    await expect(consumer, `${path} doit renvoyer un client à son tableau de bord`).toHaveURL(/\/dashboard$/);
  }
  await consumer.context().close();

  const agent = await openAs(browser, await demoLogin(request, 'agent'));
  await agent.goto('/admin');
  await expect(agent).toHaveURL(/\/delivery-agent\/dashboard$/);
  await agent.context().close();

  await useSessionOf(page, await demoLogin(request, 'moderator'));
  for (const path of ['/dashboard', '/products', '/profile', '/delivery-agent/dashboard', '/demo-optimization', '/login', '/nimporte-quoi', '/']) {
    await page.goto(path);
    await expect(page, `${path} doit renvoyer le modérateur à /admin`).toHaveURL(/\/admin$/);
  }
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Modération' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(nav.getByRole('link', { name: 'Journal' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Modération' })).not.toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('suspending a contributor needs a reason; the account cannot sign in until it is reinstated', async ({ page, request }) => {
  const contributor = await createAccount(request, { full_name: 'Compte Douteux' });
  await useSessionOf(page, await demoLogin(request, 'moderator'));
  await page.goto(`/admin/users/${contributor.user.id}`);
  await expect(page.getByRole('heading', { name: 'Compte Douteux' })).toBeVisible();
  await expect(page.getByText('Ce compte n’a encore envoyé aucun prix.')).toBeVisible();

  await page.getByRole('button', { name: 'Suspendre le compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspendre ce compte' });
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expect(dialog.getByText('Veuillez indiquer un motif')).toBeVisible();
  await dialog.getByLabel('Motif').fill('Prix fantaisistes envoyés en série');
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expect(page.getByText('Compte suspendu', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /Suspendu depuis le/ })).toContainText('Motif : Prix fantaisistes envoyés en série');

  const refused = await request.post('/api/auth/login', { data: { email: contributor.user.email, password: contributor.password } });
  expect(refused.status()).toBe(403);

  await page.getByRole('button', { name: 'Rétablir le compte' }).click();
  await page.getByRole('dialog', { name: 'Rétablir ce compte ?' }).getByRole('button', { name: 'Rétablir le compte' }).click();
  await expect(page.getByText('Compte rétabli', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspendre le compte' })).toBeVisible();
  const allowed = await request.post('/api/auth/login', { data: { email: contributor.user.email, password: contributor.password } });
  expect(allowed.status()).toBe(200);

  await page.goto('/admin/journal');
  // Other journeys write to the journal at the same time: this account's two lines, in order.
  const journal = page.getByRole('list', { name: 'Journal' });
  const lines = journal.getByRole('listitem').filter({ hasText: 'Compte Douteux' });
  await expect(lines.first()).toContainText('Compte rétabli');
  await expect(lines.nth(1)).toContainText('Compte suspendu');
  await expect(lines.nth(1)).toContainText('Motif : Prix fantaisistes envoyés en série');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the moderation screens fit a phone; a flagged price is rejected with a reason', async ({ page, request }) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });

    // One of each: a held price, a flagged price, a suggestion with an image.
    const sugar = await freshProduct(request, 'Sucre roux', 975);
    const contributor = await createAccount(request, { full_name: 'Awa Nguema' });
    await contributeFromAfar(request, contributor, sugar, sugar.price! * 5);
    const mayo = await freshProduct(request, 'Mayonnaise maison', 1500);
    const detail = (await (await request.get(`/api/products/${mayo.id}`)).json()) as ProductDetail;
    const flagged = detail.prices.find((p) => p.observation_id)!;
    const flagger = await createAccount(request);
    const flag = await request.post(`/api/prices/${flagged.observation_id}/flag`, { headers: bearer(flagger), data: { reason: 'outdated', comment: 'Ce prix date de l’an dernier' } });
    expect(flag.status(), await flag.text()).toBe(201);
    const label = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const yoghurt = await freshProduct(request, 'Yaourts, pack de 4', 1200);
    await suggestThroughApi(request, contributor, yoghurt.id, {
      name: `${yoghurt.name} nature`,
      description: 'Yaourts nature au lait entier',
      main_image: `data:image/png;base64,${label.toString('base64')}`,
    });

    await page.goto('/login');
    await expect(page.getByTestId('moderator-demo')).toBeVisible();
    await shot('01-login');
    await loginThroughForm(page, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
    await expect(page).toHaveURL(/\/admin$/);
    const held = queueCard(page, `${sugar.name} chez ${sugar.shop_name}`);
    await expect(held).toContainText('Awa Nguema');
    await expect(held.getByRole('button', { name: 'Agrandir la photo' }).getByRole('img')).toBeVisible();
    await expect.poll(() => noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('02-held');

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText(['Modération', 'Produits', 'Catalogue', 'Commandes', 'Journal']);
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Mon profil' })).toHaveCount(0);
    await shot('03-menu');
    await page.getByRole('button', { name: 'Fermer le menu' }).click();

    await page.getByRole('tab', { name: /Prix signalés/ }).click();
    const card = queueCard(page, `${mayo.name} chez ${flagged.store_name}`);
    await expect(card).toContainText('Prix périmé');
    await expect(card).toContainText('Ce prix date de l’an dernier');
    await expect(card).toContainText(DEMO_ACCOUNTS.consumer.full_name);
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('04-flagged');
    await card.getByRole('button', { name: 'Refuser' }).click();
    const reject = page.getByRole('dialog', { name: 'Refuser ce prix' });
    await reject.getByRole('button', { name: 'Refuser le prix' }).click();
    await expect(reject.getByText('Veuillez indiquer un motif')).toBeVisible();
    await shot('05-reject-dialog', false);
    await reject.getByLabel('Motif').fill('Le magasin affiche un autre prix');
    await reject.getByRole('button', { name: 'Refuser le prix' }).click();
    await expect(page.getByText('Prix refusé', { exact: true })).toBeVisible();
    await expect(card).toBeHidden();

    await page.getByRole('tab', { name: /Suggestions/ }).click();
    const suggestion = queueCard(page, `Modification de ${yoghurt.name}`);
    await expect(suggestion.getByRole('img', { name: 'Image principale' })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('06-suggestions');
    await suggestion.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByText('Modification appliquée', { exact: true })).toBeVisible();

    await page.goto(`/admin/products?product=${yoghurt.id}`);
    await expect(page.getByRole('article', { name: 'Version 2' })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('07-revisions');

    await page.goto(`/admin/users/${contributor.user.id}`);
    await expect(page.getByRole('heading', { name: 'Awa Nguema' })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('08-contributor');

    await page.goto('/admin/journal');
    // Other journeys write to the journal at the same time: this journey's line.
    await expect(page.getByRole('list', { name: 'Journal' }).getByRole('listitem').filter({ hasText: yoghurt.name }).first()).toContainText('Modification appliquée');
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
    await shot('09-journal');
  });
});
