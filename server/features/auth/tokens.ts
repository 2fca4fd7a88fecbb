// Signed bearer tokens (HS256). A token only names a session row; the row decides whether it is live.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import { AppError } from '../../platform/errors';

const ISSUER = 'monpanier';
const KEY_SETTING = 'session_signing_key';

export type TokenService = {
  sign: (claims: { userId: string; sessionId: string; expiresAt: Date }) => Promise<string>;
  /** Checks the signature. An expired token is returned with `expired: true` so refresh can apply the grace hour. */
  verify: (token: string) => Promise<{ userId: string; sessionId: string; expired: boolean }>;
};

/** The signing key: SESSION_SECRET if set, else one generated once and shared by every instance through the database. */
export async function loadSigningKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSettings)
    .values({ key: KEY_SETTING, value: randomBytes(48).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY_SETTING));
  return Buffer.from(row.value, 'base64');
}

export function createTokenService(key: Uint8Array, now: () => Date = () => new Date()): TokenService {
  return {
    sign: ({ userId, sessionId, expiresAt }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now() });
        return claimsOf(payload, false);
      } catch (error) {
        // jose checks the signature before the expiry, so an expired token's claims are authentic.
        if (error instanceof errors.JWTExpired) return claimsOf(error.payload, true);
        throw new AppError('SESSION_INVALID');
      }
    },
  };
}

function claimsOf(payload: { sub?: unknown; sid?: unknown }, expired: boolean) {
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new AppError('SESSION_INVALID');
  return { userId: payload.sub, sessionId: payload.sid, expired };
}
