// A local stand-in for a browser push service (FCM, Mozilla autopush…), for tests: it receives real
// Web Push requests over HTTP, checks their VAPID signature, and decrypts their aes128gcm payload
// with the private key of a subscription made the way a browser makes one.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece ships no types; it is the RFC 8188 implementation web-push itself encrypts with.
// @ts-expect-error no declaration file
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

export type BrowserSubscription = {
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt: (body: Buffer) => unknown;
};

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

export type StandInPushService = {
  origin: string;
  received: ReceivedPush[];
  /** Resolves when `n` pushes in total have arrived (rejects after `timeoutMs`). */
  waitFor: (n: number, timeoutMs?: number) => Promise<ReceivedPush[]>;
  /** A new subscription whose endpoint answers `status` (201 accepted, 404/410 gone, 500 broken). */
  subscribe: (status?: number) => BrowserSubscription;
  close: () => Promise<void>;
};

const b64url = (buf: Buffer) => buf.toString('base64url');

export async function startStandInPushService(): Promise<StandInPushService> {
  const received: ReceivedPush[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      const status = Number(/^\/push\/(\d{3})\//.exec(path)?.[1] ?? 201);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    waitFor: (n, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        if (received.length >= n) return resolve(received.slice());
        const timer = setTimeout(() => reject(new Error(`${received.length} push(s) reçu(s) sur ${n} attendu(s)`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve(received.slice())) });
      }),
    subscribe(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        json: { endpoint: `${origin}/push/${status}/${b64url(randomBytes(12))}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        decrypt: (body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: b64url(auth) }).toString('utf8')),
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Checks the `Authorization: vapid t=<JWT>, k=<public key>` header as a push service does. */
export async function verifyVapid(push: ReceivedPush, expectedPublicKey: string, audience: string) {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match) throw new Error(`en-tête Authorization inattendu : ${header}`);
  const [, token, key] = match;
  if (key !== expectedPublicKey) throw new Error('clé publique VAPID inattendue');
  const raw = Buffer.from(key, 'base64url'); // 0x04 || x || y
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience });
  return payload;
}
