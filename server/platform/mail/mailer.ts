// Sending an e-mail, one interface for two transports: SMTP through nodemailer when SMTP_URL is set,
// otherwise each message is written as an .eml file under DATA_DIR/mail (open it with any mail
// client), so the embedded default needs no mail server and nothing is lost.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string };

export type Mailer = {
  /** 'smtp', or 'files' with the folder the .eml files go to. */
  transport: { kind: 'smtp' } | { kind: 'files'; folder: string };
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  dataDir: string;
};

export const MAIL_FOLDER = 'mail';

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : fileMailer(path.join(options.dataDir, MAIL_FOLDER), options.from);
}

function smtpMailer(url: string, from: string): Mailer {
  // A server that does not answer must not hold a send forever: the outbox retries later.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }, { from });
  return {
    transport: { kind: 'smtp' },
    async send(mail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}

function fileMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    transport: { kind: 'files', folder },
    async send(mail) {
      const info = await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
      await mkdir(folder, { recursive: true });
      // Sortable by time, unique across processes.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
