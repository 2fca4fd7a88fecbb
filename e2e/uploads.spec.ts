// Uploaded files as a browser gets them through /uploads/* (server/platform/uploads-route.ts): an
// avatar sent to the API shows in the nav bar — decoded, not only addressed — with the year-long
// immutable cache its content-addressed name allows.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, useSessionOf } from './fixtures';

test('un avatar envoyé s’affiche dans la barre, servi par /uploads avec un cache d’un an', async ({ page, request }) => {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#009e60' } }).png().toBuffer();
  const account = await createAccount(request, { full_name: 'Ada Fichier', avatar_url: `data:image/png;base64,${photo.toString('base64')}` });
  const avatarUrl = account.user.avatar_url!;
  expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);

  const served = page.waitForResponse((response) => new URL(response.url()).pathname === avatarUrl);
  await useSessionOf(page, account);
  await page.goto('/dashboard');
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');

  const avatar = page.getByRole('banner').getByRole('img', { name: 'Ada Fichier' });
  await expect(avatar).toHaveAttribute('src', avatarUrl);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);
});
