// How often "Mot de passe oublié ?" may be asked, per client address and per e-mail. The count is
// of requests, whether or not the account exists, so the 429 reveals nothing about accounts. It
// lives in the process (the password_resets table only has rows for real accounts): behind several
// API instances each keeps its own count, and the per-account cap on reset mails in
// password-reset.ts still holds across all of them.
import { fr } from '#contract/messages';
import { AppError } from '../../platform/errors';

const HOUR_MS = 3_600_000;
/** Keys remembered at most; the oldest are forgotten first (an address spraying e-mails cannot grow memory). */
const MAX_KEYS = 20_000;

export type ResetThrottle = { admit: (keys: { ip: string; email: string }, now: Date) => void };

export function createResetThrottle(limits: { perIpPerHour: number; perEmailPerHour: number }): ResetThrottle {
  const seen = new Map<string, number[]>();

  const recent = (key: string, now: number) => (seen.get(key) ?? []).filter((t) => t > now - HOUR_MS);

  return {
    admit({ ip, email }, now) {
      const t = now.getTime();
      const checks = [
        { key: `ip:${ip}`, limit: limits.perIpPerHour },
        { key: `email:${email}`, limit: limits.perEmailPerHour },
      ].map((c) => ({ ...c, times: recent(c.key, t) }));
      const over = checks.find((c) => c.times.length >= c.limit);
      if (over) {
        const minutes = Math.max(1, Math.ceil((over.times[0] + HOUR_MS - t) / 60_000));
        throw new AppError('TOO_MANY_RESET_REQUESTS', fr.accountSecurity.tooManyResetRequests(minutes));
      }
      for (const c of checks) {
        seen.delete(c.key);
        seen.set(c.key, [...c.times, t]);
      }
      while (seen.size > MAX_KEYS) seen.delete(seen.keys().next().value!);
    },
  };
}
