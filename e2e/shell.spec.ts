import { expect, test } from '@playwright/test';
import { createAccount, useSessionOf } from './fixtures';

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the mobile menu shows the links, the name and e-mail, and logs out', async ({ page, request }) => {
    const account = await createAccount(request, { full_name: 'Loïc Nzé' });
    await useSessionOf(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByText('Loïc Nzé')).toBeVisible();
    await expect(menu.getByText(account.user.email)).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Tableau de bord', 'Produits', 'Mes listes', 'Comparateur de Prix', 'Livraisons', 'Mon profil', 'Mes annonces', 'Espace commerçant']);
    await menu.getByRole('link', { name: 'Mes listes' }).click();
    await expect(page).toHaveURL(/\/shopping-lists$/);
    await expect(menu).toBeHidden();

    // Nothing overflows the narrow screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await menu.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page.getByText('Déconnexion réussie')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the promo banner rotates, jumps with its dots, hides and comes back on the first slide', async ({ page, request }) => {
  const account = await createAccount(request);
  // The banner is served by GET /api/ads/banner: the ads running for this user (other journeys may
  // have one running on this shared server), then MonPanier's own (true) messages.
  const res = await request.get('/api/ads/banner', { headers: { authorization: `Bearer ${account.access_token}` } });
  const slides = (await res.json()) as { kind: string; title: string }[];
  expect(slides).toHaveLength(5);
  expect(slides.filter((s) => s.kind === 'house')[0].title).toMatch(/^Livraison gratuite dès 25\s000\sFCFA$/);
  const title = (n: number) => slides[n - 1].title;

  await useSessionOf(page, account);
  await page.clock.install();
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Offres du moment' });
  await expect(banner).toContainText(title(1));
  await page.clock.runFor(4300);
  await expect(banner).toContainText(title(2));
  await banner.getByRole('button', { name: "Aller à l'offre 4" }).click();
  await expect(banner).toContainText(title(4));
  await page.getByRole('button', { name: 'Masquer les offres' }).click();
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Voir les offres du moment' }).click();
  await expect(page.getByRole('region', { name: 'Offres du moment' })).toContainText(title(1));
});
