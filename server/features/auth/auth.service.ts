// Accounts and sessions: registration, sign-in, refresh, sign-out, and turning a bearer token into
// a principal. The role always comes from the stored account, never from the e-mail or the client.
import { and, eq } from 'drizzle-orm';
import { SESSION, IMAGE_MAX_BYTES, PRESET_AVATARS } from '#contract/constants';
import { DEFAULT_PREFERENCES, type LoginResponse, type PhoneVerificationStarted, type RegisterResponse, type SessionUser, type User } from '#contract/users';
import { maskedPhone, toE164 } from '#contract/phone';
import type { z } from 'zod';
import type { LoginSchema, RegisterSchema } from '#contract/users';
import type { AppDeps } from '../../deps';
import { sessions, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { sessionsChanged } from '../../platform/cache-invalidation';
import { AppError } from '../../platform/errors';
import { AVATAR_VARIANTS, decodeBase64Image, isDataUrl, storeImage } from '../../platform/images';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords';
import { admitLoginAttempt, recordLoginFailure, recordLoginSuccess } from './login-limiter';
import { assertAcceptablePassword } from './password-policy';
import type { PhoneVerification } from './phone-verification';
import { admitRegistration } from './registration-flood-guard';
import type { TokenService } from './tokens';

export type AuthDeps = AppDeps & { tokens: TokenService; phones: PhoneVerification };
export type ClientInfo = { ip: string; userAgent?: string };
type UserRow = typeof users.$inferSelect;

export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    phone: row.phone,
    phone_verified: row.personId !== null,
    pending_phone: row.pendingPhone,
    country_region: row.countryRegion,
    user_type: row.userType,
    avatar_url: row.avatarUrl,
    created_at: row.createdAt.toISOString(),
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
  };
}

/**
 * An avatar is a preset, an image the user already has, or a new upload sent as a data URL
 * (checked by content, at most 5 MB, stored as a 256 px WebP). Anything else is refused.
 */
export async function resolveAvatar(deps: AppDeps, value: string | null | undefined, current: string | null = null): Promise<string | null> {
  if (value === null || value === undefined || value.trim() === '') return null;
  if (PRESET_AVATARS.includes(value)) return value;
  if (value === current) return current;
  if (isDataUrl(value)) {
    const bytes = decodeBase64Image(value, IMAGE_MAX_BYTES, 'AVATAR_TOO_LARGE');
    const [url] = await storeImage(deps.storage, 'avatars', bytes, AVATAR_VARIANTS);
    return url;
  }
  // Another user's upload, a foreign URL, a path: refused.
  throw new AppError('AVATAR_INVALID');
}

export async function findUserById(deps: AppDeps, id: string): Promise<UserRow> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('SESSION_INVALID');
  return row;
}

async function openSession(deps: AuthDeps, user: UserRow, client: ClientInfo): Promise<LoginResponse> {
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + SESSION.lengthMs);
  const [session] = await deps.db
    .insert(sessions)
    .values({ userId: user.id, createdAt: now, expiresAt, lastRefreshedAt: now, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) })
    .returning();
  return sessionResponse(deps, user, session);
}

async function sessionResponse(deps: AuthDeps, user: UserRow, session: typeof sessions.$inferSelect): Promise<LoginResponse> {
  const access_token = await deps.tokens.sign({ userId: user.id, sessionId: session.id, expiresAt: session.expiresAt });
  const sessionUser: SessionUser = {
    ...toApiUser(user),
    login_timestamp: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
  };
  return { access_token, token_type: 'bearer', expires_at: session.expiresAt.toISOString(), user: sessionUser };
}

