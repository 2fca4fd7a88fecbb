// E-mail as a transactional outbox, like web push (push-outbox.ts): a mail is a row of outgoing_mails
// written in the transaction that decides to send it, so a rolled-back change never sends one. The
// dispatcher is the 'mail-outbox' job: it sends committed rows after each API write and background
// pass, when the next waiting mail is due (quiet hours, retries), every minute as a safety net, and
// on demand in tests. Rows are claimed atomically with a lease
// ('sending', send_after pushed ahead): several API processes share the work without sending twice,
// and a row left by a process that died is offered again when its lease ends.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { NotificationSettings } from '#contract/notifications';
import type { Db, DbOrTx } from '../../db/client';
import { outgoingMails, users } from '../../db/schema';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { createOutboxLoop } from '../../platform/outbox-loop';
import { isQuietTime, librevilleMinutes } from './quiet-hours';

export type MailKind = 'password_reset' | 'email_changed' | 'order_status';
export type MailStatus = 'pending' | 'sending' | 'sent' | 'quiet' | 'failed';

export type NewMail = {
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  /** The recipient's quiet hours (Libreville time): inside them the mail waits for their end. */
  quietHours?: { start: string | null; end: string | null };
};

type MailRow = typeof outgoingMails.$inferSelect;

const MINUTE_MS = 60_000;
/** How long a claimed row is ours before another process may take it again. */
const LEASE_MS = 10 * MINUTE_MS;
/** Attempts before a mail is given up ('failed'); the waits between them grow 30 s, 2 min, 8 min, 32 min, 2 h. */
export const MAX_MAIL_ATTEMPTS = 6;
const retryDelayMs = (attempts: number) => Math.min(2 * 60 * MINUTE_MS, 30_000 * 4 ** (attempts - 1));

/** The end of the quiet window that `now` is in: the next time Libreville's clock shows `end`. */
export function endOfQuietHours(end: string, now: Date): Date {
  const [h, m] = end.split(':').map(Number);
  const delta = (h * 60 + m - librevilleMinutes(now) + 1440) % 1440 || 1440;
  return new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS + delta * MINUTE_MS);
}

/** Writes mails to the outbox; call it inside the transaction that decides to send them. */
export async function queueMails(db: DbOrTx, mails: NewMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(outgoingMails).values(
    mails.map((mail) => {
      const quiet = mail.quietHours?.end && isQuietTime(mail.quietHours.start, mail.quietHours.end, now);
      return {
        userId: mail.userId,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        kind: mail.kind,
        status: quiet ? 'quiet' : 'pending',
        sendAfter: quiet ? endOfQuietHours(mail.quietHours!.end!, now) : now,
        createdAt: now,
      };
    }),
  );
}

export type NotificationForMail = { userId: string; type: string; title: string; body: string };

/**
 * Order and delivery notifications also go by e-mail to users whose setting email_notifications is
 * on (the default), with the same title and text, after their quiet hours. Only the customers'
 * own orders: the new-order offers sent to every approved agent would be one mail per order per
 * agent, taken by someone else before it is read.
 */
export async function queueNotificationMails(
  db: DbOrTx,
  rows: NotificationForMail[],
  settingsOf: (userId: string) => NotificationSettings,
  now: Date,
): Promise<void> {
  const wanted = rows.filter((r) => (r.type === 'order_status' || r.type === 'delivery_update') && settingsOf(r.userId).email_notifications);
  if (wanted.length === 0) return;
  const recipients = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.id, [...new Set(wanted.map((r) => r.userId))]), eq(users.userType, 'consumer')));
  const byId = new Map(recipients.map((u) => [u.id, u]));
  const texts = fr.accountSecurity.mail;
  await queueMails(
    db,
    wanted.flatMap((r) => {
      const user = byId.get(r.userId);
      if (!user) return [];
      const settings = settingsOf(r.userId);
      const text = [texts.greeting(user.fullName), '', r.body, '', texts.signature, '', '—', texts.notificationFooter].join('\n');
      return [
        {
          userId: user.id,
          to: user.email,
          subject: r.title,
          text,
          kind: 'order_status' as const,
          quietHours: { start: settings.quiet_hours_start, end: settings.quiet_hours_end },
        },
      ];
    }),
    now,
  );
}

// ---------------------------------------------------------------- dispatcher

export type MailDispatcher = {
  mailer: Mailer;
  /** Asks for a pass soon (on whichever instance); cheap to call after every write. */
  kick: () => void;
  /** Sends everything due now and resolves with how many mails were handled. */
  flush: () => Promise<number>;
  stop: () => Promise<void>;
};

export type MailDispatcherOptions = {
  jobs: JobQueue;
  batchSize?: number;
  /** A kick that could not be enqueued. */
  onError?: (error: unknown) => void;
  /** A send that failed (it is retried later, or given up after MAX_MAIL_ATTEMPTS). */
  onSendFailure?: (mail: { id: string; kind: string; attempts: number; error: string }) => void;
};

export function createMailDispatcher(db: Db, mailer: Mailer, now: () => Date, options: MailDispatcherOptions): MailDispatcher {
  const batchSize = options.batchSize ?? 20;
  // The 'mail-outbox' job (platform/outbox-loop.ts); after each pass it is enqueued again for the
  // next mail that waits (a retry, the end of quiet hours, a claim whose lease ends).
  const loop = createOutboxLoop({
    name: 'mail-outbox',
    jobs: options.jobs,
    sweepEveryMs: SWEEP_EVERY_MS,
    onError: options.onError,
    nextDue: () => nextMailDue(db),
    runBatch: async () => {
      const claimed = await claimBatch(db, batchSize, now());
      for (const mail of claimed) await deliver(db, mailer, mail, now, options);
      return claimed.length;
    },
  });
  return { mailer, ...loop };
}

const SWEEP_EVERY_MS = 60_000;

/** When the next mail that waits is due, if any. */
async function nextMailDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<Date | string | null>`min(${outgoingMails.sendAfter})` })
    .from(outgoingMails)
    .where(inArray(outgoingMails.status, ['pending', 'quiet', 'sending']));
  return row?.due ? new Date(row.due) : null;
}

/** Takes up to `limit` due rows for this process (SKIP LOCKED: other processes take others). */
async function claimBatch(db: Db, limit: number, now: Date): Promise<MailRow[]> {
  const due = sql`(select id from ${outgoingMails}
    where ${outgoingMails.status} in ('pending', 'quiet', 'sending') and ${outgoingMails.sendAfter} <= ${now}
    order by ${outgoingMails.sendAfter} limit ${limit} for update skip locked)`;
  return db
    .update(outgoingMails)
    .set({ status: 'sending', attempts: sql`${outgoingMails.attempts} + 1`, sendAfter: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(outgoingMails.id, due))
    .returning();
}

async function deliver(db: Db, mailer: Mailer, mail: MailRow, now: () => Date, options: MailDispatcherOptions): Promise<void> {
  const ours = and(eq(outgoingMails.id, mail.id), eq(outgoingMails.status, 'sending'), lte(outgoingMails.attempts, mail.attempts));
  try {
    await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const givenUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
    await db
      .update(outgoingMails)
      .set({ status: givenUp ? 'failed' : 'pending', lastError: message, sendAfter: new Date(now().getTime() + retryDelayMs(mail.attempts)) })
      .where(ours);
    options.onSendFailure?.({ id: mail.id, kind: mail.kind, attempts: mail.attempts, error: message });
    return;
  }
  await db.update(outgoingMails).set({ status: 'sent', sentAt: now(), lastError: null }).where(ours);
}
