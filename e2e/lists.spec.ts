import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, useSessionOf } from './fixtures';

// The five catalogue products of the journey (seeded, priced in several stores).
const PRODUCTS = [
  { search: 'riz parfume 5', name: 'Riz parfumé, sac 5 kg' },
  { search: 'sucre blanc granule', name: 'Sucre blanc granulé, paquet 1 kg' },
  { search: 'concentre tomate', name: 'Concentré de tomate, boîte 400 g' },
  { search: 'lait uht', name: 'Lait UHT demi-écrémé, brique 1 L' },
  { search: 'savon de toilette', name: 'Savon de toilette, pain ~100 g' },
];
const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };

async function createListOfSix(page: Page, listName: string) {
  await page.goto('/shopping-lists');
  await page.getByRole('link', { name: 'Nouvelle liste' }).click();
  await expect(page).toHaveURL(/\/create-list$/);
  await page.getByLabel('Nom de la liste').fill(listName);
  for (const product of PRODUCTS) {
    await page.getByLabel('Rechercher un produit du catalogue').fill(product.search);
    await page.getByRole('option', { name: product.name }).click();
    await expect(page.getByRole('list', { name: 'Articles de la liste' })).toContainText(product.name);
  }
  // A manual item, and the duplicate refused.
  await page.getByLabel("Nom de l'article").fill('Piment de Cayenne du jardin');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await page.getByLabel("Nom de l'article").fill('piment de cayenne DU JARDIN');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByText('Article déjà ajouté à la liste')).toBeVisible();
  await page.getByRole('button', { name: 'Augmenter la quantité de Riz parfumé, sac 5 kg' }).click();
  await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
  await expect(page).toHaveURL(/\/shopping-lists$/);
  await expect(page.getByText('Liste enregistrée avec succès')).toBeVisible();
  const card = page.getByTestId('list-card').filter({ has: page.getByRole('heading', { name: listName, exact: true }) });
  await expect(card).toContainText('6 articles');
  return card;
}

