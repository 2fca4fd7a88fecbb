// Registers the app's service worker (web/sw/sw.ts, built as /sw.js): the offline app shell and web
// push. Only in a build (the dev server has no worker). A page left open across a new version may
// ask for a chunk the new version no longer has: it reloads, once, instead of breaking.
export const SERVICE_WORKER_URL = '/sw.js';
const RELOADED_AT = 'monpanier_reloaded_for_update';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined));
  window.addEventListener('vite:preloadError', (event) => {
    // Once a minute at most: a chunk that is really missing must not reload the page in a loop.
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
