// Browser side of web push: support and permission, the service worker, the subscription (sent to
// the server in the spec's fcm_token field), and the messages the worker posts when a push arrives.
import { ApiError, api } from './api';
import { SERVICE_WORKER_URL as SW_URL } from './offline/service-worker';

export type PushState = 'unsupported' | 'default' | 'denied' | 'granted';

export { NOTIFICATIONS_QUERY_KEY, UNREAD_COUNT_QUERY_KEY } from './notification-keys';

export function pushState(): PushState {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission as PushState;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SW_URL);
  return navigator.serviceWorker.ready;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function sendSubscription(subscription: PushSubscription) {
  await api.post('/notifications/register-token', { fcm_token: JSON.stringify(subscription.toJSON()) });
}

async function subscribe(reg: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
}

/**
 * Registers the subscription for the signed-in user. The server never hands an endpoint from one
 * account to another (409): on a browser shared by two accounts, this one subscribes anew, so each
 * account gets its own endpoint and nobody receives the other's notifications.
 */
async function register(reg: ServiceWorkerRegistration, subscription: PushSubscription) {
  try {
    await sendSubscription(subscription);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const { public_key } = await api.get<{ public_key: string }>('/notifications/vapid-public-key', { auth: false });
    await subscription.unsubscribe();
    await sendSubscription(await subscribe(reg, public_key));
  }
}

/**
 * Asks for permission (when not yet given), subscribes with the server's VAPID key and registers the
 * subscription. Resolves 'granted' or 'denied'; throws when the browser or the server fails.
 */
export async function enablePush(): Promise<'granted' | 'denied'> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const reg = await registration();
  const { public_key } = await api.get<{ public_key: string }>('/notifications/vapid-public-key', { auth: false });
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot receive our pushes: replace it.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameBytes(new Uint8Array(key), base64UrlToBytes(public_key))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await subscribe(reg, public_key);
  await register(reg, subscription);
  return 'granted';
}

/** On start, when push is already allowed, binds this browser's subscription to the signed-in user. */
export async function syncPushSubscription(): Promise<void> {
  if (pushState() !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration(SW_URL);
  const subscription = await reg?.pushManager.getSubscription();
  if (reg && subscription) await register(reg, subscription);
}

export async function hasPushSubscription(): Promise<boolean> {
  if (pushState() !== 'granted') return false;
  const reg = await navigator.serviceWorker.getRegistration(SW_URL);
  return Boolean(await reg?.pushManager.getSubscription());
}

export type PushMessage = { id: string; type: string; title: string; body: string; url: string; unread_count?: number };

/** Calls `listener` for every push the service worker receives while a page of the app is open. */
export function onPushMessage(listener: (message: PushMessage, pageVisible: boolean) => void): () => void {
  if (pushState() === 'unsupported') return () => {};
  const handler = (event: MessageEvent) => {
    const data = event.data as { type?: string; payload?: PushMessage; shown?: boolean } | null;
    if (data?.type === 'push' && data.payload) listener(data.payload, !data.shown);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
