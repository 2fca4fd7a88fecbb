// Forms a new user meets on a cheap phone (issue 15): files chosen again, images checked when picked,
// profile edits never lost silently, the avatar modal's cancel, which lists a delivery can take, and
// long names that never make a page wider than a 360 px screen.
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, createListThroughApi, demoLogin, requestDeliveryThroughApi, useSessionOf } from './fixtures';
import { deliverThroughApi, requestDueDeliveryThroughApi } from './handover-fixtures';

const photo = async () => ({
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer(),
});
/** A text file renamed .jpg: the browser calls it image/jpeg. */
const textAsJpeg = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Ceci est une liste de courses, pas une photo.\n') };
/** A JPEG whose first bytes are right but whose picture is not there. */
const brokenJpeg = { name: 'abimee.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]) };

const NOT_AN_IMAGE = "Ce fichier n'est pas une image. Choisissez une photo JPG, PNG, WebP ou GIF.";
const UNREADABLE = "L'image est illisible ou corrompue";

test('a file chosen again after removing it is taken again, and a file that is no image is refused at once, at its field', async ({ page, request, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 0.4015, longitude: 9.4455 });
  const picture = await photo();

  // Register: the avatar upload.
  await page.goto('/register');
  const avatarFile = page.getByLabel('Importer une photo');
  const avatar = page.getByRole('img', { name: 'Photo de profil' });
  await avatarFile.setInputFiles(picture);
  await expect(avatar).toHaveAttribute('src', /^data:image\/png/);
  // The input forgets the choice once taken: the browser sees the same file chosen again as a change.
  await expect(avatarFile).toHaveValue('');
  await page.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(avatar).not.toHaveAttribute('src', /^data:/);
  await avatarFile.setInputFiles(picture);
  await expect(avatar).toHaveAttribute('src', /^data:image\/png/);
  await avatarFile.setInputFiles(textAsJpeg);
  await expect(page.getByRole('alert').filter({ hasText: NOT_AN_IMAGE })).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^data:image\/png/);

  const account = await createAccount(request);
  await useSessionOf(page, account);

  // Contribute: the photo of the price label.
  await page.goto('/contribute');
  const labelFile = page.getByLabel('Prendre une photo');
  const preview = page.getByRole('img', { name: 'Aperçu de la photo' });
  await labelFile.setInputFiles(textAsJpeg);
  await expect(page.getByRole('alert').filter({ hasText: NOT_AN_IMAGE })).toBeVisible();
  await expect(preview).toBeHidden();
  await labelFile.setInputFiles(picture);
  await expect(preview).toBeVisible();
  await expect(labelFile).toHaveValue('');
  await page.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(preview).toBeHidden();
  await labelFile.setInputFiles(picture);
  await expect(preview).toBeVisible();

  // Catalogue: a product's main image.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Ajouter un produit' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un produit' });
  const mainFile = dialog.getByLabel('Image principale');
  const thumbnail = dialog.getByRole('img', { name: 'Image principale' });
  await mainFile.setInputFiles(textAsJpeg);
  await expect(dialog.getByRole('alert').filter({ hasText: NOT_AN_IMAGE })).toBeVisible();
  await expect(thumbnail).toBeHidden();
  await mainFile.setInputFiles(brokenJpeg);
  await expect(dialog.getByRole('alert').filter({ hasText: UNREADABLE })).toBeVisible();
  await expect(thumbnail).toBeHidden();
  await mainFile.setInputFiles(picture);
  await expect(thumbnail).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeHidden();
  await dialog.getByRole('button', { name: "Retirer l'image (Image principale)" }).click();
  await expect(thumbnail).toBeHidden();
  await mainFile.setInputFiles(picture);
  await expect(thumbnail).toBeVisible();
});

