// The commands of `npm run admin` (server/cli/admin.ts): moderator accounts, from the server's shell,
// never through the API:
//   npm run admin -- create <email> [--name "Prénom Nom"] [--password <mot de passe>]
//   npm run admin -- promote <email>     an existing account becomes a moderator
//   npm run admin -- demote <email>      a moderator becomes a client again
//   npm run admin -- list
// Without --password, a strong one is generated and printed once.
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH } from '#contract/constants';
import { fr } from '#contract/messages';
import { DEFAULT_PREFERENCES, emailField } from '#contract/users';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { sessionsChanged } from '../platform/cache-invalidation';
import { hashPassword } from '../platform/passwords';
import { assertAcceptablePassword } from '../features/auth/password-policy';

const USAGE = `Usage :
  npm run admin -- create <email> [--name "Prénom Nom"] [--password <mot de passe>]
  npm run admin -- promote <email>
  npm run admin -- demote <email>
  npm run admin -- list`;

export class CliError extends Error {}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new CliError(`--${name} attend une valeur`);
  return value;
}

function parseEmail(value: string | undefined): string {
  const parsed = emailField('Adresse email manquante').safeParse(value ?? '');
  if (!parsed.success) throw new CliError(`${parsed.error.issues[0]?.message ?? 'Adresse email invalide'}\n${USAGE}`);
  return parsed.data;
}

async function create(db: Db, args: string[]): Promise<string> {
  const email = parseEmail(args[0]);
  const name = option(args, 'name') ?? 'Modérateur MonPanier';
  const given = option(args, 'password');
  if (given !== undefined && given.length < PASSWORD_MIN_LENGTH) throw new CliError(fr.register.passwordTooShort);
  const password = given ?? randomBytes(12).toString('base64url');
  try {
    assertAcceptablePassword(password, { email, fullName: name });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new CliError(`Un compte existe déjà avec l'adresse ${email} (utilisez « promote »)`);
  await db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    fullName: name,
    phone: '',
    countryRegion: 'Gabon',
    userType: 'admin',
    preferences: DEFAULT_PREFERENCES,
  });
  return given ? `Modérateur créé : ${email}` : `Modérateur créé : ${email}\nMot de passe (affiché une seule fois) : ${password}`;
}

/** Changes an account's type; its sessions end, so the new role applies from its next sign-in. */
async function setType(db: Db, email: string, from: 'consumer' | 'admin', to: 'consumer' | 'admin'): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ userType: to, updatedAt: new Date() })
      .where(and(eq(users.email, email), from === 'admin' ? eq(users.userType, 'admin') : undefined))
      .returning({ id: users.id });
    if (!row) return false;
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, row.id));
    return true;
  });
  // The running API instances (PostgreSQL) drop what they cached of its sessions.
  if (changed) await sessionsChanged(db);
  return changed;
}

/** Runs one command line (without the program name) and answers what to print. */
export async function runAdminCommand(db: Db, [command, ...args]: string[]): Promise<string> {
  switch (command) {
    case 'create':
      return create(db, args);
    case 'promote': {
      const email = parseEmail(args[0]);
      if (!(await setType(db, email, 'consumer', 'admin'))) throw new CliError(`Aucun compte avec l'adresse ${email}`);
      return `${email} est maintenant modérateur`;
    }
    case 'demote': {
      const email = parseEmail(args[0]);
      if (!(await setType(db, email, 'admin', 'consumer'))) throw new CliError(`Aucun modérateur avec l'adresse ${email}`);
      return `${email} n'est plus modérateur`;
    }
    case 'list': {
      const rows = await db.select({ email: users.email, name: users.fullName }).from(users).where(eq(users.userType, 'admin')).orderBy(asc(users.email));
      return rows.length ? rows.map((r) => `${r.email}\t${r.name}`).join('\n') : 'Aucun modérateur';
    }
    default:
      throw new CliError(USAGE);
  }
}

