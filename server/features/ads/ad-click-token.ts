// The `?t=` of an ad's tracked link. A browser following a link sends no bearer token, so the banner
// puts a short-lived token in its click_urls that says who was shown the ads. It is sealed
// (AES-256-GCM): it reveals nothing (not even the user id), cannot be forged, grants no access (it
// is not a session: it only attributes clicks), and is good for a day. One token serves all the ads
// of a user's banner and is reused for a few minutes (sealing costs more than the rest of the
// banner). The key is derived from the app's signing key, so every instance behind a load balancer
// reads the tokens of the others.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export const CLICK_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a sealed token is handed out again to the same user (it stays valid for a day). */
const REUSE_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 50_000;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN_BYTES = 16 + 4; // user uuid + issue time in minutes
const TOKEN_BYTES = IV_BYTES + PLAIN_BYTES + TAG_BYTES;

export type ClickTokens = {
  seal: (userId: string, now: Date) => string;
  /** The user the token names, or null when it is missing, forged or too old. */
  open: (token: string | undefined, now: Date) => string | null;
};
const AAD = Buffer.from('monpanier ad click');

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function createClickTokens(signingKey: Uint8Array): ClickTokens {
  const key = createHmac('sha256', signingKey).update('monpanier ad click token v1').digest();
  const recent = new Map<string, { token: string; issuedMs: number }>();

  const sealNew = (userId: string, now: Date): string => {
    const iv = randomBytes(IV_BYTES);
    const plain = Buffer.alloc(PLAIN_BYTES);
    uuidBytes(userId).copy(plain, 0);
    plain.writeUInt32BE(Math.floor(now.getTime() / 60_000), 16);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(AAD);
    return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64url');
  };

  return {
    seal(userId, now) {
      const hit = recent.get(userId);
      const age = hit ? now.getTime() - hit.issuedMs : -1;
      if (hit && age >= 0 && age < REUSE_MS) return hit.token;
      const token = sealNew(userId, now);
      recent.delete(userId);
      recent.set(userId, { token, issuedMs: now.getTime() });
      if (recent.size > MAX_REMEMBERED) recent.delete(recent.keys().next().value!);
      return token;
    },
    open(token, now) {
      if (!token || token.length > 100) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== TOKEN_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(AAD);
        decipher.setAuthTag(bytes.subarray(IV_BYTES + PLAIN_BYTES));
        const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + PLAIN_BYTES)), decipher.final()]);
        const age = now.getTime() - plain.readUInt32BE(16) * 60_000;
        if (age < -60_000 || age > CLICK_TOKEN_TTL_MS) return null;
        return uuidOf(plain.subarray(0, 16));
      } catch {
        return null;
      }
    },
  };
}
