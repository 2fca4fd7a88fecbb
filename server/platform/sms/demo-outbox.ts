// Demo mode's SMS "gateway": each message is a text file under DATA_DIR/sms (like the mail outbox's
// .eml files), so a newcomer's first sign-up needs no SMS account. Only ever used in demo mode.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender } from './sms-sender';

export function demoOutbox(folder: string): SmsSender {
  return {
    kind: 'demo_files',
    description: `fichiers texte sous ${folder} (mode démo)`,
    async send(message) {
      await mkdir(folder, { recursive: true });
      const reference = randomUUID();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${message.to.replace(/\D/g, '')}-${reference.slice(0, 8)}.txt`);
      await writeFile(file, `À : ${message.to}\n\n${message.body}\n`, { mode: 0o600 });
      return { reference };
    },
  };
}
