// The signed-in user's own account: profile, avatar, password, preferences and statistics.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fr } from '#contract/messages';
import type { PasswordChangeSchema, Preferences, ProfileUpdateResponse, ProfileUpdateSchema, User, UserStats } from '#contract/users';
import { maskedPhone, toE164 } from '#contract/phone';
import { DEFAULT_PREFERENCES } from '#contract/users';
import type { AppDeps } from '../../deps';
import { orders, priceObservations, products, sessions, shoppingLists, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { invalidateCache, sessionsChanged } from '../../platform/cache-invalidation';
import { readCacheOf } from '../../platform/read-cache';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { formatDateTime } from '#contract/format';
import { findUserById, isUniqueViolation, resolveAvatar, toApiUser } from '../auth/auth.service';
import { assertAcceptablePassword } from '../auth/password-policy';
import type { PhoneVerification } from '../auth/phone-verification';
import { spendOpenResetLinks } from '../auth/password-reset';
import { queueMails } from '../notifications/mail-outbox';
import { storeCities } from '../stores/stores.service';
import { CONTRIBUTED_SOURCES } from '../prices/prices.service';

/**
 * Saves the profile. A new e-mail address needs the current password, and the old address is told
 * of the change (with what to do if it was not the owner); reset links sent to it stop working.
 */
export async function updateProfile(
  deps: AppDeps,
  phones: PhoneVerification,
  principal: Principal,
  input: z.output<typeof ProfileUpdateSchema>,
  ip: string,
): Promise<ProfileUpdateResponse> {
  const current = await findUserById(deps, principal.userId);
  const phone = phoneUpdate(current, input.phone);
  const emailChanges = input.email !== current.email;
  if (emailChanges) {
    if (!input.current_password) throw new AppError('EMAIL_CHANGE_NEEDS_PASSWORD');
    if (!(await verifyPassword(current.passwordHash, input.current_password))) throw new AppError('WRONG_CURRENT_PASSWORD');
  }
  const now = deps.now();
  let saved: User;
  try {
    saved = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ fullName: input.full_name, email: input.email, ...phone.columns, countryRegion: input.country_region, updatedAt: now })
        .where(eq(users.id, principal.userId))
        .returning();
      if (emailChanges) {
        await spendOpenResetLinks(tx, principal.userId, now);
        const texts = fr.accountSecurity.mail;
        const body = texts.emailChangedBody(current.fullName, current.email, input.email, formatDateTime(now.toISOString()));
        await queueMails(
          tx,
          [{ userId: principal.userId, to: current.email, subject: texts.emailChangedSubject, text: `${body}\n\n${texts.signature}`, kind: 'email_changed' }],
          now,
        );
      }
      return toApiUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  if (!phone.sendCodeTo) return { ...saved, phone_verification: null };
  // The verified number stays in force until the new one's code is typed (POST /auth/phone/verify).
  try {
    return { ...saved, phone_verification: await phones.start({ userId: principal.userId, phone: phone.sendCodeTo, purpose: 'phone_change', ip }) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...saved, phone_verification: { phone_masked: maskedPhone(toE164(phone.sendCodeTo) ?? phone.sendCodeTo), sent: false, detail: error.detail, expires_at: null, resend_after_seconds: 0, demo_code: null } };
  }
}

/**
 * What a profile save does to the phone: an unverified account simply changes it; a verified one
 * keeps its number until the new one is verified by SMS (a person is a verified phone: one cannot
 * become someone else by typing a number).
 */
function phoneUpdate(current: { phone: string; personId: string | null; pendingPhone: string | null }, typed: string) {
  const same = (a: string | null) => a !== null && toE164(a) === toE164(typed);
  if (!current.personId) return { columns: { phone: typed, pendingPhone: null }, sendCodeTo: null };
  if (same(current.phone)) return { columns: { pendingPhone: null }, sendCodeTo: null };
  if (same(current.pendingPhone)) return { columns: {}, sendCodeTo: null };
  return { columns: { pendingPhone: typed }, sendCodeTo: typed };
}

export async function updateAvatar(deps: AppDeps, principal: Principal, avatarUrl: string | null): Promise<User> {
  const current = await findUserById(deps, principal.userId);
  const resolved = await resolveAvatar(deps, avatarUrl, current.avatarUrl);
  const [row] = await deps.db.update(users).set({ avatarUrl: resolved, updatedAt: deps.now() }).where(eq(users.id, principal.userId)).returning();
  return toApiUser(row);
}

/** Changing the password signs out every other device. */
export async function changePassword(deps: AppDeps, principal: Principal, input: z.output<typeof PasswordChangeSchema>): Promise<void> {
  const user = await findUserById(deps, principal.userId);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) throw new AppError('WRONG_CURRENT_PASSWORD');
  if (input.current_password === input.new_password) throw new AppError('SAME_PASSWORD');
  assertAcceptablePassword(input.new_password, { email: user.email, fullName: user.fullName });
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, principal.userId));
    await spendOpenResetLinks(tx, principal.userId, deps.now());
    await tx
      .update(sessions)
      .set({ revokedAt: deps.now() })
      .where(and(eq(sessions.userId, principal.userId), ne(sessions.id, principal.sessionId), sql`${sessions.revokedAt} is null`));
  });
  await sessionsChanged(deps.db);
}

