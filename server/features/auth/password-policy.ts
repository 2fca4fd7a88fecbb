// The rule for a new password (registration, password change, reset): the contract's checks (length,
// one repeated character, only spaces, the owner's e-mail or name) plus zxcvbn's list of 49 233
// common passwords (MIT), loaded once on the server and never shipped to the browser. Passwords are
// checked when they are set, never at sign-in: existing accounts keep signing in. Also the product's
// own words and the published demo passwords (isProductPassword).
import { dictionary } from '@zxcvbn-ts/language-common';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { type PasswordOwner, foldForComparison, isLikeIdentity, simpleWeakness } from '#contract/password-rule';
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

// The words an attacker tries first against this site: its name, the country, its cities, its
// operators and the demo accounts' words. Refused alone or dressed with digits and symbols
// (« gabon2026 », « MonPanier! »), and in pairs (« monpaniergabon »).
const PRODUCT_WORDS = [
  'monpanier', 'panier', 'marketplace', 'gabon', 'gabonais', 'gabonaise', 'libreville', 'portgentil', 'franceville', 'oyem',
  'owendo', 'akanda', 'lambarene', 'moanda', 'mouila', 'fcfa', 'xaf', 'airtel', 'airtelmoney', 'moov', 'moovmoney',
  'demo', 'demonstration', 'agent', 'modo', 'moderateur', 'moderatrice', 'admin', 'livreur', 'livraison', 'courses',
];
const PUBLISHED_PASSWORDS = new Set(Object.values(DEMO_ACCOUNTS).map((account) => account.password.toLowerCase()));

/** The product's words, or a published demo password, with or without digits and symbols around. */
export function isProductPassword(password: string): boolean {
  if (PUBLISHED_PASSWORDS.has(password.trim().toLowerCase())) return true;
  const letters = foldForComparison(password).replace(/[^a-z]/g, '');
  if (!letters) return false;
  const words = new Set(PRODUCT_WORDS);
  if (words.has(letters)) return true;
  for (let cut = 2; cut < letters.length - 1; cut++) if (words.has(letters.slice(0, cut)) && words.has(letters.slice(cut))) return true;
  return false;
}

/** Throws the French reason a new password is refused. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner): void {
  const simple = simpleWeakness(password);
  if (simple) throw new AppError('PASSWORD_TOO_WEAK', simple);
  if (isLikeIdentity(password, owner)) throw new AppError('PASSWORD_LIKE_IDENTITY');
  if (isCommonPassword(password) || isProductPassword(password)) throw new AppError('PASSWORD_TOO_COMMON', fr.accountSecurity.passwordTooCommon);
}