test('profile: a tab switch with unsaved edits asks first, and the avatar modal forgets a cancelled choice', async ({ page, request }) => {
  const account = await createAccount(request, { full_name: 'Nadège Obame', avatar_url: '/avatars/avatar-03.svg' });
  await useSessionOf(page, account);
  await page.goto('/profile');
  const unsaved = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
  const profileTab = page.getByRole('tab', { name: 'Profil' });

  await page.getByRole('button', { name: 'Modifier le profil' }).click();
  await page.getByLabel('Nom complet').fill('Nadège Obame Nguema');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: "Continuer l'édition" }).click();
  await expect(profileTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Nom complet')).toHaveValue('Nadège Obame Nguema');

  await page.getByRole('tab', { name: 'Préférences' }).click();
  await unsaved.getByRole('button', { name: 'Abandonner' }).click();
  await expect(page.getByRole('tab', { name: 'Préférences' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/onglet=preferences/);

  // Preferences are guarded the same way.
  await page.getByLabel('Partage de position').check();
  await page.getByRole('tab', { name: 'Statistiques' }).click();
  await unsaved.getByRole('button', { name: "Continuer l'édition" }).click();
  await expect(page.getByLabel('Partage de position')).toBeChecked();
  await page.getByRole('button', { name: 'Enregistrer les préférences' }).click();
  await expect(page.getByText('Préférences sauvegardées')).toBeVisible();
  await page.getByRole('tab', { name: 'Statistiques' }).click();
  await expect(page.getByText('Listes créées')).toBeVisible();

  await profileTab.click();
  await expect(page.getByLabel('Nom complet')).toHaveValue('Nadège Obame');

  // The avatar modal: a preset and an upload chosen, then cancelled, are gone when it opens again.
  const openAvatar = async () => {
    await page.getByRole('button', { name: 'Changer la photo' }).click();
    return page.getByRole('dialog', { name: 'Choisir une photo de profil' });
  };
  let modal = await openAvatar();
  await expect(modal.getByRole('button', { name: 'Avatar 3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: 'Avatar 7', exact: true }).click();
  await expect(modal.getByRole('button', { name: 'Avatar 7', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: 'Annuler' }).click();
  modal = await openAvatar();
  await expect(modal.getByRole('button', { name: 'Avatar 3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(modal.getByRole('button', { name: 'Avatar 7', exact: true })).toHaveAttribute('aria-pressed', 'false');

  const picture = await photo();
  const preview = modal.getByRole('img', { name: 'Nadège Obame' });
  await modal.getByLabel('Importer une photo').setInputFiles(picture);
  await expect(preview).toHaveAttribute('src', /^data:image\/png/);
  await modal.getByRole('button', { name: 'Retirer la photo' }).click();
  await modal.getByLabel('Importer une photo').setInputFiles(picture);
  await expect(preview).toHaveAttribute('src', /^data:image\/png/);
  await modal.getByRole('button', { name: 'Fermer' }).click();
  modal = await openAvatar();
  await expect(modal.getByRole('img', { name: 'Nadège Obame' })).toHaveAttribute('src', '/avatars/avatar-03.svg');
  await modal.getByRole('button', { name: 'Annuler' }).click();

  // Reloading or closing with unsaved edits gets the browser's own question.
  await page.getByRole('button', { name: 'Modifier le profil' }).click();
  await page.getByLabel('Téléphone').fill('+241 07 00 00 00');
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe('beforeunload');
  await asked.accept();
});

test('the delivery window says which lists can be delivered, and asks to create one only when there is none', async ({ page, request }) => {
  const consumer = await createAccount(request);
  await useSessionOf(page, consumer);
  await page.goto('/deliveries');
  await page.getByRole('button', { name: 'Nouvelle demande de livraison' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle demande de livraison' });
  await expect(form.getByTestId('list-availability')).toHaveText(/^Aucune liste disponible : créez d'abord une liste de courses\./);
  // The link inside the dialog leads there (and Back returns to the deliveries).
  await form.getByRole('link', { name: 'Créer une liste' }).click();
  await expect(page).toHaveURL(/\/create-list$/);
  await expect(form).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/deliveries$/);

  // One list delivered (a list is delivered once), one waiting for its delivery, one still free.
  const delivered = await createListThroughApi(request, consumer.access_token, 'Courses de la rentrée', ['riz']);
  const order = await requestDueDeliveryThroughApi(request, consumer.access_token, delivered.id);
  const agentToken = (await demoLogin(request, 'agent')).access_token;
  expect((await request.post(`/api/delivery-agent/accept-order/${order.id}`, { headers: { authorization: `Bearer ${agentToken}` } })).status()).toBe(200);
  await deliverThroughApi(request, agentToken, consumer.access_token, order.id);
  const waiting = await createListThroughApi(request, consumer.access_token, 'Courses du week-end', ['sucre']);
  await requestDeliveryThroughApi(request, consumer.access_token, waiting.id);

  await page.reload();
  await page.getByRole('button', { name: 'Nouvelle demande de livraison' }).click();
  const why = form.getByTestId('list-availability');
  await expect(why).toContainText('Aucune de vos listes ne peut être livrée pour le moment. Ces listes ne peuvent pas être livrées :');
  await expect(why).toContainText("« Courses de la rentrée » : déjà livrée : une liste n'est livrée qu'une fois, dupliquez-la dans Mes listes pour la commander à nouveau");
  await expect(why).toContainText('« Courses du week-end » : une livraison est déjà en cours pour cette liste');
  await expect(form.getByText("créez d'abord une liste")).toHaveCount(0);
  await expect(form.getByLabel('Liste de courses').locator('option')).toHaveCount(1);
  await form.getByRole('button', { name: 'Annuler' }).click();

  await createListThroughApi(request, consumer.access_token, 'Courses du mois', ['lait']);
  await page.reload();
  await page.getByRole('button', { name: 'Nouvelle demande de livraison' }).click();
  await expect(form.getByLabel('Liste de courses').locator('option')).toHaveText(['Sélectionnez une liste', 'Courses du mois (1 article)']);
  await expect(why).toContainText('Ces listes ne peuvent pas être livrées :');
  await expect(why).not.toContainText('Aucune de vos listes');
});

test.describe('at 360 px, with long names', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, geolocation: { latitude: 0.4015, longitude: 9.4455 }, permissions: ['geolocation'] });

  // One word as long as the fields take: the worst case for wrapping.
  const longWord = (n: number) => 'Supermarchéducarrefourdelavenueducolonelparant'.repeat(5).slice(0, n);

  /** With isMobile the layout viewport grows to the content: compare with the screen, not innerWidth. */
  const expectFits = async (page: Page, where: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(360);
  };

  test('no page is wider than the screen', async ({ page, request }) => {
    const name = longWord(100);
    const consumer = await createAccount(request, { full_name: name });
    // The product and its price come from an established contributor (the demo consumer): a newcomer's
    // price would wait for confirmation, and the store would have no price to pick on /contribute.
    const established = await demoLogin(request, 'consumer');
    const created = await request.post('/api/products', {
      headers: { authorization: `Bearer ${established.access_token}` },
      data: { name: `Produit ${longWord(112)}`, brand: longWord(100), shop_name: `Magasin ${longWord(112)}`, shop_address: `Rue ${longWord(200)}`, shop_latitude: 0.402, shop_longitude: 9.446, price: 1500 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = ((await created.json()) as { product: { name: string } }).product;
    const list = await createListThroughApi(request, consumer.access_token, `Liste ${longWord(94)}`);
    await requestDeliveryThroughApi(request, consumer.access_token, list.id, `${longWord(120)} ${longWord(120)}`);
    await createListThroughApi(request, consumer.access_token, longWord(100));
    await useSessionOf(page, consumer);

    await page.goto('/deliveries');
    await expect(page.getByTestId('delivery-card')).toContainText('Confirmée');
    await expectFits(page, '/deliveries');
    await page.getByRole('button', { name: 'Nouvelle demande de livraison' }).click();
    await expect(page.getByTestId('list-availability')).toContainText('une livraison est déjà en cours');
    await expectFits(page, 'la demande de livraison');
    await page.screenshot({ path: 'test-results/screens/forms-delivery-360.png' });

    await page.goto('/dashboard');
    await expect(page.getByText(`Liste ${longWord(94)}`)).toBeVisible();
    await expectFits(page, '/dashboard');

    for (const [tab, shown] of [
      ['', 'Modifier le profil'],
      ['notifications', 'Heures calmes'],
      ['preferences', 'Enregistrer les préférences'],
      ['statistiques', 'Listes créées'],
    ]) {
      await page.goto(`/profile${tab ? `?onglet=${tab}` : ''}`);
      await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
      await expectFits(page, `/profile ${tab || 'profil'}`);
    }

    await page.goto('/contribute');
    await page.getByLabel('Rechercher un produit').fill(product.name.slice(0, 40));
    await page.getByRole('list', { name: '1. Choisissez le produit' }).getByRole('button', { name: new RegExp(`^${product.name}`) }).click();
    await expectFits(page, '/contribute, produit choisi');
    await page.getByRole('list', { name: 'Magasins où ce produit a un prix' }).getByRole('button').first().click();
    await expect(page.getByText(`Magasin : Magasin ${longWord(112)}`)).toBeVisible();
    await expectFits(page, '/contribute, magasin choisi');
    await page.screenshot({ path: 'test-results/screens/forms-contribute-360.png', fullPage: true });

    await page.evaluate(() => localStorage.clear());
    await page.goto('/register');
    await page.getByLabel('Nom complet').fill(name);
    await expectFits(page, '/register');
  });
});
