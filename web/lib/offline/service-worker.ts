// Registers the app's service worker (web/sw/sw.ts, built as /sw.js): the offline app shell and web
// push. Only in a build (the dev server has no worker). A page left open across a new version may
// ask for a chunk the new version no longer has: it reloads, once, instead of breaking.
import { whenIdle } from '../when-idle';

export const SERVICE_WORKER_URL = '/sw.js';
const RELOADED_AT = 'monpanier_reloaded_for_update';
/**
 * The worker's first install downloads the whole app for offline use: on a first visit it waits until
 * the page has had its own scripts, data and first renders (a few seconds after load, when the
 * browser is idle), instead of competing with them for a cheap phone's network and CPU. A later
 * visit finds it already registered; enabling push registers it at once (push.ts).
 */
const REGISTER_AFTER_LOAD_MS = 5000;

function registerWhenSettled(): void {
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  setTimeout(() => whenIdle(register, 5000), REGISTER_AFTER_LOAD_MS);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', registerWhenSettled);
  window.addEventListener('vite:preloadError', (event) => {
    // Once a minute at most: a chunk that is really missing must not reload the page in a loop.
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
