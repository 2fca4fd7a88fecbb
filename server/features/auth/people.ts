// Who speaks for an account. A person is a verified phone number (table people): every account
// that verified the number is that person — one voice in price consensus, one set of per-person
// limits. Client addresses never decide who someone is (carrier-grade NAT puts hundreds of honest
// people behind one). Moderators speak for themselves, trusted, without a phone.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { people, users } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type Speaker = {
  userId: string;
  /** The voice the account's prices speak for: its person (or a moderator's own id). */
  voice: string;
  /** The verified phone's person; null only for a moderator without one. */
  personId: string | null;
  /** A new person whose contributions are recorded but move nothing others see yet. */
  onProbation: boolean;
  moderator: boolean;
};

/** The speaker behind an account, or PHONE_NOT_VERIFIED (403) when its phone is not verified. */
export async function speakerOf(db: DbOrTx, userId: string): Promise<Speaker> {
  const [row] = await db
    .select({ userType: users.userType, personId: users.personId, trustedAt: people.trustedAt })
    .from(users)
    .leftJoin(people, eq(people.id, users.personId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('SESSION_INVALID');
  if (row.userType === 'admin') return { userId, voice: row.personId ?? userId, personId: row.personId, onProbation: false, moderator: true };
  if (!row.personId) throw new AppError('PHONE_NOT_VERIFIED');
  return { userId, voice: row.personId, personId: row.personId, onProbation: row.trustedAt === null, moderator: false };
}
