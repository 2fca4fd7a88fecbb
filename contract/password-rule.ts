// The checks of a new password that need no word list, shared by the forms and the server. The
// server adds the list of common passwords (server/features/auth/password-policy.ts), which is too
// large to ship to the browser.
import { accountSecurity } from './messages-accounts';

/** Lower case, without accents, spaces or the usual separators: "Aïcha Mba" → "aichamba". */
export function foldForComparison(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s._\-'’]+/g, '');
}

/** Why a password of the right length is still too weak on its own, or null. */
export function simpleWeakness(password: string): string | null {
  if (password.length > 0 && password.trim() === '') return accountSecurity.passwordBlank;
  const chars = [...password];
  if (chars.length > 1 && chars.every((c) => c === chars[0])) return accountSecurity.passwordRepeated;
  return null;
}

export type PasswordOwner = { email?: string | null; fullName?: string | null };

/** The password is the e-mail, its local part, or the full name (case, accents and separators ignored). */
export function isLikeIdentity(password: string, owner: PasswordOwner): boolean {
  const folded = foldForComparison(password);
  if (!folded) return false;
  const email = owner.email?.trim() ?? '';
  const candidates = [email, email.split('@')[0], owner.fullName ?? ''].map(foldForComparison).filter((c) => c.length > 0);
  return candidates.includes(folded);
}

/** Every check the browser can make: the simple ones, then the owner's e-mail and name. */
export function passwordWeakness(password: string, owner: PasswordOwner = {}): string | null {
  return simpleWeakness(password) ?? (isLikeIdentity(password, owner) ? accountSecurity.passwordLikeIdentity : null);
}
