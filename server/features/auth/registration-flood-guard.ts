// Registrations from one client address: at most REGISTRATIONS_PER_IP_PER_HOUR an hour. Only a
// flood guard, sized for carrier-grade NAT (hundreds of honest people behind one mobile network's
// address): who is one voice is decided by the verified phone (people.ts), never by the address.
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';

const HOUR_MS = 3_600_000;

/** Inside the registration's transaction: refuses it over the hourly limit (the address's lock makes count-and-insert atomic). */
export async function admitRegistration(tx: Tx, ip: string, limits: Config['registration'], now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${ip}`}))`);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ n: count(), oldest: min(users.createdAt) })
    .from(users)
    .where(and(eq(users.registrationIp, ip), gt(users.createdAt, hourAgo)));
  if (recent.n < limits.perIpPerHour) return;
  const freeAt = (recent.oldest ? new Date(recent.oldest).getTime() : now.getTime()) + HOUR_MS;
  const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
  throw new AppError('TOO_MANY_REGISTRATIONS', fr.auth.tooManyRegistrations(minutes));
}
