// Quiet hours: a daily window, in Libreville time, during which no push is sent (the in-app
// notification is still stored). The window may cross midnight (22:00 → 07:00).
import { TIME_ZONE } from '#contract/format';

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Minutes since midnight in Libreville. */
export function librevilleMinutes(now: Date): number {
  const parts = clock.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** True inside [start, end). No window when either bound is missing or both are equal. */
export function isQuietTime(start: string | null, end: string | null, now: Date): boolean {
  if (!start || !end) return false;
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return false;
  const t = librevilleMinutes(now);
  return from < to ? t >= from && t < to : t >= from || t < to;
}
