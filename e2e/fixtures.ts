// Shared helpers for the journeys: accounts are created through the API, and a session can be put
// straight into the browser's storage when the sign-in itself is not what a test is about.
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#contract/demo';
import type { LoginResponse, RegisterPayload, RegisterResponse, User } from '#contract/users';

let counter = 0;

export type TestAccount = LoginResponse & { password: string };

/** A number of its own for each account: a number is one person, and takes only a few codes an hour. */
function uniquePhone(): string {
  const n = String((process.pid * 7919 + counter * 104_729 + Math.floor(Math.random() * 1000)) % 1_000_000).padStart(6, '0');
  return `+241 66 ${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4)}`;
}

export async function createAccount(request: APIRequestContext, overrides: Partial<RegisterPayload> = {}): Promise<TestAccount> {
  counter += 1;
  const payload: RegisterPayload = {
    email: `e2e-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 7)}@exemple.ga`,
    password: 'motdepasse1',
    full_name: `Client Test ${counter}`,
    phone: uniquePhone(),
    country_region: 'Gabon',
    user_type: 'consumer',
    avatar_url: '/avatars/avatar-03.svg',
    preferences: { track_prices: true, contribute_in_store: false },
    ...overrides,
  };
  // Each account from its own address: one address may register only so many accounts an hour.
  const ip = `10.${process.pid & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const res = await request.post('/api/auth/register', { data: payload, headers: { 'x-forwarded-for': ip } });
  expect(res.status(), await res.text()).toBe(201);
  const registered = (await res.json()) as RegisterResponse;
  // The phone is verified with the code demo mode shows on screen, as a user would type it.
  const code = registered.phone_verification.demo_code;
  expect(code, JSON.stringify(registered.phone_verification)).toMatch(/^\d{6}$/);
  const verified = await request.post('/api/auth/phone/verify', { data: { code }, headers: { authorization: `Bearer ${registered.access_token}` } });
  expect(verified.status(), await verified.text()).toBe(200);
  const user = { ...registered.user, ...((await verified.json()) as User) };
  return { access_token: registered.access_token, token_type: registered.token_type, expires_at: registered.expires_at, user, password: payload.password };
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<LoginResponse> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LoginResponse;
}

export const demoLogin = (request: APIRequestContext, who: keyof typeof DEMO_ACCOUNTS) =>
  apiLogin(request, DEMO_ACCOUNTS[who].email, DEMO_ACCOUNTS[who].password);

/** A delivery agent whose application the demo moderator approved through the moderation API. */
export async function createApprovedAgent(request: APIRequestContext, overrides: Partial<RegisterPayload> = {}): Promise<TestAccount> {
  const agent = await createAccount(request, { user_type: 'delivery_agent', ...overrides });
  const moderator = await demoLogin(request, 'moderator');
  const res = await request.post(`/api/admin/agent-applications/${agent.user.id}/approve`, { headers: { authorization: `Bearer ${moderator.access_token}` }, data: {} });
  expect(res.status(), await res.text()).toBe(200);
  return agent;
}

/** Puts a session in localStorage before the app starts, as a previous visit would have left it. */
export async function useSessionOf(page: Page, session: LoginResponse, overrides: Record<string, string> = {}) {
  const items: Record<string, string> = {
    token: session.access_token,
    monpanier_token: session.access_token,
    user: JSON.stringify(session.user),
    monpanier_user: JSON.stringify(session.user),
    session_active: 'true',
    session_expires: session.expires_at,
    last_activity: new Date().toISOString(),
    last_session_refresh: new Date().toISOString(),
    ...overrides,
  };
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

export async function loginThroughForm(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** A shopping list of `count` catalogue products, created through the lists API. */
export async function createListThroughApi(request: APIRequestContext, token: string, name: string, searches = ['riz', 'huile', 'sucre']) {
  const headers = { authorization: `Bearer ${token}` };
  const items = [];
  for (const search of searches) {
    // The first product some store prices: other journeys add unpriced products with these words.
    const res = await request.get(`/api/shopping-lists/product-search?search=${encodeURIComponent(search)}&limit=20`, { headers });
    const product = ((await res.json()) as { products: { id: string; name: string; store_count: number }[] }).products.find((p) => p.store_count > 0);
    if (product) items.push({ product_id: product.id, name: product.name, quantity: 1 });
  }
  const res = await request.post('/api/shopping-lists', { headers, data: { name, items } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** A delivery request booked through the API (the consumer's own journey is tested in deliveries.spec.ts). */
export async function requestDeliveryThroughApi(request: APIRequestContext, token: string, listId: string, address = 'Quartier Glass, Libreville') {
  const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
  const res = await request.post('/api/deliveries', {
    headers: { authorization: `Bearer ${token}` },
    data: { shopping_list_id: listId, delivery_address: address, latitude: 0.39, longitude: 9.45, delivery_date: tomorrow, delivery_time_slot: '14:00-16:00', notes: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}
