// MonPanier's one service worker (built by vite-plugin-pwa with Workbox, served as /sw.js):
// 1. offline app: the app shell and the static assets of the build are precached; every navigation
//    to an app page is answered with the precached index.html (the SPA routes it), except /api/ and
//    /uploads/, so a reload offline shows the app, never the browser's error page;
// 2. web push: shows notifications and opens the right page on a click; when a page of the app is
//    visible, the push goes to it as a message (an in-app toast) instead.
// API answers are not cached here: pages read offline from the query cache saved in IndexedDB
// (web/lib/offline/query-persistence.ts explains why).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once; a page still running the old one reloads if it misses a chunk
// (web/lib/offline/service-worker.ts).
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/uploads\//] }));

// The barcode reader's WebAssembly (~1 MB) is not precached: kept once the scanner has been used.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
  new CacheFirst({ cacheName: 'monpanier-wasm', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
);

// ---------------------------------------------------------------- web push

type PushPayload = { id?: string; title?: string; body?: string; url?: string; unread_count?: number };

const ICON = '/icons/icon-192.png';

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data ? (event.data.json() as PushPayload) : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || 'MonPanier';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const visible = windows.some((w) => w.visibilityState === 'visible');
      if (typeof payload.unread_count === 'number' && 'setAppBadge' in self.navigator) {
        await self.navigator.setAppBadge(payload.unread_count).catch(() => undefined);
      }
      for (const w of windows) w.postMessage({ type: 'push', payload, shown: !visible });
      if (!visible) {
        await self.registration.showNotification(title, { body: payload.body || '', icon: ICON, badge: ICON, tag: payload.id, lang: 'fr', data: { url: payload.url || '/' } });
      }
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        await existing.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
