// Sign-in rate limiting. Attempts are rows in the database, so every API instance sees the same counts.
//
// - Per (e-mail, IP): LOGIN_MAX_FAILURES_PER_EMAIL failures in the window lock that pair out (429 in
//   minutes) — the hard lock only ever stops the address that is guessing.
// - Per IP: LOGIN_MAX_FAILURES_PER_IP failures in the window, on any e-mails, lock the IP out.
// - Per e-mail across every address: past the same number of failures, only a slowdown — one
//   password check per delay that doubles with each failure (1 s, 2 s, 4 s… at most a minute),
//   answered 429 "réessayez dans N secondes". An address the account has already signed in from
//   skips it, so a stranger guessing elsewhere never keeps the owner out.
//
// The check and the count are one step: inside a transaction holding advisory locks on the e-mail
// and on the IP, the limits are read and the attempt is recorded as a failure before the password
// is verified; a right password then turns its row into a success. Twenty concurrent guesses thus
// get at most the limit of password checks, never one more each.
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { loginAttempts, sessions, users } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type LoginAttempt = { email: string; ip: string };
type Limits = Config['loginLimits'];

const SLOWDOWN_FIRST_DELAY_MS = 1000;
const SLOWDOWN_MAX_DELAY_MS = 60_000;
/** An address the account signed in from within this time is the owner's: no slowdown there. */
const KNOWN_ADDRESS_MS = 90 * 24 * 3_600_000;
const DAY_MS = 86_400_000;

/** Refuses the attempt (429) or records it as a failure and answers its id, atomically. */
export async function admitLoginAttempt(db: Db, attempt: LoginAttempt, limits: Limits, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // Always e-mail first, then IP: two attempts never wait on each other's second lock in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-email'), hashtext(${attempt.email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-ip'), hashtext(${attempt.ip}))`);
    await assertAllowed(tx, attempt, limits, now);
    const [row] = await tx.insert(loginAttempts).values({ ...attempt, succeeded: false, createdAt: now }).returning({ id: loginAttempts.id });
    return row.id;
  });
}

async function assertAllowed(tx: Tx, attempt: LoginAttempt, limits: Limits, now: Date): Promise<void> {
  const windowMs = limits.windowMinutes * 60_000;
  const byEmail = eq(loginAttempts.email, attempt.email);
  const byIp = eq(loginAttempts.ip, attempt.ip);
  const [row] = await tx
    .select({
      pair: sql<number>`count(*) filter (where ${byEmail} and ${byIp})`.mapWith(Number),
      oldestPair: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${byEmail} and ${byIp})`,
      ip: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      oldestIp: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${byIp})`,
      email: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
      latestEmail: sql<string | null>`max(${loginAttempts.createdAt}) filter (where ${byEmail})`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, new Date(now.getTime() - windowMs)), or(byEmail, byIp)));

  const lockedSince = row.pair >= limits.maxFailuresPerEmail ? row.oldestPair : row.ip >= limits.maxFailuresPerIp ? row.oldestIp : null;
  if (lockedSince) {
    const minutes = Math.max(1, Math.ceil((new Date(lockedSince).getTime() + windowMs - now.getTime()) / 60_000));
    throw new AppError('TOO_MANY_LOGIN_ATTEMPTS', fr.auth.tooManyAttempts(minutes));
  }

  if (row.email < limits.maxFailuresPerEmail || !row.latestEmail) return;
  const delayMs = Math.min(SLOWDOWN_MAX_DELAY_MS, SLOWDOWN_FIRST_DELAY_MS * 2 ** (row.email - limits.maxFailuresPerEmail));
  const waitMs = new Date(row.latestEmail).getTime() + delayMs - now.getTime();
  if (waitMs <= 0 || (await isKnownAddress(tx, attempt, now))) return;
  throw new AppError('LOGIN_SLOWED_DOWN', fr.accountSecurity.loginSlowedDown(Math.max(1, Math.ceil(waitMs / 1000))));
}

async function isKnownAddress(tx: Tx, attempt: LoginAttempt, now: Date): Promise<boolean> {
  const [known] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, attempt.email), eq(sessions.ip, attempt.ip), gt(sessions.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_MS))))
    .limit(1);
  return known !== undefined;
}

/**
 * The password was right: the attempt becomes a success and this address's failures on the e-mail
 * are forgotten (not those of other addresses: the slowdown they earned stays). Attempts older than
 * a day are dropped.
 */
export async function recordLoginSuccess(db: Db, attemptId: number, attempt: LoginAttempt, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    await tx
      .delete(loginAttempts)
      .where(
        or(
          and(eq(loginAttempts.email, attempt.email), eq(loginAttempts.ip, attempt.ip), eq(loginAttempts.succeeded, false)),
          lt(loginAttempts.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
  });
}

/** A new password makes every earlier guess moot: the e-mail starts afresh everywhere. */
export async function forgetLoginFailures(db: Db | Tx, email: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
}
