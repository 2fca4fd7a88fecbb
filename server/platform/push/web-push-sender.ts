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
  send: (target: PushTarget, payload: unknown, options?: { ttlSeconds?: number; urgency?: 'low' | 'normal' | 'high' }) => Promise<PushOutcome>;
};

export type PushSenderOptions = {
  /** Plain-HTTP and loopback endpoints: only for tests, where a local server stands in for the push service. */
  allowInsecureEndpoints: boolean;
  timeoutMs?: number;
};

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/**
 * Push services are public HTTPS endpoints. Refusing plain HTTP, IP literals and local names keeps a
 * crafted subscription from making the server post to machines on its own network.
 */
export function isAcceptableEndpoint(endpoint: string, allowInsecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const ipLiteral = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  return !ipLiteral && host.includes('.') && !host.endsWith('.local') && !host.endsWith('.internal') && host !== 'localhost';
}

export function createPushSender(keys: VapidKeys, options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    publicKey: keys.publicKey,
    async send(target, payload, sendOptions = {}) {
      if (!isAcceptableEndpoint(target.endpoint, options.allowInsecureEndpoints)) return { outcome: 'expired', status: 0 };
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
