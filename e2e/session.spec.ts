import { expect, test } from '@playwright/test';
import { createAccount, useSessionOf } from './fixtures';

const HOUR = 60 * 60 * 1000;

test('a session expired beyond the grace hour is logged out at start-up', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSessionOf(page, account, { session_expires: new Date(Date.now() - 2 * HOUR).toISOString() });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a session expired within the grace hour is refreshed on the server at start-up', async ({ page, request }) => {
  const account = await createAccount(request);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
  await useSessionOf(page, account, { session_expires: new Date(Date.now() - 10 * 60 * 1000).toISOString() });
  await page.goto('/dashboard');
  await refreshed;
  await expect(page.getByRole('heading', { name: new RegExp(account.user.full_name) })).toBeVisible();
  const expires = await page.evaluate(() => localStorage.getItem('session_expires'));
  expect(new Date(expires!).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
});

test('a session revoked on the server sends the user back to /login', async ({ page, request }) => {
  const account = await createAccount(request);
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${account.access_token}` } });
  await useSessionOf(page, account);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Session expirée. Veuillez vous reconnecter.')).toBeVisible();
});

test('an API call within the last hour of the session refreshes it first', async ({ page, request }) => {
  const account = await createAccount(request);
  await useSessionOf(page, account, {
    session_expires: new Date(Date.now() + 20 * 60 * 1000).toISOString(),
    last_session_refresh: new Date(Date.now() - 10 * 60 * 1000).toISOString(),
  });
  const refresh = page.waitForRequest((r) => r.url().endsWith('/api/auth/refresh'));
  await page.goto('/dashboard');
  await refresh;
  await expect(page.getByTestId('counter-shopping-lists')).toHaveText('0');
});
