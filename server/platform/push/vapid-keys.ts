// The VAPID key pair that signs our web-push requests. Generated on first start and kept in the data
// directory, so browser subscriptions (bound to the public key) survive restarts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_FILE = 'vapid-keys.json';
const SUBJECT = 'mailto:contact@monpanier.ga';

export async function loadOrCreateVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, VAPID_FILE);
  const existing = await readKeys(file);
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  const keys: VapidKeys = { publicKey: generated.publicKey, privateKey: generated.privateKey, subject: SUBJECT };
  try {
    // 'wx': when two processes start together, the first one's keys win and the other reads them.
    await writeFile(file, JSON.stringify(keys, null, 2), { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeys(file);
    if (!winner) throw new Error(`Clés VAPID illisibles dans ${file}`);
    return winner;
  }
}

async function readKeys(file: string): Promise<VapidKeys | null> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(raw) as Partial<VapidKeys>;
  if (!parsed.publicKey || !parsed.privateKey) throw new Error(`Clés VAPID incomplètes dans ${file}`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject: parsed.subject ?? SUBJECT };
}
