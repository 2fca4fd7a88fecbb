import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demo';
import type { OptimizeResponse } from '#contract/optimiser';
import type { Product, ProductMutationResponse } from '#contract/products';
import { apiLogin, createAccount, useSessionOf } from './fixtures';

// Géant CKdo, Libreville (seeded store).
const AT_GEANT_CKDO = { latitude: 0.4015, longitude: 9.4455 };
// Seeded prices were seen by the seed's one voice, 1 to 6 days ago — about one in eleven more than a
// month ago, shown "à confirmer".
const SEEN = /vu il y a \d+j · \d+ contributeurs?/;

const catalogue = (page: Page) => page.getByRole('list', { name: 'Produits' });

async function signIn(page: Page, request: APIRequestContext) {
  const account = await createAccount(request);
  await useSessionOf(page, account);
  return account;
}

/** A seeded product as the catalogue lists it: its cheapest store and that price's freshness. */
async function findProduct(request: APIRequestContext, search: string): Promise<Product> {
  const [product] = (await (await request.get(`/api/products?search=${encodeURIComponent(search)}&limit=1`)).json()) as Product[];
  return product;
}

async function openDetails(page: Page, search: string, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(search)}`);
  await page.getByRole('button', { name: `Détails : ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  return { dialog, prices: dialog.getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem') };
}