export async function register(deps: AuthDeps, input: z.output<typeof RegisterSchema>, client: ClientInfo): Promise<RegisterResponse> {
  assertAcceptablePassword(input.password, { email: input.email, fullName: input.full_name });
  // An account whose phone cannot be verified could never contribute: say so before creating it.
  if (!deps.phones.available) throw new AppError('SMS_UNAVAILABLE');
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new AppError('EMAIL_TAKEN');
  const avatarUrl = await resolveAvatar(deps, input.avatar_url);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  let user: UserRow;
  try {
    user = await deps.db.transaction(async (tx) => {
      await admitRegistration(tx, client.ip, deps.config.registration, now);
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          fullName: input.full_name,
          phone: input.phone,
          countryRegion: input.country_region,
          userType: input.user_type,
          // An agent's application waits for a moderator: no orders until it is approved.
          agentStatus: input.user_type === 'delivery_agent' ? 'pending' : null,
          avatarUrl,
          preferences: { ...DEFAULT_PREFERENCES, ...input.preferences },
          registrationIp: client.ip,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row;
    });
  } catch (error) {
    // Two registrations of one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  const session = await openSession(deps, user, client);
  return { ...session, phone_verification: await sendFirstCode(deps, user, client) };
}

/** The registration's code; the account exists either way, and a failed send can be asked again. */
async function sendFirstCode(deps: AuthDeps, user: UserRow, client: ClientInfo): Promise<PhoneVerificationStarted> {
  try {
    return await deps.phones.start({ userId: user.id, phone: user.phone, purpose: 'registration', ip: client.ip });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const e164 = toE164(user.phone);
    return { phone_masked: e164 ? maskedPhone(e164) : user.phone, sent: false, detail: error.detail, expires_at: null, resend_after_seconds: 0, demo_code: null };
  }
}

export async function login(deps: AuthDeps, input: z.output<typeof LoginSchema>, client: ClientInfo): Promise<LoginResponse> {
  const attempt = { email: input.email, ip: client.ip };
  const now = deps.now();
  // Recorded in flight before the password is checked; the check makes it a success or a failure.
  const attemptId = await admitLoginAttempt(deps.db, attempt, deps.config.loginLimits, now);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !valid) {
    await recordLoginFailure(deps.db, attemptId);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await recordLoginSuccess(deps.db, attemptId, attempt, now);
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  if (input.user_type === 'delivery_agent' && user.userType !== 'delivery_agent') throw new AppError('NOT_AN_AGENT');
  return openSession(deps, user, client);
}

/** Extends the session 24 h ahead. Accepts a token that expired less than the grace hour ago. */
export async function refresh(deps: AuthDeps, token: string): Promise<LoginResponse> {
  const claims = await deps.tokens.verify(token);
  const now = deps.now();
  const session = await liveSession(deps, claims.sessionId, claims.userId);
  if (now.getTime() > session.expiresAt.getTime() + SESSION.graceMs) throw new AppError('SESSION_EXPIRED');
  const [updated] = await deps.db
    .update(sessions)
    .set({ expiresAt: new Date(now.getTime() + SESSION.lengthMs), lastRefreshedAt: now })
    .where(eq(sessions.id, session.id))
    .returning();
  return sessionResponse(deps, await findUserById(deps, claims.userId), updated);
}

export async function logout(deps: AppDeps, principal: Principal): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: deps.now() }).where(eq(sessions.id, principal.sessionId));
  await sessionsChanged(deps.db);
}

export async function resolvePrincipal(deps: AuthDeps, token: string): Promise<Principal> {
  const claims = await deps.tokens.verify(token);
  if (claims.expired) throw new AppError('SESSION_EXPIRED');
  const [row] = await deps.db
    .select({ session: sessions, userType: users.userType, suspendedAt: users.suspendedAt, isDemo: users.isDemo })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
  if (!row || row.session.revokedAt || row.suspendedAt) throw new AppError('SESSION_INVALID');
  if (row.session.expiresAt.getTime() < deps.now().getTime()) throw new AppError('SESSION_EXPIRED');
  return { userId: claims.userId, sessionId: claims.sessionId, userType: row.userType, isDemo: row.isDemo };
}

async function liveSession(deps: AppDeps, sessionId: string, userId: string) {
  const [session] = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (!session || session.revokedAt) throw new AppError('SESSION_INVALID');
  return session;
}

/** The current session's timestamps, for GET /users/me. */
export async function sessionUser(deps: AppDeps, principal: Principal): Promise<SessionUser> {
  const session = await liveSession(deps, principal.sessionId, principal.userId);
  const user = await findUserById(deps, principal.userId);
  return { ...toApiUser(user), login_timestamp: session.createdAt.toISOString(), expires_at: session.expiresAt.toISOString() };
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