/**
 * Saves the preferences. A city (the price list's filter) must be one the stores are in; it is kept
 * as the stores spell it (« port-gentil » → « Port-Gentil »).
 */
export async function updatePreferences(deps: AppDeps, principal: Principal, changes: Partial<Preferences>): Promise<User> {
  const user = await findUserById(deps, principal.userId);
  const city = changes.city ? await knownCity(deps, changes.city) : changes.city;
  const preferences = { ...DEFAULT_PREFERENCES, ...user.preferences, ...changes, ...(city !== undefined ? { city } : {}) };
  const [row] = await deps.db.update(users).set({ preferences, updatedAt: deps.now() }).where(eq(users.id, principal.userId)).returning();
  if (changes.city !== undefined) await invalidateCache(deps.db, SAVED_CITY_CACHE);
  return toApiUser(row);
}

async function knownCity(deps: AppDeps, city: string): Promise<string> {
  const { cities } = await storeCities(deps);
  const known = cities.find((c) => c.city.localeCompare(city, 'fr', { sensitivity: 'base' }) === 0);
  if (!known) throw new AppError('CITY_UNKNOWN');
  return known.city;
}

/** Users' saved cities, read by every product page a signed-in user opens; cleared when one changes. */
const SAVED_CITY_CACHE = 'saved-cities';

/** The city whose prices the user chose to see (preferences.city), null for every city. */
export function savedCity(deps: AppDeps, userId: string): Promise<string | null> {
  return readCacheOf(deps.db, SAVED_CITY_CACHE, { ttlMs: 60_000, maxEntries: 10_000 }).get(userId, async () => {
    const [row] = await deps.db.select({ city: sql<string | null>`${users.preferences} ->> 'city'` }).from(users).where(eq(users.id, userId));
    return row?.city ?? null;
  });
}

const RECENT_ACTIVITY = 8;

export async function userStats(deps: AppDeps, principal: Principal): Promise<UserStats> {
  const { db } = deps;
  const userId = principal.userId;
  const [[lists], [contributions], [deliveries], [savings]] = await Promise.all([
    db.select({ n: count() }).from(shoppingLists).where(eq(shoppingLists.userId, userId)),
    db.select({ n: count() }).from(priceObservations).where(and(eq(priceObservations.userId, userId), inArray(priceObservations.source, CONTRIBUTED_SOURCES))),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
    // What the chosen baskets saved against the nearest-store plan, over deliveries not cancelled.
    db.execute<{ total: number | string | null }>(sql`
      select coalesce(sum(coalesce((c.optimization->>'total_savings')::numeric, 0)), 0) as total
      from orders o join carts c on c.id = o.cart_id
      where o.user_id = ${userId} and o.status <> 'cancelled'`).then((r) => (r as unknown as { rows: { total: number | string | null }[] }).rows),
  ]);

  const [recentLists, recentContributions, recentOrders] = await Promise.all([
    db.select({ name: shoppingLists.name, at: shoppingLists.createdAt }).from(shoppingLists).where(eq(shoppingLists.userId, userId)).orderBy(desc(shoppingLists.createdAt)).limit(RECENT_ACTIVITY),
    db
      .select({ product: products.name, store: stores.name, at: priceObservations.createdAt })
      .from(priceObservations)
      .innerJoin(products, eq(products.id, priceObservations.productId))
      .innerJoin(stores, eq(stores.id, priceObservations.storeId))
      .where(and(eq(priceObservations.userId, userId), inArray(priceObservations.source, CONTRIBUTED_SOURCES)))
      .orderBy(desc(priceObservations.createdAt))
      .limit(RECENT_ACTIVITY),
    db.select({ status: orders.status, at: orders.createdAt }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(RECENT_ACTIVITY),
  ]);

  const statusLabel = (status: string) => (fr.delivery.status as Record<string, string>)[status]?.toLowerCase() ?? status;
  const recent_activity = [
    ...recentLists.map((l) => ({ type: 'list' as const, label: fr.profile.stats.activity.list(l.name), created_at: l.at.toISOString() })),
    ...recentContributions.map((c) => ({ type: 'contribution' as const, label: fr.profile.stats.activity.contribution(c.product, c.store), created_at: c.at.toISOString() })),
    ...recentOrders.map((o) => ({ type: 'delivery' as const, label: fr.profile.stats.activity.delivery(statusLabel(o.status)), created_at: o.at.toISOString() })),
  ]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, RECENT_ACTIVITY);

  return {
    lists_created: lists.n,
    prices_contributed: contributions.n,
    deliveries: deliveries.n,
    total_savings: Math.round(Number(savings?.total ?? 0)),
    recent_activity,
  };
}
