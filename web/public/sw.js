// MonPanier service worker: shows web-push notifications and opens the right page on a click.
// When a page of the app is visible, it gets the push as a message (an in-app toast) instead.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
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
        await self.registration.showNotification(title, {
          body: payload.body || '',
          icon: '/favicon.svg',
          badge: '/favicon.svg',
          tag: payload.id,
          lang: 'fr',
          data: { url: payload.url || '/' },
        });
      }
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        return existing.navigate(url).catch(() => undefined);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
