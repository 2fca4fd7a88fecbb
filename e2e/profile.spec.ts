import { expect, test } from '@playwright/test';
import { createAccount, useSessionOf } from './fixtures';

test('profile: edit and save, the unsaved-changes guard, preferences, password, statistics', async ({ page, request }) => {
  const account = await createAccount(request, { full_name: 'Brice Mouele' });
  await useSessionOf(page, account);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Modifier le profil' }).click();
  await page.getByLabel('Nom complet').fill('Brice Mouélé');
  // Cancelling with changes asks first; keeping the edit leaves the value.
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('dialog', { name: 'Modifications non enregistrées' })).toBeVisible();
  await page.getByRole('button', { name: "Continuer l'édition" }).click();
  await expect(page.getByLabel('Nom complet')).toHaveValue('Brice Mouélé');
  // Leaving the page through the nav bar is guarded too.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Produits' }).click();
  await expect(page.getByRole('dialog', { name: 'Modifications non enregistrées' })).toBeVisible();
  await page.getByRole('button', { name: "Continuer l'édition" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByLabel('Téléphone').fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le téléphone est obligatoire')).toBeVisible();
  await page.getByLabel('Téléphone').fill('+241 066 77 88 99');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible();
  await expect(page.getByText('Bonjour, Brice Mouélé').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nom complet')).toHaveValue('Brice Mouélé');

  await page.getByLabel('Mot de passe actuel').fill('pas-le-bon');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouveau-secret');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('nouveau-secret');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Le mot de passe actuel est incorrect' })).toBeVisible();
  await page.getByLabel('Mot de passe actuel').fill(account.password);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe modifié avec succès')).toBeVisible();
  const relogin = await request.post('/api/auth/login', { data: { email: account.user.email, password: 'nouveau-secret' } });
  expect(relogin.status()).toBe(200);

  await page.getByRole('tab', { name: 'Préférences' }).click();
  await page.getByLabel('Partage de position').check();
  await page.getByRole('button', { name: 'Enregistrer les préférences' }).click();
  await expect(page.getByText('Préférences sauvegardées')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Partage de position')).toBeChecked();

  await page.getByRole('tab', { name: 'Statistiques' }).click();
  await expect(page.getByText('Listes créées')).toBeVisible();
  await expect(page.getByText('Aucune activité récente')).toBeVisible();
});

test('profile picture: choose a preset in the avatar modal', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSessionOf(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Changer la photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choisir une photo de profil' });
  await dialog.getByRole('button', { name: 'Avatar 15' }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Photo de profil mise à jour')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: account.user.full_name })).toHaveAttribute('src', '/avatars/avatar-15.svg');
});
