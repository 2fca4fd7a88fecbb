// Wires e-mail into the app: the mailer (SMTP, or .eml files under DATA_DIR/mail) and the outbox
// dispatcher, kicked after every API write (its transaction has committed by the time the response
// is sent) and on a timer for the mails that wait (quiet hours, retries).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createMailer } from '../../platform/mail/mailer';
import { createMailDispatcher, type MailDispatcher } from './mail-outbox';

declare module 'fastify' {
  interface FastifyInstance {
    mailDispatcher: MailDispatcher;
  }
}

const SAFETY_NET_INTERVAL_MS = 5000;

export function registerMail(app: FastifyInstance, deps: AppDeps): MailDispatcher {
  const { config } = deps;
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir });
  const dispatcher = createMailDispatcher(deps.db, mailer, deps.now, {
    intervalMs: config.env === 'test' ? 0 : SAFETY_NET_INTERVAL_MS,
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
    dispatcher.start();
  });
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    mailer.close();
  });
  return dispatcher;
}
