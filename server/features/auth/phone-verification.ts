// Verifying a phone number by SMS: a 6-digit code, valid 10 minutes, 5 tries, a new one after a
// minute, at most a few an hour per number and per account (SMS cost money and reach strangers'
// phones), and a coarse flood guard per client address. Only an HMAC of each code is stored, under
// an instance key kept in the database; the comparison is constant-time. A right code makes the
// account the person of that number (people.ts): one voice in price consensus.
//
// Every refusal that counts (a wrong code) is committed before it is answered, so a burst of
// guesses cannot roll its own attempts back.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import { PHONE_CODE, maskedPhone, toE164 } from '#contract/phone';
import type { PhoneStatus, PhoneVerificationStarted } from '#contract/users';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { appSettings, people, phoneVerifications, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type SmsSender, SmsSendError } from '../../platform/sms/sms-sender';

const HOUR_MS = 3_600_000;
const KEY_SETTING = 'phone_code_key';

export type PhonePurpose = 'registration' | 'phone_change';

export type PhoneVerification = {
  /** Sends a code to `phone` for the account (a new one replaces any earlier code). */
  start: (input: { userId: string; phone: string; purpose: PhonePurpose; ip: string }) => Promise<PhoneVerificationStarted>;
  /** Checks the code; a right one verifies the number and answers the account's person. */
  confirm: (input: { userId: string; code: string }) => Promise<{ personId: string }>;
  /** Whether codes can be sent at all on this server. */
  available: boolean;
};

export function createPhoneVerification(deps: AppDeps, sender: SmsSender | null): PhoneVerification {
  let key: Promise<Buffer> | undefined;
  const codeKey = () => (key ??= loadCodeKey(deps.db));
  // The key is read before any transaction opens: PGlite has one connection, a read beside an open
  // transaction would wait for it forever.
  const hashWith = (key: Buffer, verificationId: string, code: string) => createHmac('sha256', key).update(`${verificationId}:${code}`).digest('hex');

  return {
    available: sender !== null,

    async start({ userId, phone, purpose, ip }) {
      if (!sender) throw new AppError('SMS_UNAVAILABLE');
      const e164 = toE164(phone);
      if (!e164) throw new AppError('VALIDATION', fr.register.phoneInvalid);
      const now = deps.now();
      const code = String(randomInt(0, 10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0');
      const expiresAt = new Date(now.getTime() + PHONE_CODE.ttlMinutes * 60_000);
      const key = await codeKey();
      const verificationId = await deps.db.transaction(async (tx) => {
        // Phone first, then account: two requests never wait on each other in a cycle.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-phone'), hashtext(${e164}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-user'), hashtext(${userId}))`);
        await assertMayAskCode(tx, { userId, e164, ip }, deps.config.sms.codesPerIpPerHour, now);
        await tx
          .update(phoneVerifications)
          .set({ consumedAt: now })
          .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)));
        const [row] = await tx
          .insert(phoneVerifications)
          .values({ userId, phoneE164: e164, purpose, codeHash: 'pending', expiresAt, ip, createdAt: now })
          .returning({ id: phoneVerifications.id });
        await tx.update(phoneVerifications).set({ codeHash: hashWith(key, row.id, code) }).where(eq(phoneVerifications.id, row.id));
        return row.id;
      });
      try {
        await sender.send({ to: e164, body: fr.phone.sms(code) });
      } catch (error) {
        // A code that never left cannot be typed: it does not stay pending.
        await deps.db.update(phoneVerifications).set({ consumedAt: deps.now() }).where(eq(phoneVerifications.id, verificationId));
        if (error instanceof SmsSendError && error.permanent) throw new AppError('PHONE_NUMBER_REFUSED');
        throw Object.assign(new AppError('SMS_SEND_FAILED'), { cause: error });
      }
      const masked = maskedPhone(e164);
      return {
        phone_masked: masked,
        sent: true,
        detail: fr.phone.codeSent(masked),
        expires_at: expiresAt.toISOString(),
        resend_after_seconds: PHONE_CODE.resendAfterSeconds,
        // Demo mode's outbox: nothing left the machine, the screen shows the code (« mode démo »).
        demo_code: sender.kind === 'demo_files' ? code : null,
      };
    },

    async confirm({ userId, code }) {
      const now = deps.now();
      const key = await codeKey();
      const outcome = await deps.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sms-user'), hashtext(${userId}))`);
        const [pending] = await tx
          .select()
          .from(phoneVerifications)
          .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)))
          .orderBy(desc(phoneVerifications.createdAt))
          .limit(1);
        if (!pending) return { error: new AppError('PHONE_CODE_NONE') };
        if (pending.expiresAt.getTime() <= now.getTime()) return { error: new AppError('PHONE_CODE_EXPIRED') };
        if (pending.attempts >= PHONE_CODE.maxAttempts) return { error: new AppError('PHONE_CODE_LOCKED') };
        const expected = Buffer.from(pending.codeHash, 'hex');
        const given = Buffer.from(hashWith(key, pending.id, code), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          await tx.update(phoneVerifications).set({ attempts: pending.attempts + 1 }).where(eq(phoneVerifications.id, pending.id));
          const left = PHONE_CODE.maxAttempts - pending.attempts - 1;
          return { error: left > 0 ? new AppError('PHONE_CODE_WRONG', fr.phone.codeWrong(left)) : new AppError('PHONE_CODE_LOCKED') };
        }
        const personId = await personOfPhone(tx, pending.phoneE164);
        const [{ others }] = await tx
          .select({ others: count() })
          .from(users)
          .where(and(eq(users.personId, personId), ne(users.id, userId)));
        if (others >= PHONE_CODE.maxAccountsPerPhone) return { error: new AppError('PHONE_TOO_MANY_ACCOUNTS') };
        await tx.update(phoneVerifications).set({ consumedAt: now }).where(eq(phoneVerifications.id, pending.id));
        const [account] = await tx.select({ pendingPhone: users.pendingPhone }).from(users).where(eq(users.id, userId));
        const change = pending.purpose === 'phone_change' && account?.pendingPhone ? { phone: account.pendingPhone } : {};
        await tx
          .update(users)
          .set({ personId, pendingPhone: null, updatedAt: now, ...change })
          .where(eq(users.id, userId));
        return { personId };
      });
      if ('error' in outcome) throw outcome.error;
      return outcome;
    },
  };
}

