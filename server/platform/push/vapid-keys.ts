// The VAPID key pair that signs our web-push requests. Browser subscriptions are bound to its public
// key, so every API instance must sign with the same pair, and keep it across restarts: the pair is
// kept in the database (app_settings), shared by all instances, the first one's winning. A copy
// stays in the data directory (written when missing or different), where earlier versions kept the
// pair — a pair found there on the first start with this version is adopted, and backups carry it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_FILE = 'vapid-keys.json';
const VAPID_SETTING = 'vapid_keys';
const SUBJECT = 'mailto:contact@monpanier.ga';

export async function loadOrCreateVapidKeys(dataDir: string, db: Db): Promise<VapidKeys> {
  const file = path.join(dataDir, VAPID_FILE);
  const local = parseKeys(await readText(file), file);
  const offered = local ?? generateKeys();
  await db.insert(appSettings).values({ key: VAPID_SETTING, value: JSON.stringify(offered) }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
  const shared = parseKeys(row.value, 'app_settings')!;
  if (local?.publicKey !== shared.publicKey || local.privateKey !== shared.privateKey) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(shared, null, 2), { mode: 0o600 });
  }
  return shared;
}

function generateKeys(): VapidKeys {
  const generated = webpush.generateVAPIDKeys();
  return { publicKey: generated.publicKey, privateKey: generated.privateKey, subject: SUBJECT };
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseKeys(raw: string | null, where: string): VapidKeys | null {
  if (raw === null) return null;
  const parsed = JSON.parse(raw) as Partial<VapidKeys>;
  if (!parsed.publicKey || !parsed.privateKey) throw new Error(`Clés VAPID incomplètes dans ${where}`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject: parsed.subject ?? SUBJECT };
}
