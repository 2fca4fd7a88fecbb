// Display formatting shared by the web and the server (notifications, e-mails): fr-FR, XAF as FCFA.
import { fr } from './messages';

export const TIME_ZONE = 'Africa/Libreville';

/**
 * A formatter made on first use, then kept. The first fr-FR formatter of a page loads the locale's
 * data (~20 ms on a desktop, 4× that on a cheap phone): a page that shows no amount or date, or
 * shows them later, must not pay it while its script starts.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const xafFormatter = onFirstUse(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XAF', maximumFractionDigits: 0 }));
const numberFormatter = onFirstUse(() => new Intl.NumberFormat('fr-FR'));
const dateFormatter = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE }));
const dateTimeFormatter = onFirstUse(
  () => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE }),
);

/**
 * Builds the formatters a page of amounts and dates uses at once, e.g. while the page waits for its
 * data: the locale's data is then loaded before the data comes, not in the same task as its render.
 */
export function prepareFormatters(): void {
  xafFormatter();
  dateTimeFormatter();
}

/** 4700 → "4 700 FCFA" (integer XAF, no decimals). */
export function formatXaf(amount: number): string {
  return xafFormatter().format(Math.round(amount));
}

export function formatNumber(value: number): string {
  return numberFormatter().format(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dd/MM/yyyy. A plain date ("2026-11-23") is shown as is, without any time-zone shift. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  return dateFormatter().format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  return dateTimeFormatter().format(new Date(value));
}

/** 'À l'instant', 'Il y a Nmin', 'Il y a Nh', 'Il y a Nj'. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(value).getTime()) / 1000);
  if (seconds < 60) return fr.relativeTime.now;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return fr.relativeTime.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return fr.relativeTime.hours(hours);
  return fr.relativeTime.days(Math.floor(hours / 24));
}

/** Today's date in Libreville as YYYY-MM-DD (used for "no past dates" rules on both sides). */
export function todayInGabon(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