/** The limits on asking for a code, in the transaction that holds the phone's and the account's locks. */
async function assertMayAskCode(tx: DbOrTx, ask: { userId: string; e164: string; ip: string }, perIpPerHour: number, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const v = phoneVerifications;
  const [row] = await tx
    .select({
      phoneHour: sql<number>`count(*) filter (where ${v.phoneE164} = ${ask.e164} and ${v.createdAt} > ${hourAgo})`.mapWith(Number),
      phoneDay: sql<number>`count(*) filter (where ${v.phoneE164} = ${ask.e164})`.mapWith(Number),
      accountHour: sql<number>`count(*) filter (where ${v.userId} = ${ask.userId} and ${v.createdAt} > ${hourAgo})`.mapWith(Number),
      accountDay: sql<number>`count(*) filter (where ${v.userId} = ${ask.userId})`.mapWith(Number),
      ipHour: sql<number>`count(*) filter (where ${v.ip} = ${ask.ip} and ${v.createdAt} > ${hourAgo})`.mapWith(Number),
      latestForAccount: sql<string | null>`max(${v.createdAt}) filter (where ${v.userId} = ${ask.userId})`,
      oldestPhoneHour: sql<string | null>`min(${v.createdAt}) filter (where ${v.phoneE164} = ${ask.e164} and ${v.createdAt} > ${hourAgo})`,
      oldestAccountHour: sql<string | null>`min(${v.createdAt}) filter (where ${v.userId} = ${ask.userId} and ${v.createdAt} > ${hourAgo})`,
    })
    .from(v)
    .where(and(gt(v.createdAt, dayAgo), sql`(${v.phoneE164} = ${ask.e164} or ${v.userId} = ${ask.userId} or ${v.ip} = ${ask.ip})`));
  const minutesUntil = (oldest: string | null, windowMs: number) =>
    Math.max(1, Math.ceil(((oldest ? new Date(oldest).getTime() : now.getTime()) + windowMs - now.getTime()) / 60_000));
  if (row.latestForAccount) {
    const waitMs = new Date(row.latestForAccount).getTime() + PHONE_CODE.resendAfterSeconds * 1000 - now.getTime();
    if (waitMs > 0) throw new AppError('PHONE_CODE_TOO_SOON', fr.phone.resendTooSoon(Math.ceil(waitMs / 1000)));
  }
  if (row.phoneHour >= PHONE_CODE.perPhonePerHour) throw new AppError('TOO_MANY_PHONE_CODES', fr.phone.tooManyCodesPhone(minutesUntil(row.oldestPhoneHour, HOUR_MS)));
  if (row.phoneDay >= PHONE_CODE.perPhonePerDay) throw new AppError('TOO_MANY_PHONE_CODES', fr.phone.tooManyCodesPhone(24 * 60));
  if (row.accountHour >= PHONE_CODE.perAccountPerHour) throw new AppError('TOO_MANY_PHONE_CODES', fr.phone.tooManyCodesAccount(minutesUntil(row.oldestAccountHour, HOUR_MS)));
  if (row.accountDay >= PHONE_CODE.perAccountPerDay) throw new AppError('TOO_MANY_PHONE_CODES', fr.phone.tooManyCodesAccount(24 * 60));
  if (row.ipHour >= perIpPerHour) throw new AppError('TOO_MANY_PHONE_CODES', fr.phone.tooManyCodesAddress);
}

