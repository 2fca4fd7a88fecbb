// Sign-in rate limiting per e-mail and per IP. Failures are rows in the database, so every API
// instance sees the same counts.
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../platform/errors';

type Attempt = { email: string; ip: string };

export async function assertLoginAllowed(db: Db, attempt: Attempt, limits: Config['loginLimits'], now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - limits.windowMinutes * 60_000);
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${attempt.email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${attempt.ip})`.mapWith(Number),
      oldestEmail: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.email} = ${attempt.email})`,
      oldestIp: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${loginAttempts.ip} = ${attempt.ip})`,
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, windowStart),
        or(eq(loginAttempts.email, attempt.email), eq(loginAttempts.ip, attempt.ip)),
      ),
    );
  const blockedSince =
    row.byEmail >= limits.maxFailuresPerEmail ? row.oldestEmail : row.byIp >= limits.maxFailuresPerIp ? row.oldestIp : null;
  if (!blockedSince) return;
  const freeAt = new Date(blockedSince).getTime() + limits.windowMinutes * 60_000;
  const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
  throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', fr.auth.tooManyAttempts(minutes));
}

export async function recordLoginFailure(db: Db, attempt: Attempt, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ ...attempt, succeeded: false, createdAt: now });
}

/** A successful sign-in clears that e-mail's failures and forgets attempts older than a day. */
export async function recordLoginSuccess(db: Db, attempt: Attempt, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(or(eq(loginAttempts.email, attempt.email), lt(loginAttempts.createdAt, new Date(now.getTime() - 86_400_000))));
  await db.insert(loginAttempts).values({ ...attempt, succeeded: true, createdAt: now });
}
