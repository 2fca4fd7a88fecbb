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
// and on the IP, the limits are read and the attempt is recorded as in flight (succeeded null)
// before the password is verified; the check then makes it a success or a failure. Only finished
// wrong attempts count as failures; an attempt that would reach a limit only because others are
// still in flight waits for them to finish. Twenty concurrent guesses thus get at most the limit of
// password checks, and twelve concurrent right passwords all sign in. An attempt left in flight
// longer than IN_FLIGHT_MS (its process died mid-check) counts as a failure.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
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
/** Longer than any password check: an attempt still in flight after this died with its process. */
const IN_FLIGHT_MS = 60_000;
/** How long an attempt waits for the attempts in flight ahead of it, and how often it looks. */
const WAIT_FOR_IN_FLIGHT_MS = 15_000;
const WAIT_STEP_MS = 40;

/** The limit would be reached only by attempts still in flight: wait for them to finish. */
class WaitForInFlight extends Error {}

/** Refuses the attempt (429) or records it as in flight and answers its id, atomically. */
export async function admitLoginAttempt(db: Db, attempt: LoginAttempt, limits: Limits, now: Date): Promise<number> {
  const giveUpAt = Date.now() + WAIT_FOR_IN_FLIGHT_MS;
  for (;;) {
    try {
      return await db.transaction(async (tx) => {
        // Always e-mail first, then IP: two attempts never wait on each other's second lock in a cycle.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-email'), hashtext(${attempt.email}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login-ip'), hashtext(${attempt.ip}))`);
        await assertAllowed(tx, attempt, limits, now, Date.now() >= giveUpAt);
        const [row] = await tx.insert(loginAttempts).values({ ...attempt, succeeded: null, createdAt: now }).returning({ id: loginAttempts.id });
        return row.id;
      });
    } catch (error) {
      if (!(error instanceof WaitForInFlight)) throw error;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
}

/** The password was wrong: the attempt in flight becomes a failure. */
export async function recordLoginFailure(db: Db, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: false }).where(eq(loginAttempts.id, attemptId));
}

async function assertAllowed(tx: Tx, attempt: LoginAttempt, limits: Limits, now: Date, stopWaiting: boolean): Promise<void> {
  const windowMs = limits.windowMinutes * 60_000;
  const byEmail = eq(loginAttempts.email, attempt.email);
  const byIp = eq(loginAttempts.ip, attempt.ip);
  const inFlight = and(isNull(loginAttempts.succeeded), gt(loginAttempts.createdAt, new Date(now.getTime() - IN_FLIGHT_MS)));
  const [row] = await tx
    .select({
      pair: sql<number>`count(*) filter (where ${byEmail} and ${byIp} and not ${inFlight})`.mapWith(Number),
      oldestPair: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${byEmail} and ${byIp} and not ${inFlight})`,
      ip: sql<number>`count(*) filter (where ${byIp} and not ${inFlight})`.mapWith(Number),
      oldestIp: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${byIp} and not ${inFlight})`,
      email: sql<number>`count(*) filter (where ${byEmail} and not ${inFlight})`.mapWith(Number),
      latestEmail: sql<string | null>`max(${loginAttempts.createdAt}) filter (where ${byEmail} and not ${inFlight})`,
      pairInFlight: sql<number>`count(*) filter (where ${byEmail} and ${byIp} and ${inFlight})`.mapWith(Number),
      ipInFlight: sql<number>`count(*) filter (where ${byIp} and ${inFlight})`.mapWith(Number),
      emailInFlight: sql<number>`count(*) filter (where ${byEmail} and ${inFlight})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(and(or(eq(loginAttempts.succeeded, false), isNull(loginAttempts.succeeded)), gt(loginAttempts.createdAt, new Date(now.getTime() - windowMs)), or(byEmail, byIp)));

  // Attempts still in flight may turn out right: wait for them rather than count them as failures.
  const reachedWithInFlight =
    row.pair + row.pairInFlight >= limits.maxFailuresPerEmail || row.ip + row.ipInFlight >= limits.maxFailuresPerIp || row.email + row.emailInFlight >= limits.maxFailuresPerEmail;
  const reachedByFailures = row.pair >= limits.maxFailuresPerEmail || row.ip >= limits.maxFailuresPerIp || row.email >= limits.maxFailuresPerEmail;
  if (reachedWithInFlight && !reachedByFailures && !stopWaiting) throw new WaitForInFlight();

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
