// Sends one standard Web Push message (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload
// encryption (RFC 8291). The `web-push` package builds the encrypted request; we post it ourselves
// so the same code reaches a real push service over HTTPS and a local stand-in in tests.
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** 'expired': the push service no longer knows the subscription (404/410) — forget it. */
export type PushOutcome = { outcome: 'delivered' } | { outcome: 'expired'; status: number } | { outcome: 'failed'; status?: number; reason: string };

export type PushSender = {
  publicKey: string;
  /** Whether a subscription endpoint belongs to a push service we send to. */
  acceptsEndpoint: PushEndpointPolicy;
  send: (target: PushTarget, payload: unknown, options?: { ttlSeconds?: number; urgency?: 'low' | 'normal' | 'high' }) => Promise<PushOutcome>;
};

export type PushSenderOptions = {
  acceptsEndpoint: PushEndpointPolicy;
  timeoutMs?: number;
};

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/** The push services browsers subscribe with: Chrome and every Chromium browser (FCM), Firefox, Safari. */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
/** Edge's Windows Push Notification Services answer on one host per region: `wns2-par02p.notify.windows.com`. */
const PUSH_SERVICE_HOST_SUFFIX = '.notify.windows.com';

export type PushEndpointPolicy = (endpoint: string) => boolean;

/**
 * Only HTTPS endpoints on the known push services' exact hosts (default port, no credentials): a
 * crafted subscription cannot make the server post to anything else, its own network included.
 * `extraOrigins` are exact origins accepted as well — the tests' local stand-in for a push service;
 * nothing in the configuration sets them, so production never accepts plain HTTP.
 */
export function pushEndpointPolicy(extraOrigins: readonly string[] = []): PushEndpointPolicy {
  const extra = new Set(extraOrigins.map((origin) => new URL(origin).origin));
  return (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (extra.has(url.origin)) return true;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    const host = url.hostname.toLowerCase();
    if (PUSH_SERVICE_HOSTS.includes(host)) return true;
    const label = host.endsWith(PUSH_SERVICE_HOST_SUFFIX) ? host.slice(0, -PUSH_SERVICE_HOST_SUFFIX.length) : '';
    return /^[a-z0-9-]+$/.test(label);
  };
}

export function createPushSender(keys: VapidKeys, options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    publicKey: keys.publicKey,
    acceptsEndpoint: options.acceptsEndpoint,
    async send(target, payload, sendOptions = {}) {
      // A subscription stored before the rule, or on another service: never posted to, and forgotten.
      if (!options.acceptsEndpoint(target.endpoint)) return { outcome: 'expired', status: 0 };
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: keys,
          TTL: sendOptions.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          urgency: sendOptions.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // Keys the browser gave us that cannot be used for encryption: the subscription is unusable.
        return { outcome: 'expired', status: 0 };
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status === 404 || response.status === 410) return { outcome: 'expired', status: response.status };
        if (response.ok) return { outcome: 'delivered' };
        return { outcome: 'failed', status: response.status, reason: `HTTP ${response.status}` };
      } catch (error) {
        return { outcome: 'failed', reason: (error as Error).message };
      }
    },
  };
}
