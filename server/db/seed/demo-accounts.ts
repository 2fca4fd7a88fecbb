// The demonstration accounts (consumer, agent, moderator) whose passwords the README and the login
// page print. They exist only in demo mode (DEMO_MODE: on for a fresh checkout's `npm start`, off
// by default with NODE_ENV=production). Every start applies the mode: in demo mode the accounts are
// created (or enabled again), with verified phones and established voices so that a newcomer can
// try everything; out of it, any demo account found is suspended and its sessions closed — a
// published password never opens a real marketplace.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { PRESET_AVATARS } from '#contract/constants';
import { toE164 } from '#contract/phone';
import { DEFAULT_PREFERENCES } from '#contract/users';
import { hashPassword } from '../../platform/passwords';
import type { Db, Tx } from '../client';
import * as t from '../schema';

const DEMO_LOCK = 725_003;
/** The reason a demo account is suspended outside demo mode (also how it is recognised to be enabled again). */
export const DEMO_DISABLED_REASON = 'Compte de démonstration : désactivé hors mode démo';

type DemoKey = keyof typeof DEMO_ACCOUNTS;

// Numbers of Gabon Télécom's fixed range (011…): no phone can receive an SMS there, so nobody can
// verify one of them and become the demo accounts' established person.
const DEMO_PROFILES: Record<DemoKey, { phone: string; userType: 'consumer' | 'delivery_agent' | 'admin'; avatar: string; contributes: boolean }> = {
  consumer: { phone: '+241 11 70 00 01', userType: 'consumer', avatar: PRESET_AVATARS[4], contributes: true },
  agent: { phone: '+241 11 70 00 02', userType: 'delivery_agent', avatar: PRESET_AVATARS[11], contributes: false },
  moderator: { phone: '+241 11 70 00 03', userType: 'admin', avatar: PRESET_AVATARS[7], contributes: false },
};

export type DemoModeResult = { created: string[]; enabled: number; disabled: number };

/** Creates or enables the demo accounts (demo mode), or disables every one found (not demo mode). */
export async function applyDemoMode(db: Db, demoMode: boolean, now = new Date()): Promise<DemoModeResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
    // Databases from before demo mode: the published addresses are the demo accounts.
    await tx.update(t.users).set({ isDemo: true }).where(and(inArray(t.users.email, emails), eq(t.users.isDemo, false)));
    if (!demoMode) return { created: [], enabled: 0, disabled: await disableDemoAccounts(tx, now) };
    const created: string[] = [];
    for (const key of Object.keys(DEMO_ACCOUNTS) as DemoKey[]) {
      if (await ensureDemoAccount(tx, key)) created.push(DEMO_ACCOUNTS[key].email);
    }
    const enabled = await tx
      .update(t.users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(and(eq(t.users.isDemo, true), eq(t.users.suspensionReason, DEMO_DISABLED_REASON)))
      .returning({ id: t.users.id });
    return { created, enabled: enabled.length, disabled: 0 };
  });
}

async function disableDemoAccounts(tx: Tx, now: Date): Promise<number> {
  const disabled = await tx
    .update(t.users)
    .set({ suspendedAt: now, suspensionReason: DEMO_DISABLED_REASON })
    .where(and(eq(t.users.isDemo, true), isNull(t.users.suspendedAt)))
    .returning({ id: t.users.id });
  if (disabled.length === 0) return 0;
  await tx
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(and(inArray(t.sessions.userId, disabled.map((u) => u.id)), isNull(t.sessions.revokedAt)));
  return disabled.length;
}

/** The demo account, created when missing, with a verified phone whose person is an established contributor. */
async function ensureDemoAccount(tx: Tx, key: DemoKey): Promise<boolean> {
  const account = DEMO_ACCOUNTS[key];
  const profile = DEMO_PROFILES[key];
  const [existing] = await tx.select({ id: t.users.id, personId: t.users.personId }).from(t.users).where(eq(t.users.email, account.email));
  const personId = await demoPerson(tx, profile.phone);
  if (existing) {
    if (!existing.personId) await tx.update(t.users).set({ personId }).where(eq(t.users.id, existing.id));
    return false;
  }
  const [user] = await tx
    .insert(t.users)
    .values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      fullName: account.full_name,
      phone: profile.phone,
      personId,
      isDemo: true,
      countryRegion: 'Gabon',
      userType: profile.userType,
      // The README's demo agent works on a fresh start: its application is already approved.
      agentStatus: profile.userType === 'delivery_agent' ? 'approved' : null,
      avatarUrl: profile.avatar,
      preferences: { ...DEFAULT_PREFERENCES, contribute_in_store: profile.contributes },
    })
    .returning({ id: t.users.id });
  if (key === 'consumer') await seedDemoList(tx, user.id);
  return true;
}

async function demoPerson(tx: Tx, phone: string): Promise<string> {
  const e164 = toE164(phone)!;
  await tx
    .insert(t.people)
    .values({ phoneE164: e164, trustedAt: new Date('2026-01-01T00:00:00Z') })
    .onConflictDoNothing({ target: t.people.phoneE164 });
  const [row] = await tx.select({ id: t.people.id }).from(t.people).where(eq(t.people.phoneE164, e164));
  return row.id;
}

// A first list for the demo consumer, so the dashboard and the comparator have something to show.
async function seedDemoList(tx: Tx, userId: string): Promise<void> {
  const wanted = ['Riz parfumé, sac 5 kg', 'Huile', 'Sucre', 'Lait', 'Oignon'];
  const all = await tx.select({ id: t.products.id, name: t.products.name, brand: t.products.brand, category: t.products.category }).from(t.products);
  const picked = wanted
    .map((w) => all.find((p) => p.name.toLowerCase().startsWith(w.toLowerCase())))
    .filter((p): p is (typeof all)[number] => Boolean(p));
  const [list] = await tx.insert(t.shoppingLists).values({ userId, name: 'Courses de la semaine' }).returning({ id: t.shoppingLists.id });
  if (picked.length === 0) return;
  await tx.insert(t.shoppingListItems).values(
    picked.map((p, position) => ({
      listId: list.id,
      position,
      productId: p.id,
      name: p.name,
      brand: p.brand,
      category: p.category,
      quantity: position === 0 ? 1 : 2,
      isManualItem: false,
    })),
  );
}
