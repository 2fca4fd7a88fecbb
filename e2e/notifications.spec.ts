import { type APIRequestContext, expect, test } from '@playwright/test';
import { createAccount, useSessionOf } from './fixtures';

// Web push needs the app's service worker (blocked by default in the journeys: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Test notifications through the API: each call stores one in-app notification for the user. */
async function sendTests(request: APIRequestContext, token: string, n: number) {
  for (let i = 0; i < n; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, async () => {
        const res = await request.post('/api/notifications/test', { headers: { authorization: `Bearer ${token}` } });
        expect(res.status()).toBe(200);
      }),
    );
  }
}

test('the panel: first page on open, Voir plus, mark one and all read, close button and outside click', async ({ page, request }) => {
  const user = await createAccount(request);
  await sendTests(request, user.access_token, 12);
  await useSessionOf(page, user);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(page.getByTestId('notification-badge')).toHaveText('12');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('12 nouvelle(s) notification(s)');
  const items = panel.getByTestId('notification-item');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Notification de test');
  await expect(items.first()).toContainText("À l'instant");
  await panel.getByRole('button', { name: 'Voir plus' }).click();
  await expect(items).toHaveCount(12);
  await expect(panel.getByRole('button', { name: 'Voir plus' })).toBeHidden();

  await items.first().getByRole('button', { name: 'Marquer comme lu' }).click();
  await expect(items.first().getByRole('button', { name: 'Marquer comme lu' })).toBeHidden();
  await expect(page.getByTestId('notification-badge')).toHaveText('11');
  await expect(panel).toContainText('11 nouvelle(s) notification(s)');

  await panel.getByRole('button', { name: 'Fermer' }).click();
  await expect(panel).toBeHidden();
  // Opening again starts from the first page.
  await bell.click();
  await expect(items).toHaveCount(10);
  await panel.getByRole('button', { name: 'Tout marquer lu' }).click();
  await expect(page.getByTestId('notification-badge')).toBeHidden();
  await expect(panel).toContainText('0 nouvelle(s) notification(s)');
  await expect(panel.getByRole('button', { name: 'Marquer comme lu' })).toHaveCount(0);

  await page.getByRole('heading', { name: /Bonjour/ }).click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Bonjour/ })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toBeHidden();
});

test('a new account has an empty panel; above 99 the badge reads 99+', async ({ page, request }) => {
  const user = await createAccount(request);
  await useSessionOf(page, user);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Aucune notification');
  await page.keyboard.press('Escape');

  await sendTests(request, user.access_token, 100);
  await page.reload();
  await expect(page.getByTestId('notification-badge')).toHaveText('99+');
});

test('Profile › Notifications: settings toggles, quiet hours, test notification, denied push', async ({ page, request }) => {
  const user = await createAccount(request);
  await useSessionOf(page, user);
  await page.goto('/profile?onglet=notifications');

  const promo = page.getByRole('switch', { name: 'Offres promotionnelles' });
  await expect(promo).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Statut des commandes' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Notifications par SMS' })).toHaveAttribute('aria-checked', 'false');
  await promo.click();
  await expect(page.getByText('Paramètres mis à jour avec succès!')).toBeVisible();
  await expect(promo).toHaveAttribute('aria-checked', 'true');

  await page.getByLabel('Début').selectOption('22:00');
  await page.getByLabel('Fin').selectOption('06:30');
  await page.getByRole('button', { name: 'Enregistrer les heures calmes' }).click();
  await expect(page.getByText('Paramètres mis à jour avec succès!').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Offres promotionnelles' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Début')).toHaveValue('22:00');
  await expect(page.getByLabel('Fin')).toHaveValue('06:30');
  const saved = await (await request.get('/api/notifications/settings', { headers: { authorization: `Bearer ${user.access_token}` } })).json();
  expect(saved).toMatchObject({ promotional_notifications: true, quiet_hours_start: '22:00', quiet_hours_end: '06:30' });

  await page.getByRole('button', { name: 'Envoyer une notification de test' }).click();
  await expect(page.getByText('Notification de test envoyée!')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('1');

  // Headless Chromium without the notifications permission answers "denied".
  await page.getByRole('button', { name: 'Activer les notifications push' }).click();
  await expect(page.getByText('Permission de notification refusée').first()).toBeVisible();
  await expect(page.getByText(/Les notifications sont bloquées pour ce site/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/profile-notifications.png', fullPage: true });
});

test('a browser without push support is told so', async ({ page, request }) => {
  const user = await createAccount(request);
  await page.addInitScript(() => {
    // @ts-expect-error simulate an old browser
    delete window.PushManager;
  });
  await useSessionOf(page, user);
  await page.goto('/profile?onglet=notifications');
  await expect(page.getByText('Votre navigateur ne supporte pas les notifications push.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activer les notifications push' })).toBeHidden();
});

test('with permission granted, the service worker is installed and the subscription attempt is reported', async ({ page, request, context }) => {
  await context.grantPermissions(['notifications']);
  const user = await createAccount(request);
  await useSessionOf(page, user);
  await page.goto('/profile?onglet=notifications');
  await page.getByRole('button', { name: 'Activer les notifications push' }).click();
  // This sandbox has no route to a browser push service, so Chromium's subscribe() fails: the user
  // is told, and the service worker is in place for when it succeeds.
  await expect(page.getByText(/Notifications activées avec succès!|Erreur lors de l'activation des notifications/)).toBeVisible({ timeout: 20_000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/sw.js'))?.scope);
  expect(scope).toMatch(/\/$/);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the panel fits the phone screen', async ({ page, request }) => {
    const user = await createAccount(request);
    await sendTests(request, user.access_token, 3);
    await useSessionOf(page, user);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByTestId('notification-item')).toHaveCount(3);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'test-results/screens/notification-panel-360.png' });
    await page.goto('/profile?onglet=notifications');
    await expect(page.getByRole('switch', { name: 'Alertes de prix' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/profile-notifications-360.png', fullPage: true });
  });
});