/** The person of a verified number, created the first time someone verifies it. */
export async function personOfPhone(tx: DbOrTx, e164: string): Promise<string> {
  await tx.insert(people).values({ phoneE164: e164 }).onConflictDoNothing({ target: people.phoneE164 });
  const [row] = await tx.select({ id: people.id }).from(people).where(eq(people.phoneE164, e164));
  return row.id;
}

async function loadCodeKey(db: DbOrTx): Promise<Buffer> {
  await db.insert(appSettings).values({ key: KEY_SETTING, value: randomBytes(32).toString('base64') }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY_SETTING));
  return Buffer.from(row.value, 'base64');
}

/** GET /api/auth/phone: the account's number, verified or waiting for a code, and its standing as a contributor. */
export async function phoneStatus(db: DbOrTx, phones: PhoneVerification, userId: string): Promise<PhoneStatus> {
  const [row] = await db
    .select({ phone: users.phone, pendingPhone: users.pendingPhone, personId: users.personId, userType: users.userType, trustedAt: people.trustedAt })
    .from(users)
    .leftJoin(people, eq(people.id, users.personId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('SESSION_INVALID');
  const mask = (phone: string) => maskedPhone(toE164(phone) ?? phone);
  return {
    phone_verified: row.personId !== null,
    phone_masked: mask(row.phone),
    pending_phone_masked: row.pendingPhone ? mask(row.pendingPhone) : null,
    on_probation: row.userType === 'admin' ? false : row.personId ? row.trustedAt === null : null,
    sms_available: phones.available,
  };
}

/** The number a new code goes to: the pending one, else the account's own while it is unverified. */
export async function numberToVerify(db: DbOrTx, userId: string): Promise<{ phone: string; purpose: PhonePurpose }> {
  const [row] = await db.select({ phone: users.phone, pendingPhone: users.pendingPhone, personId: users.personId }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('SESSION_INVALID');
  if (row.pendingPhone) return { phone: row.pendingPhone, purpose: 'phone_change' };
  if (row.personId) throw new AppError('PHONE_ALREADY_VERIFIED');
  return { phone: row.phone, purpose: 'registration' };
}
