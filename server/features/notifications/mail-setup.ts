// Wires e-mail into the app: the mailer (SMTP, or .eml files under DATA_DIR/mail) and the outbox
// dispatcher (the 'mail-outbox' job), kicked after every API write (its transaction has committed by
// the time the response is sent); mails that wait (quiet hours, retries) get a job at their time.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createMailer } from '../../platform/mail/mailer';
import { createMailDispatcher, type MailDispatcher } from './mail-outbox';

declare module 'fastify' {
  interface FastifyInstance {
    mailDispatcher: MailDispatcher;
  }
}

export function registerMail(app: FastifyInstance, deps: AppDeps, jobs: JobQueue): MailDispatcher {
  const { config } = deps;
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir });
  const dispatcher = createMailDispatcher(deps.db, mailer, deps.now, {
    jobs,
    onError: (error) => app.log.error({ err: error }, 'envoi des emails'),
    onSendFailure: (mail) => app.log.warn(mail, "échec de l'envoi d'un email (nouvel essai plus tard)"),
  });
  app.decorate('mailDispatcher', dispatcher);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') dispatcher.kick();
  });
  app.addHook('onReady', async () => {
    const { transport } = mailer;
    if (transport.kind === 'files') app.log.info(`Pas de SMTP_URL : les emails sont écrits en fichiers .eml dans ${transport.folder}`);
    else app.log.info('Emails envoyés par SMTP (SMTP_URL)');
  });
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    mailer.close();
  });
  return dispatcher;
}
