// E-mail through the outbox: order news by e-mail (setting email_notifications) over real SMTP to a
// local server, quiet hours that hold mails until they end, retries, nothing for a rolled-back
// change, and the .eml files written under DATA_DIR/mail when no SMTP server is configured.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { notifications, outgoingMails } from '../../db/schema';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders-fixture';
import { parseMailText, type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver';
import { endOfQuietHours, MAX_MAIL_ATTEMPTS } from './mail-outbox';
import { registerMail } from './mail-setup';
import { createNotifications } from './notifications.service';
import { librevilleMinutes } from './quiet-hours';
import { createJobQueue } from '../../platform/jobs/job-queue';

let ctx: TestContext;
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'MonPanier <no-reply@monpanier.ga>' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const mailsOf = (userId: string) => ctx.db.select().from(outgoingMails).where(eq(outgoingMails.userId, userId));
const settings = (user: SignedIn, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: bearer(user.access_token), payload });
const orderNews = (user: SignedIn, title = 'Commande en route', body = 'Votre livreur arrive dans 10 minutes.') =>
  createNotifications(ctx.db, [{ userId: user.user.id, type: 'delivery_update', title, body }], ctx.clock.now());
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

describe('order and delivery news by e-mail', () => {
  it('a real order event reaches the customer by SMTP with the notification’s title and text', async () => {
    const consumer = await registerUser(ctx.app, { full_name: 'Armelle Obiang' });
    await insertOrder(ctx.db, consumer.user.id);
    await ctx.app.mailDispatcher.flush();

    const [notification] = await ctx.db.select().from(notifications).where(eq(notifications.userId, consumer.user.id));
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(consumer.user.email));
    expect(mail.headers.to).toBe(consumer.user.email);
    expect(mail.subject).toBe(notification.title);
    expect(mail.text).toContain('Bonjour Armelle Obiang,');
    expect(mail.text).toContain(notification.body);
    expect(mail.text).toContain(fr.accountSecurity.mail.notificationFooter);
    expect(await mailsOf(consumer.user.id)).toMatchObject([{ kind: 'order_status', status: 'sent', attempts: 1 }]);
  });

  it('nothing by e-mail when email_notifications is off; nothing at all when the type is off', async () => {
    const noMail = await registerUser(ctx.app);
    expect((await settings(noMail, { email_notifications: false })).statusCode).toBe(200);
    await orderNews(noMail);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, noMail.user.id))).toHaveLength(1);
    expect(await mailsOf(noMail.user.id)).toEqual([]);

    const noUpdates = await registerUser(ctx.app);
    await settings(noUpdates, { delivery_updates: false });
    await orderNews(noUpdates);
    expect(await mailsOf(noUpdates.user.id)).toEqual([]);
  });

  it('price alerts are not e-mailed, nor the new-order offers to agents', async () => {
    const user = await registerUser(ctx.app);
    const agent = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    await createNotifications(
      ctx.db,
      [
        { userId: user.user.id, type: 'price_alert', title: 'Baisse de prix', body: 'Le riz est moins cher.' },
        { userId: agent.user.id, type: 'order_status', title: 'Nouvelle commande', body: 'Une commande vous attend.' },
      ],
      ctx.clock.now(),
    );
    expect(await mailsOf(user.user.id)).toEqual([]);
    expect(await mailsOf(agent.user.id)).toEqual([]);
  });

  it('a change that rolls back sends no e-mail', async () => {
    const user = await registerUser(ctx.app);
    await expect(
      ctx.db.transaction(async (tx) => {
        await createNotifications(tx, [{ userId: user.user.id, type: 'order_status', title: 'Commande confirmée', body: 'Annulée en route.' }], ctx.clock.now());
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await mailsOf(user.user.id)).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('hold the e-mail until they end, then it is sent', async () => {
    const user = await registerUser(ctx.app);
    const t = librevilleMinutes(ctx.clock.now());
    await settings(user, { quiet_hours_start: hhmm(t - 60), quiet_hours_end: hhmm(t + 60) });
    await orderNews(user, 'Commande livrée', 'Bon appétit !');

    const [held] = await mailsOf(user.user.id);
    expect(held.status).toBe('quiet');
    expect(held.sendAfter.getTime()).toBe(endOfQuietHours(hhmm(t + 60), ctx.clock.now()).getTime());
    expect(held.sendAfter.getTime() - ctx.clock.now().getTime()).toBeGreaterThan(58 * 60_000);
    await ctx.app.mailDispatcher.flush();
    expect((await mailsOf(user.user.id))[0].status).toBe('quiet');

    ctx.clock.advance(held.sendAfter.getTime() - ctx.clock.now().getTime() + 1000);
    await ctx.app.mailDispatcher.flush();
    expect((await mailsOf(user.user.id))[0].status).toBe('sent');
    expect((await smtp.waitFor((m) => m.envelopeTo.includes(user.user.email))).subject).toBe('Commande livrée');
  });
});

describe('retries', () => {
  it('a refused send is retried later; after the last attempt the mail is marked failed', async () => {
    const user = await registerUser(ctx.app);
    smtp.refuseNext(1);
    await orderNews(user, 'Essai 1');
    await ctx.app.mailDispatcher.flush();
    const [first] = await mailsOf(user.user.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toContain('451');
    await ctx.app.mailDispatcher.flush();
    expect((await mailsOf(user.user.id))[0].attempts).toBe(1);
    ctx.clock.advance(31_000);
    await ctx.app.mailDispatcher.flush();
    expect((await mailsOf(user.user.id))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    const unlucky = await registerUser(ctx.app);
    smtp.refuseNext(MAX_MAIL_ATTEMPTS);
    await orderNews(unlucky, 'Essai 2');
    for (let i = 0; i < MAX_MAIL_ATTEMPTS; i++) {
      await ctx.app.mailDispatcher.flush();
      ctx.clock.advance(3 * 3_600_000);
    }
    await ctx.app.mailDispatcher.flush();
    expect(await mailsOf(unlucky.user.id)).toMatchObject([{ status: 'failed', attempts: MAX_MAIL_ATTEMPTS }]);
    smtp.refuseNext(0);
  });

  it('a mail claimed by a process that died is sent once its lease ends', async () => {
    const user = await registerUser(ctx.app);
    await orderNews(user, 'Essai 3');
    // Sent first, so that no pass started by the notification's kick is still at work on it; then
    // put back as a claim (its lease running 10 more minutes) that the process holding it never ended.
    await ctx.app.mailDispatcher.flush();
    await ctx.db
      .update(outgoingMails)
      .set({ status: 'sending', attempts: 1, sentAt: null, sendAfter: new Date(ctx.clock.now().getTime() + 10 * 60_000) })
      .where(eq(outgoingMails.userId, user.user.id));
    await ctx.app.mailDispatcher.flush();
    expect((await mailsOf(user.user.id))[0].status).toBe('sending');
    ctx.clock.advance(10 * 60_000 + 1000);
    await ctx.app.mailDispatcher.flush();
    expect((await mailsOf(user.user.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('without SMTP_URL', () => {
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestContext();
  });
  afterAll(() => local.close());

  it('writes each mail as an .eml file under DATA_DIR/mail', async () => {
    const user = await registerUser(local.app, { full_name: 'Ghislain Mouketou' });
    await createNotifications(local.db, [{ userId: user.user.id, type: 'order_status', title: 'Commande confirmée', body: 'Livraison le 24/11/2026.' }], local.clock.now());
    await local.app.mailDispatcher.flush();

    const folder = path.join(local.dataDir, 'mail');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = parseMailText(await readFile(path.join(folder, files[0]), 'utf8'));
    expect(eml.headers.to).toBe(user.user.email);
    expect(eml.headers.from).toContain('no-reply@monpanier.ga');
    expect(eml.subject).toBe('Commande confirmée');
    expect(eml.text).toContain('Bonjour Ghislain Mouketou,');
    expect(eml.text).toContain('Livraison le 24/11/2026.');
    const [row] = await local.db.select().from(outgoingMails).where(and(eq(outgoingMails.userId, user.user.id)));
    expect(row.status).toBe('sent');
  });

  it('the log says where the mails go', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerMail(app, local.deps, createJobQueue({ db: local.db, now: local.clock.now, log: app.log, schedules: false }));
    await app.ready();
    await app.close();
    expect(lines.join('')).toContain(`les emails sont écrits en fichiers .eml dans ${path.join(local.dataDir, 'mail')}`);
  });
});
