// Hardened accounts in the browser: "Mot de passe oublié ?" through a real e-mail read from a local
// SMTP server (the app under test sends to SMTP_URL, see playwright.config.ts; this file is the only
// one that starts the server), the common-password refusal on /register, and the e-mail change that
// needs the password and tells the old address.
import { expect, test } from '@playwright/test';
import { BASE_URL, SMTP_PORT } from '../playwright.config';
import { type SmtpReceiver, startSmtpReceiver } from '../server/test/smtp-receiver';
import { createAccount, loginThroughForm, useSessionOf } from './fixtures';

let smtp: SmtpReceiver;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  smtp = await startSmtpReceiver(SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

test('Mot de passe oublié ? → the e-mailed link → a new password; the old session is gone', async ({ page, browser, request }) => {
  const account = await createAccount(request, { full_name: 'Prisca Ondo' });
  const email = account.user.email;

  // Another device, still signed in with the old password.
  const phone = await browser.newContext({ baseURL: BASE_URL, locale: 'fr-FR', timezoneId: 'Africa/Libreville' });
  const phonePage = await phone.newPage();
  await useSessionOf(phonePage, account);
  await phonePage.goto('/dashboard');
  await expect(phonePage.getByRole('heading', { name: /Bonjour, Prisca Ondo/ })).toBeVisible();

  // The link is on the sign-in page; the e-mail typed there comes along.
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await expect(page.getByLabel('Adresse email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte existe avec cette adresse');

  // The real e-mail, received over SMTP.
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
  expect(mail.subject).toBe('Réinitialisation de votre mot de passe MonPanier');
  expect(mail.text).toContain('Bonjour Prisca Ondo,');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0] ?? 'http://absent/');
  expect(link.pathname).toBe('/reset-password');

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  // A common password is refused by the server, on the field.
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('azerty123');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('azerty123');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ce mot de passe fait partie des plus courants' }).first()).toBeVisible();

  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Baobab-Ndjole-2026');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('Baobab-Ndjole-2026');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Mot de passe réinitialisé. Connectez-vous avec votre nouveau mot de passe.')).toBeVisible();

  // The old password no longer works, the new one does.
  await loginThroughForm(page, email, account.password);
  await expect(page.getByText('Identifiants incorrects')).toBeVisible();
  await loginThroughForm(page, email, 'Baobab-Ndjole-2026');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The other device's session was ended by the reset.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();

  // The link was for one use only.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Encore-Un-Autre-2026');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('Encore-Un-Autre-2026');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ce lien de réinitialisation a déjà été utilisé' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();
});

test('the agent sign-in page has the link too, and brings the agent back there', async ({ page }) => {
  await page.goto('/delivery-agent/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/delivery-agent\/login$/);
});

test('registration refuses a common password with the server’s French message', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nom complet').fill('Ferdinand Nzamba');
  await page.getByLabel('Adresse email').fill(`ferdinand-${Date.now()}@exemple.ga`);
  await page.getByLabel('Téléphone').fill('+241 07 12 34 56');
  await page.getByLabel('Mot de passe', { exact: true }).fill('password1');
  await page.getByLabel('Confirmer le mot de passe').fill('password1');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ce mot de passe fait partie des plus courants' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // The checks that need no list answer at once, on the field.
  await page.getByLabel('Mot de passe', { exact: true }).fill('Ferdinand Nzamba');
  await page.getByLabel('Confirmer le mot de passe').fill('Ferdinand Nzamba');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le mot de passe ne doit pas reprendre votre adresse email ni votre nom')).toBeVisible();

  await page.getByLabel('Mot de passe', { exact: true }).fill('Okoume-Lambarene-7');
  await page.getByLabel('Confirmer le mot de passe').fill('Okoume-Lambarene-7');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-phone\?next=%2Fdashboard$/);
});

test('changing the e-mail asks for the password and tells the old address', async ({ page, request }) => {
  const account = await createAccount(request, { full_name: 'Hervé Mintsa' });
  const oldEmail = account.user.email;
  const newEmail = `herve-${Date.now()}@exemple.ga`;
  await useSessionOf(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Modifier le profil' }).click();
  const confirmation = page.getByLabel('Mot de passe actuel (pour changer d’email)');
  await expect(confirmation).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await expect(confirmation).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText("Saisissez votre mot de passe actuel pour changer d'adresse email")).toBeVisible();

  await confirmation.fill('pas-le-bon');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Le mot de passe actuel est incorrect' }).first()).toBeVisible();

  await confirmation.fill(account.password);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);

  const notice = await smtp.waitFor((m) => m.envelopeTo.includes(oldEmail), 30_000);
  expect(notice.subject).toBe('Votre adresse email MonPanier a été modifiée');
  expect(notice.text).toContain(`nouvelle adresse : ${newEmail}`);
});