test.describe('in Libreville', () => {
  test.use({ geolocation: AT_GEANT_CKDO, permissions: ['geolocation'] });

  test('the catalogue card, every store price of the details and the store finder say when the price was seen and by how many', async ({ page, request }) => {
    await signIn(page, request);
    const name = 'Beurre doux, plaquette 250 g';
    await page.goto('/products?q=beurre+doux');
    const card = catalogue(page).getByRole('listitem').filter({ hasText: name });
    await expect(card.getByTestId('price-freshness')).toHaveText(SEEN);

    await card.getByRole('button', { name: `Détails : ${name}` }).click();
    const prices = page.getByRole('dialog', { name }).getByRole('list', { name: 'Prix par magasin' }).getByRole('listitem');
    await expect(prices.first()).toContainText('Meilleur prix');
    expect(await prices.count()).toBeGreaterThan(2);
    let stale = 0;
    for (const row of await prices.all()) {
      await expect(row.getByTestId('price-freshness')).toHaveText(SEEN);
      const days = Number(/il y a (\d+)j/.exec(await row.getByTestId('price-freshness').innerText())![1]);
      if (days > 30) {
        stale += 1;
        await expect(row).toContainText('à confirmer');
      } else {
        await expect(row).not.toContainText('à confirmer');
      }
    }
    expect(stale, 'un des magasins montre un prix de plus d’un mois').toBeGreaterThan(0);

    await page.goto('/store-finder');
    await page.getByRole('listitem').getByRole('button', { name: /^Géant CKdo/ }).click();
    const selected = page.getByLabel('Magasin sélectionné');
    await expect(selected.getByRole('listitem').first().getByTestId('price-freshness')).toHaveText(/vu (il y a \d+(min|h|j)|à l'instant) · \d+ contributeurs?/);
  });
});

test('a consumer flags a store price with a reason, cannot flag it twice, and sees it "vérifié" once a moderator approves it', async ({ page, request }) => {
  await signIn(page, request);
  const name = 'Fromage fondu, boîte 8 portions';
  // The first line of the details is the cheapest store's price.
  const product = await findProduct(request, 'fromage fondu');
  const store = product.shop_name!;
  const { dialog, prices } = await openDetails(page, 'fromage fondu', name);
  const row = prices.first();
  await expect(row).toContainText(store);

  await row.getByRole('button', { name: `Signaler ce prix (${store})` }).click();
  const flag = page.getByRole('dialog', { name: 'Signaler ce prix' });
  await expect(flag).toContainText(store);
  await flag.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(flag.getByText('Veuillez choisir un motif de signalement')).toBeVisible();
  for (const reason of ['Prix erroné', 'Mauvais produit', 'Mauvais magasin', 'Prix périmé']) await expect(flag.getByRole('radio', { name: reason })).toBeVisible();
  await flag.getByRole('radio', { name: 'Prix erroné' }).check();
  await flag.getByLabel('Commentaire (facultatif)').fill('En rayon, la boîte est affichée 200 FCFA de moins.');
  await flag.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page.getByText('Merci ! Ce prix sera vérifié par un modérateur.')).toBeVisible();
  await expect(flag).toBeHidden();
  await expect(row).toContainText('Signalé');
  await expect(row.getByRole('button', { name: /^Signaler ce prix/ })).toHaveCount(0);

  // Another visit: the same price again is refused with the server's reason.
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('button', { name: `Détails : ${name}` }).click();
  await prices.first().getByRole('button', { name: `Signaler ce prix (${store})` }).click();
  await flag.getByRole('radio', { name: 'Prix périmé' }).check();
  await flag.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(page.getByText('Vous avez déjà signalé ce prix.')).toBeVisible();
  await expect(flag).toBeHidden();
  await expect(prices.first()).toContainText('Signalé');
  await expect(prices.first()).not.toContainText('vérifié');

  // A moderator reviews the flag and approves the price: it is then shown "vérifié".
  const moderator = await apiLogin(request, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  const approved = await request.post(`/api/admin/price-observations/${product.price_freshness!.observation_id}/approve`, {
    headers: { authorization: `Bearer ${moderator.access_token}` },
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: `Détails : ${name}` }).click();
  await expect(prices.filter({ hasText: store }).getByTestId('price-freshness')).toContainText('vérifié');
});

test('editing a product someone else created sends a suggestion: the catalogue keeps the product as it was', async ({ page, request }) => {
  await signIn(page, request);
  const name = 'Spaghetti, paquet 500 g';
  const suggested = 'Spaghetti n° 5, paquet 500 g';
  await page.goto('/products?q=spaghetti');
  await catalogue(page).getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le produit' });
  await expect(dialog.getByLabel('Nom du produit *')).toHaveValue(name);
  await dialog.getByLabel('Nom du produit *').fill(suggested);
  const answer = page.waitForResponse((res) => res.request().method() === 'PUT' && /\/api\/products\/[0-9a-f-]+$/.test(res.url()));
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  const { suggestion_id } = (await (await answer).json()) as ProductMutationResponse;

  await expect(page.getByText('Modification envoyée pour vérification')).toBeVisible();
  await expect(page.getByText('Produit mis à jour avec succès')).toHaveCount(0);
  await expect(dialog).toBeHidden();
  await expect(catalogue(page).getByText(name, { exact: true })).toBeVisible();
  await expect(catalogue(page).getByText(suggested)).toHaveCount(0);
  await page.reload();
  await expect(catalogue(page).getByText(name, { exact: true })).toBeVisible();
  await expect(catalogue(page).getByText(suggested)).toHaveCount(0);

  // The suggestion waits in the moderators' queue; refusing it leaves the queue as it was for other journeys.
  const moderator = await apiLogin(request, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
  const refused = await request.post(`/api/admin/product-suggestions/${suggestion_id}/refuse`, {
    headers: { authorization: `Bearer ${moderator.access_token}` },
    data: { reason: 'Le nom actuel est celui de l’emballage.' },
  });
  expect(refused.status(), await refused.text()).toBe(200);
});

test('an optimisation resting on a price older than 30 days says so and marks the item "à confirmer"', async ({ page, request }) => {
  const account = await signIn(page, request);
  const [cassoulet, salt] = [await findProduct(request, 'cassoulet grande boite'), await findProduct(request, 'sel fin 1 kg')];
  const res = await request.post('/api/shopping-lists', {
    headers: { authorization: `Bearer ${account.access_token}` },
    data: {
      name: 'Placard',
      items: [
        { product_id: cassoulet.id, name: cassoulet.name, quantity: 2 },
        { product_id: salt.id, name: salt.name, quantity: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const list = (await res.json()) as { id: string };

  // Every price the API can produce is recent (the seed's are days old, new ones are of today), so
  // the server's answer is aged on its way: the cassoulet's price at the chosen store is then older
  // than 30 days, as the optimiser reports it (stale_price, stale on that alternative, stale_count).
  await page.route('**/api/shopping/optimize', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as OptimizeResponse;
    const item = body.optimization.items.find((i) => i.product_id === cassoulet.id && i.status === 'priced');
    if (item) {
      item.stale_price = true;
      for (const a of item.alternatives) if (a.store_id === item.selected_store_id) a.stale = true;
      body.optimization.stale_count = 1;
    }
    await route.fulfill({ response, json: body });
  });

  await page.goto(`/shopping-lists/${list.id}/compare`);
  const best = page.getByRole('region', { name: 'Meilleurs prix' });
  await expect(best.getByRole('note')).toContainText('1 article repose sur un prix à confirmer');
  const staleItem = best.getByTestId('optimised-item').filter({ hasText: cassoulet.name });
  const freshItem = best.getByTestId('optimised-item').filter({ hasText: salt.name });
  await expect(staleItem).toContainText('à confirmer');
  await expect(freshItem).toContainText('chez ');
  await expect(freshItem).not.toContainText('à confirmer');
  await expect(staleItem.getByLabel(`Magasin pour ${cassoulet.name}`).locator('option:checked')).toHaveText(/ · à confirmer$/);
});
