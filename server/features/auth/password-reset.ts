// "Mot de passe oublié ?": a single-use link by e-mail, valid one hour. Only the SHA-256 of the
// link's secret is stored, so a copy of the database opens no account. Using the link sets the new
// password (the same rule as registration), spends every open link of the account and ends every
// session. Asking answers the same whether or not the account exists.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fr } from '#contract/messages';
import type { PasswordResetConfirmSchema } from '#contract/users';
import type { DbOrTx } from '../../db/client';
import { passwordResets, sessions, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { sessionsChanged } from '../../platform/cache-invalidation';
import { hashPassword } from '../../platform/passwords';
import { queueMails } from '../notifications/mail-outbox';
import type { AuthDeps, ClientInfo } from './auth.service';
import { forgetLoginFailures } from './login-limiter';
import { assertAcceptablePassword } from './password-policy';
import type { ResetThrottle } from './reset-throttle';

export const RESET_LINK_VALIDITY_MS = 3_600_000;
/** Reset mails one account receives per hour at most, across every API instance; more asks are answered alike and send nothing. */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function requestPasswordReset(deps: AuthDeps, throttle: ResetThrottle, email: string, client: ClientInfo): Promise<void> {
  const now = deps.now();
  throttle.admit({ ip: client.ip, email }, now);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  // Unknown or suspended: nothing is sent, and the answer is the same.
  if (!user || user.suspendedAt) return;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('password-reset'), hashtext(${user.id}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - 3_600_000))));
    if (recent.n >= RESET_MAILS_PER_ACCOUNT_PER_HOUR) return;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_VALIDITY_MS),
      ip: client.ip,
      createdAt: now,
    });
    const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
    const texts = fr.accountSecurity.mail;
    await queueMails(
      tx,
      [{ userId: user.id, to: user.email, subject: texts.passwordResetSubject, text: `${texts.passwordResetBody(user.fullName, link)}\n\n${texts.signature}`, kind: 'password_reset' }],
      now,
    );
  });
}

export async function confirmPasswordReset(deps: AuthDeps, input: z.output<typeof PasswordResetConfirmSchema>): Promise<void> {
  const now = deps.now();
  const [found] = await deps.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashToken(input.token)));
  if (!found) throw new AppError('RESET_TOKEN_INVALID');
  if (found.reset.usedAt) throw new AppError('RESET_TOKEN_USED');
  if (found.reset.expiresAt.getTime() <= now.getTime()) throw new AppError('RESET_TOKEN_EXPIRED');
  if (found.user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  assertAcceptablePassword(input.new_password, { email: found.user.email, fullName: found.user.fullName });
  const passwordHash = await hashPassword(input.new_password);

  await deps.db.transaction(async (tx) => {
    // Spending the link is the first write: of two uses at once, only one gets here.
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, found.reset.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ id: passwordResets.id });
    if (!spent) throw new AppError('RESET_TOKEN_USED');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, found.user.id));
    await spendOpenResetLinks(tx, found.user.id, now);
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, found.user.id), isNull(sessions.revokedAt)));
    await forgetLoginFailures(tx, found.user.email);
  });
  await sessionsChanged(deps.db);
}

/** Links sent earlier stop working (a new password, a new e-mail address). */
export async function spendOpenResetLinks(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
