// The rule for a new password (registration, password change, reset): the contract's checks (length,
// one repeated character, only spaces, the owner's e-mail or name) plus zxcvbn's list of 49 233
// common passwords (MIT), loaded once on the server and never shipped to the browser. Passwords are
// checked when they are set, never at sign-in: existing accounts keep signing in.
import { dictionary } from '@zxcvbn-ts/language-common';
import { fr } from '#contract/messages';
import { type PasswordOwner, isLikeIdentity, simpleWeakness } from '#contract/password-rule';
import { AppError } from '../../platform/errors';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as (string | number)[]).map((p) => String(p).toLowerCase()));
  return common;
}

/** True for a password of the list, whatever its case ("Password", "AZERTY") or surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Throws the French reason a new password is refused. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner): void {
  const simple = simpleWeakness(password);
  if (simple) throw new AppError('PASSWORD_TOO_WEAK', simple);
  if (isLikeIdentity(password, owner)) throw new AppError('PASSWORD_LIKE_IDENTITY');
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', fr.accountSecurity.passwordTooCommon);
}
