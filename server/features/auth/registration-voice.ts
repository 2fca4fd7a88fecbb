// Registrations from one address: at most REGISTRATIONS_PER_IP_PER_HOUR an hour, and accounts
// registered from one address within REGISTRATION_VOICE_WINDOW_HOURS of each other share the first
// one's voice, so a burst of new accounts counts as one contributor in price consensus.
// (Behind a carrier's shared address, honest neighbours who register the same day share a voice
// too: their prices still count, only as one voice, until a moderator or other contributors agree.)
import { and, asc, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';

const HOUR_MS = 3_600_000;

/**
 * Inside the registration's transaction: refuses the registration over the hourly limit (the
 * address's lock makes count-and-insert atomic) and answers the voice the new account joins, or
 * null for a voice of its own.
 */
export async function admitRegistration(tx: Tx, ip: string, limits: Config['registration'], now: Date): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${ip}`}))`);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ n: count(), oldest: min(users.createdAt) })
    .from(users)
    .where(and(eq(users.registrationIp, ip), gt(users.createdAt, hourAgo)));
  if (recent.n >= limits.perIpPerHour) {
    const freeAt = (recent.oldest ? new Date(recent.oldest).getTime() : now.getTime()) + HOUR_MS;
    const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
    throw new AppError('TOO_MANY_REGISTRATIONS', fr.auth.tooManyRegistrations(minutes));
  }
  if (limits.voiceWindowHours === 0) return null;
  const [earlier] = await tx
    .select({ voice: sql<string>`coalesce(${users.voiceId}, ${users.id})` })
    .from(users)
    .where(and(eq(users.registrationIp, ip), gt(users.createdAt, new Date(now.getTime() - limits.voiceWindowHours * HOUR_MS))))
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(1);
  return earlier?.voice ?? null;
}