/** Nothing sticks out of the phone's screen: neither the page nor the given element. */
async function expectNoHorizontalOverflow(page: Page, element: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The journey: list of 5 catalogue items + 1 manual → price analysis → switch a store → cart → mobile money → book → confirmed. */
async function fullJourney(page: Page, mobile: boolean) {
  const listName = mobile ? 'Courses mobile' : 'Courses du samedi';
  const card = await createListOfSix(page, listName);
  await card.getByRole('button', { name: 'Analyse des prix' }).click();

  const dialog = page.getByRole('dialog', { name: `Analyse des prix — ${listName}` });
  const best = dialog.getByRole('region', { name: 'Meilleurs prix' });
  await expect(best.getByTestId('optimised-item')).toHaveCount(6);
  await expect(best).toContainText('Prix à saisir');
  await expect(dialog.getByText('Distances calculées depuis votre position.')).toBeVisible();
  const totalBefore = await best.getByTestId('total-best_prices').innerText();
  if (mobile) await expectNoHorizontalOverflow(page, best);

  // Switch the store of the first item to its dearest alternative.
  const select = best.getByLabel('Magasin pour Riz parfumé, sac 5 kg');
  const options = await select.locator('option').allInnerTexts();
  expect(options.length).toBeGreaterThan(1);
  await select.selectOption({ index: options.length - 1 });
  await expect(page.getByText('Magasin changé').first()).toBeVisible();
  await expect(best.getByTestId('total-best_prices')).not.toHaveText(totalBefore);

  if (mobile) {
    await dialog.getByRole('button', { name: 'Magasin le plus proche' }).click();
    await expect(dialog.getByRole('region', { name: 'Magasin le plus proche' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Meilleurs prix' }).click();
  } else {
    await expect(dialog.getByRole('region', { name: 'Magasin le plus proche' })).toBeVisible();
  }
  await best.getByRole('button', { name: 'Ajouter au panier' }).click();
  // The manual item has no price anywhere: the cart names it before leaving it out.
  const leftOut = page.getByRole('dialog', { name: 'Des articles ne seront pas dans ce panier' });
  await expect(leftOut).toContainText('Piment de Cayenne du jardin — aucun prix connu');
  await leftOut.getByRole('button', { name: 'Ajouter sans ces articles' }).click();
  await expect(page.getByText('Optimisation ajoutée au panier')).toBeVisible();
  if (mobile) await expectNoHorizontalOverflow(page, dialog.getByRole('form', { name: 'Réserver la livraison' }));

  // A mobile money method, then the booking.
  await dialog.getByRole('button', { name: 'Ajouter un mode de paiement' }).click();
  const form = dialog.getByRole('form', { name: 'Ajouter un mode de paiement' });
  await form.getByLabel('Type').selectOption('airtel_money');
  await form.getByLabel('Nom affiché').fill('Mon Airtel Money');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Veuillez entrer votre numéro de téléphone')).toBeVisible();
  await form.getByLabel('Numéro de téléphone').fill('+241 07 12 34 56');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mode de paiement ajouté')).toBeVisible();
  // Escape in the delete confirmation closes only that dialog, not the analysis around it.
  await dialog.getByRole('button', { name: 'Supprimer Mon Airtel Money' }).click();
  await expect(page.getByRole('dialog', { name: 'Supprimer le mode de paiement' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Supprimer le mode de paiement' })).toBeHidden();
  await expect(dialog).toBeVisible();

  const booking = dialog.getByRole('form', { name: 'Réserver la livraison' });
  await booking.getByRole('button', { name: 'Réserver la livraison' }).click();
  await expect(booking.getByText('Veuillez remplir tous les champs requis')).toBeVisible();
  await booking.getByRole('button', { name: 'Quartier Louis, Libreville' }).click();
  await booking.getByLabel('Créneau horaire').selectOption('afternoon');
  await expect(booking.getByLabel('Mode de paiement')).toHaveValue(/.+/);
  await booking.getByRole('button', { name: 'Réserver la livraison' }).click();

  const confirmation = dialog.getByTestId('booking-confirmation');
  await expect(confirmation).toContainText('Réservation enregistrée : paiement en attente');
  await expect(confirmation.getByTestId('order-status')).toHaveText('En attente');
  await expect(confirmation).toContainText('12h00-17h00');
  await expect(confirmation.getByText('mode test')).toBeVisible();
  await confirmation.getByRole('button', { name: 'Confirmer le paiement' }).click();
  await expect(confirmation).toContainText('Réservation confirmée');
  await expect(confirmation.getByTestId('order-status')).toHaveText('Confirmée');

  if (mobile) await expectNoHorizontalOverflow(page, confirmation);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(card).toContainText('En Attente de Livraison');
  // The manual item the cart left out waits on a new list.
  await expect(page.getByTestId('list-card').filter({ hasText: `${listName} — reste à acheter` })).toContainText('1 article');
  // The list is locked now, on the page as on the server. Its Modifier is marked disabled
  // (aria-disabled, which Playwright will not click) but still answers a tap with the reason.
  const edit = card.getByRole('button', { name: 'Modifier' });
  await expect(edit).toHaveAttribute('aria-disabled', 'true');
  await edit.click({ force: true });
  await expect(page.getByText('Cette liste est en attente de livraison : elle ne peut être ni modifiée ni supprimée.')).toBeVisible();
}

test.describe('desktop', () => {
  test.use({ geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test('list of 5 catalogue items and 1 manual item → price analysis → switch a store → cart → mobile money → booking confirmed, then cancelled', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await fullJourney(page, false);

    // Cancelled after all: the list is active again with all six items, and the list of the item
    // the cart left out, untouched, goes with the order.
    await page.goto('/deliveries');
    await page.getByRole('button', { name: 'Annuler la livraison' }).click();
    await page.getByRole('dialog', { name: 'Annuler cette livraison ?' }).getByRole('button', { name: 'Oui, annuler' }).click();
    await expect(page.getByText('Livraison annulée')).toBeVisible();
    await page.goto('/shopping-lists');
    const lists = page.getByTestId('list-card');
    await expect(lists.filter({ hasText: 'Courses du samedi' })).toHaveCount(1);
    await expect(lists.filter({ hasText: 'Courses du samedi' })).toContainText('6 articles');
    await expect(lists.filter({ hasText: 'Courses du samedi' })).not.toContainText('En Attente de Livraison');
  });

  test('lists: details, duplicate, delete, edit, and the import of a pasted list', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/create-list');
    await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
    await expect(page.getByText('Veuillez donner un nom à votre liste')).toBeVisible();
    await page.getByLabel('Nom de la liste').fill('Importée');
    await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
    await expect(page.getByText('Votre liste doit contenir au moins un article')).toBeVisible();

    await page.getByRole('tab', { name: 'Importer un document' }).click();
    await page.getByLabel('Collez votre liste ici').fill('- 2 x Crème fraîche épaisse, pot 20 cl\n* Piment oiseau\nSucre blanc granulé, paquet 1 kg (3)');
    await page.getByRole('button', { name: 'Analyser la liste' }).click();
    await expect(page.getByText('3 articles trouvés')).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter 3 articles' }).click();
    const items = page.getByRole('list', { name: 'Articles de la liste' });
    await expect(items.getByRole('listitem')).toHaveCount(3);
    await expect(items).toContainText('Crème fraîche épaisse, pot 20 cl');
    await expect(page.getByLabel('Quantité Sucre blanc granulé, paquet 1 kg')).toHaveValue('3');
    // Quantity 0 removes the line.
    await page.getByRole('button', { name: 'Diminuer la quantité de Piment oiseau' }).click();
    await expect(items.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
    const card = page.getByTestId('list-card').filter({ hasText: 'Importée' });
    await expect(card).toContainText('2 articles');

    await card.getByRole('button', { name: 'Détails' }).click();
    await expect(page.getByRole('dialog', { name: 'Liste « Importée »' })).toContainText('Crème fraîche épaisse, pot 20 cl');
    await page.getByRole('button', { name: 'Fermer' }).click();

    await card.getByRole('button', { name: 'Dupliquer' }).click();
    const copy = page.getByTestId('list-card').filter({ hasText: 'Importée (copie)' });
    await expect(copy).toBeVisible();
    await copy.getByRole('button', { name: 'Modifier' }).click();
    await expect(page.getByLabel('Nom de la liste')).toHaveValue('Importée (copie)');
    await page.getByLabel('Nom de la liste').fill('Copie modifiée');
    await page.getByRole('button', { name: 'Enregistrer la liste' }).click();
    await expect(page.getByText('Liste mise à jour avec succès')).toBeVisible();
    const edited = page.getByTestId('list-card').filter({ hasText: 'Copie modifiée' });
    await edited.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog', { name: 'Supprimer la liste' }).getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Liste supprimée')).toBeVisible();
    await expect(edited).toHaveCount(0);
  });

  test('the comparator in three steps, with an imported list, back links and the retry button', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSessionOf(page, account);
    await page.goto('/price-comparison');
    await expect(page.getByRole('button', { name: 'Optimiser les prix' })).toBeDisabled();
    await page.getByLabel('Rechercher un produit du catalogue').fill('huile palme 2');
    await page.getByRole('option', { name: "Huile de palme raffinée Cuisin'Or, bouteille 2 L" }).click();
    await page.getByRole('button', { name: 'Optimiser les prix' }).click();
    await expect(page.getByRole('heading', { name: 'Étape 2 : Optimisation des prix' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Meilleurs prix' })).toContainText("Huile de palme raffinée Cuisin'Or, bouteille 2 L");
    await page.getByRole('button', { name: 'Retour à la sélection' }).click();

    // Import a list through the modal.
    const list = await request.post('/api/shopping-lists', {
      headers: { authorization: `Bearer ${account.access_token}` },
      data: { name: 'Pour le comparateur', items: [{ name: 'Produit introuvable nulle part', quantity: 1 }] },
    });
    expect(list.status()).toBe(201);
    await page.getByRole('button', { name: 'Importer une de mes listes' }).click();
    await page.getByRole('dialog', { name: 'Importer une liste de courses' }).getByRole('button', { name: /Pour le comparateur/ }).click();
    await expect(page.getByText('Liste « Pour le comparateur » importée')).toBeVisible();
    await page.getByRole('button', { name: 'Optimiser les prix' }).click();
    await expect(page.getByText('Aucun prix trouvé')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contribuer aux prix' })).toBeVisible();

    // Server failure → the spec message and a retry that works.
    await page.getByRole('button', { name: 'Retour à la sélection' }).click();
    let failures = 1;
    await page.route('**/api/shopping/optimize', async (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { detail: 'x' } }) : route.continue()));
    await page.getByRole('button', { name: 'Optimiser les prix' }).click();
    await expect(page.getByText('Erreur du serveur. Veuillez réessayer dans quelques instants.')).toBeVisible();
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByText('Aucun prix trouvé')).toBeVisible();
  });

  test('the comparator step 3 books with cash, and /delivery-booking shows the confirmation', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/price-comparison');
    await page.getByLabel('Rechercher un produit du catalogue').fill('riz parfume 5');
    await page.getByRole('option', { name: 'Riz parfumé, sac 5 kg' }).click();
    await page.getByRole('button', { name: 'Optimiser les prix' }).click();
    await page.getByRole('region', { name: 'Magasin le plus proche' }).getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByRole('heading', { name: 'Étape 3 : Réservation de la livraison' })).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter un mode de paiement' }).click();
    await page.getByLabel('Type').selectOption('cash');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const booking = page.getByRole('form', { name: 'Réserver la livraison' });
    await booking.getByLabel('Adresse de livraison').fill('Glass, près de la pharmacie');
    await booking.getByLabel('Créneau horaire').selectOption('morning');
    // The method just saved is chosen once the form has read it back, as a user sees it.
    await expect(booking.getByLabel('Mode de paiement')).toHaveValue(/.+/);
    await booking.getByRole('button', { name: 'Réserver la livraison' }).click();
    await expect(page.getByTestId('booking-confirmation')).toContainText('Réservation confirmée');
    await expect(page.getByTestId('order-status')).toHaveText('Confirmée');
    await expect(page.getByTestId('booking-confirmation')).toContainText('8h00-12h00');
  });

  test('a list compared from its own page continues to /delivery-booking, which survives a reload', async ({ page, request }) => {
    const account = await createAccount(request);
    await useSessionOf(page, account);
    const res = await request.post('/api/shopping-lists', {
      headers: { authorization: `Bearer ${account.access_token}` },
      data: { name: 'À comparer', items: [{ name: 'Sucre blanc granulé, paquet 1 kg', quantity: 2 }] },
    });
    const list = (await res.json()) as { id: string };
    await page.goto(`/shopping-lists/${list.id}/compare`);
    await expect(page.getByRole('heading', { name: 'Comparer les prix — À comparer' })).toBeVisible();
    // A manual item named exactly like a catalogue product is priced through it.
    await expect(page.getByRole('region', { name: 'Meilleurs prix' })).toContainText('chez');
    await page.getByRole('region', { name: 'Meilleurs prix' }).getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page).toHaveURL(/\/delivery-booking$/);
    await page.getByRole('button', { name: 'Ajouter un mode de paiement' }).click();
    await page.getByLabel('Type').selectOption('card');
    await page.getByLabel('Numéro de carte').fill('4242424242424241');
    await expect(page.getByLabel('Numéro de carte')).toHaveValue('4242 4242 4242 4241');
    await page.getByLabel('Nom sur la carte').fill('aïcha mba');
    await expect(page.getByLabel('Nom sur la carte')).toHaveValue('AÏCHA MBA');
    await page.getByLabel("Mois d'expiration").selectOption('12');
    await page.getByLabel("Année d'expiration").selectOption({ index: 2 });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Numéro de carte invalide')).toBeVisible();
    await page.getByLabel('Numéro de carte').fill('4242424242424242');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Visa •••• 4242')).toBeVisible();
    const booking = page.getByRole('form', { name: 'Réserver la livraison' });
    await booking.getByRole('button', { name: 'Akanda, Angondjé' }).click();
    await booking.getByLabel('Créneau horaire').selectOption('evening');
    await booking.getByRole('button', { name: 'Réserver la livraison' }).click();
    await expect(page).toHaveURL(/commande=/);
    await expect(page.getByText('Authentification de la carte')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Annulée');
  });

  test('/delivery-booking without a cart explains what to do', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await page.goto('/delivery-booking');
    await expect(page.getByText("Erreur: Aucun panier de courses trouvé. Veuillez d'abord optimiser votre liste de courses.")).toBeVisible();
  });
});

test('the public demo shows both plans computed by the optimiser: 4 700 and 4 850 FCFA', async ({ page }) => {
  await page.goto('/demo-optimization');
  await expect(page.getByTestId('demo-best-total')).toHaveText(/4\s700\sFCFA/);
  await expect(page.getByTestId('demo-nearest-total')).toHaveText(/4\s850\sFCFA/);
  await expect(page.getByTestId('demo-difference')).toHaveText(/150\sFCFA/);
  await page.getByRole('button', { name: "Masquer l'optimisation" }).click();
  await expect(page.getByRole('region', { name: 'Meilleurs prix' })).toHaveCount(0);
  await page.getByRole('button', { name: "Afficher l'optimisation" }).click();
  await page.getByRole('region', { name: 'Meilleurs prix' }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Démonstration : connectez-vous pour ajouter un panier et être livré.')).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, geolocation: LIBREVILLE, permissions: ['geolocation'] });

  test('the same journey on a phone', async ({ page, request }) => {
    await useSessionOf(page, await createAccount(request));
    await fullJourney(page, true);
  });
});
