import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { createAccount, loginThroughForm, useSessionOf } from './fixtures';

test('register → dashboard with real zero counters', async ({ page }) => {
  const email = `inscription-${Date.now()}@exemple.ga`;
  await page.goto('/register');
  await page.getByRole('button', { name: 'Avatar 9' }).click();
  await page.getByLabel('Nom complet').fill('Nadège Moussavou');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Pays / région').selectOption('Cameroun');
  await page.getByLabel('Téléphone').fill('+241 07 45 67 89');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Secret-Gabon-241');
  await page.getByLabel('Confirmer le mot de passe').fill('Secret-Gabon-242');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();

  await page.getByLabel('Confirmer le mot de passe').fill('Secret-Gabon-241');
  await page.getByLabel('Contribuer aux prix quand je suis en magasin').check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  // The phone is verified next, with the code demo mode shows on screen.
  await expect(page).toHaveURL(/\/verify-phone\?next=%2Fdashboard$/);
  await expect(page.getByText('Inscription réussie')).toBeVisible();
  await page.getByLabel('Code reçu par SMS').fill((await page.getByTestId('demo-code').locator('strong').textContent())!);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Bonjour, Nadège Moussavou/ })).toBeVisible();
  for (const counter of ['shopping-lists', 'deliveries', 'contribute']) {
    await expect(page.getByTestId(`counter-${counter}`)).toHaveText('0');
  }
  await expect(page.getByText("Vous n'avez pas encore de liste")).toBeVisible();
});

test('registration refuses an e-mail already in use with the server message', async ({ page, request }) => {
  const existing = await createAccount(request);
  await page.goto('/register');
  await page.getByLabel('Nom complet').fill('Doublon');
  await page.getByLabel('Adresse email').fill(existing.user.email);
  await page.getByLabel('Téléphone').fill('+241 07 00 00 00');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Secret-Gabon-241');
  await page.getByLabel('Confirmer le mot de passe').fill('Secret-Gabon-241');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Un compte existe déjà avec cette adresse email' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('demo consumer: login → nav → logout', async ({ page }) => {
  await loginThroughForm(page, DEMO_ACCOUNTS.consumer.email, DEMO_ACCOUNTS.consumer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Connexion réussie')).toBeVisible();
  await expect(page.getByText(`Bonjour, ${DEMO_ACCOUNTS.consumer.full_name}`).first()).toBeVisible();
  // The demo consumer has a seeded list: the counter is real, not a fixed zero.
  await expect(page.getByTestId('counter-shopping-lists')).toHaveText('1');
  await expect(page.getByText('Courses de la semaine')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Produits' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(nav.getByRole('link', { name: 'Produits' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Livraisons' }).click();
  await expect(page).toHaveURL(/\/deliveries$/);
  await expect(nav.getByRole('link', { name: 'Livraisons' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Produits' })).not.toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong password shows Identifiants incorrects', async ({ page }) => {
  await loginThroughForm(page, DEMO_ACCOUNTS.consumer.email, 'pas-le-bon');
  await expect(page.getByText('Identifiants incorrects')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('demo agent: agent login → only the agent screens are reachable', async ({ page }) => {
  await loginThroughForm(page, DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.agent.password, '/delivery-agent/login');
  await expect(page).toHaveURL(/\/delivery-agent\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link')).toHaveText(['Tableau de bord', 'Mes commandes']);
  for (const path of ['/dashboard', '/products', '/profile', '/shopping-lists', '/deliveries', '/demo-optimization', '/login', '/nimporte-quoi']) {
    await page.goto(path);
    await expect(page, `${path} doit renvoyer au tableau de bord livreur`).toHaveURL(/\/delivery-agent\/dashboard$/);
  }
  await nav.getByRole('link', { name: 'Mes commandes' }).click();
  await expect(page).toHaveURL(/\/delivery-agent\/orders$/);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/delivery-agent\/login$/);
});

test('a consumer account cannot sign in on the agent login', async ({ page, request }) => {
  const consumer = await createAccount(request, { email: `agent-mais-client-${Date.now()}@exemple.ga` });
  await loginThroughForm(page, consumer.user.email, consumer.password, '/delivery-agent/login');
  await expect(page.getByText("Ce compte n'est pas un compte livreur. Utilisez la connexion client.")).toBeVisible();
  await expect(page).toHaveURL(/\/delivery-agent\/login$/);
});

test('signed out → /login; signed in on /login or /register → /dashboard', async ({ page, request }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  const account = await createAccount(request);
  await useSessionOf(page, account);
  // Signed in meanwhile (another tab): the login page that /profile led to leads back there.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('register with an uploaded profile photo: it is checked, resized and shown in the nav bar', async ({ page }) => {
  const sharp = (await import('sharp')).default;
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a75c4' } }).jpeg().toBuffer();
  await page.goto('/register');
  await page.getByLabel('Importer une photo').setInputFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Nom complet').fill('Photo Graphe');
  await page.getByLabel('Adresse email').fill(`photo-${Date.now()}@exemple.ga`);
  await page.getByLabel('Téléphone').fill('+241 07 45 67 00');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Secret-Gabon-241');
  await page.getByLabel('Confirmer le mot de passe').fill('Secret-Gabon-241');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-phone\?next=%2Fdashboard$/);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Photo Graphe' })).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
});
