// Display formatting shared by the web and the server (notifications, e-mails): fr-FR, XAF as FCFA.
//
// Written out rather than built on Intl: the first fr-FR Intl formatter of a page makes the browser
// load the locale's and the time zone's data, a single task of ~250 ms on this project's test
// machine (≈1 s on a cheap phone), the longest of a signed-in page's start (issue 15). The output is
// Intl's, character for character (format.unit.test.ts compares them): U+202F between groups of
// digits, U+00A0 before "FCFA" and "%", a decimal comma, and Libreville's clock (UTC+1 all year:
// Gabon keeps West Africa Time and has no summer time).
import { fr } from './messages';

export const TIME_ZONE = 'Africa/Libreville';
/** Libreville's offset from UTC, all year. */
const LIBREVILLE_OFFSET_MS = 60 * 60 * 1000;

const GROUP = '\u202f';
const NBSP = '\u00a0';

/** "1234567" → "1 234 567" (groups of three digits, French separator). */
function groupDigits(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += GROUP;
    out += digits[i];
  }
  return out;
}

/**
 * The decimal digits of |value| × 10^shift rounded to `fraction` places, half away from zero, as Intl
 * does: from the shortest decimal that reads back as the number (1.005 → "1.01", where toFixed says
 * 1.00), shifted as a string (0.0035 as a percentage is 0.35, not 0.35000000000000003).
 */
function roundedDigits(value: number, fraction: number, shift = 0): { whole: string; decimals: string } {
  const shortest = Math.abs(value).toString();
  if (shortest.includes('e')) {
    // Outside 1e-7…1e21: beyond what a price, a distance or a count reaches.
    const [whole, decimals = ''] = (Math.abs(value) * 10 ** shift).toFixed(Math.min(fraction, 100)).split('.');
    return { whole, decimals };
  }
  const [wholePart, decimalPart = ''] = shortest.split('.');
  const digits = wholePart + decimalPart.padEnd(shift, '0');
  const point = wholePart.length + shift;
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point);
  if (decimals.length <= fraction) return { whole, decimals };
  const kept = BigInt(whole + decimals.slice(0, fraction)) + (decimals.charCodeAt(fraction) >= 53 /* '5' */ ? 1n : 0n);
  const text = kept.toString().padStart(fraction + 1, '0');
  return { whole: text.slice(0, text.length - fraction), decimals: text.slice(text.length - fraction) };
}

type DecimalOptions = { minFraction?: number; maxFraction: number; grouping?: boolean; /** × 10^shift first (2 for a percentage) */ shift?: number };

/** A number in French: "1 234,5" (at most maxFraction decimals, no trailing zeros beyond minFraction). */
export function formatDecimal(input: number, { minFraction = 0, maxFraction, grouping = true, shift = 0 }: DecimalOptions): string {
  // As Intl does, a numeric string (a NUMERIC column read as text) is read as its number.
  const value = Number(input);
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const rounded = roundedDigits(value, maxFraction, shift);
  let decimals = rounded.decimals.replace(/0+$/, '');
  if (decimals.length < minFraction) decimals = decimals.padEnd(minFraction, '0');
  const negative = value < 0 && (/[1-9]/.test(rounded.whole) || /[1-9]/.test(decimals));
  return `${negative ? '-' : ''}${grouping ? groupDigits(rounded.whole) : rounded.whole}${decimals ? `,${decimals}` : ''}`;
}

/** 12.345 → "12,3" (a distance in km, a ratio). */
export function formatOneDecimal(value: number): string {
  return formatDecimal(value, { maxFraction: 1 });
}

/** 4700 → "4 700 FCFA" (integer XAF, no decimals). */
export function formatXaf(amount: number): string {
  return `${formatDecimal(Math.round(amount), { maxFraction: 0 })}${NBSP}FCFA`;
}

/** 1234.5678 → "1 234,568" (up to three decimals). */
export function formatNumber(value: number): string {
  return formatDecimal(value, { maxFraction: 3 });
}

/** 0.125 → "12,5 %" (up to one decimal). */
export function formatPercent(rate: number): string {
  return `${formatDecimal(rate, { maxFraction: 1, shift: 2 })}${NBSP}%`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The instant's calendar fields on Libreville's clock. */
function librevilleClock(value: string | Date) {
  const shifted = new Date(new Date(value).getTime() + LIBREVILLE_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dd/MM/yyyy. A plain date ("2026-11-23") is shown as is, without any time-zone shift. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const c = librevilleClock(value);
  return `${two(c.day)}/${two(c.month)}/${c.year}`;
}

/** dd/MM/yyyy HH:mm, Libreville time. */
export function formatDateTime(value: string | Date): string {
  const c = librevilleClock(value);
  return `${two(c.day)}/${two(c.month)}/${c.year} ${two(c.hour)}:${two(c.minute)}`;
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
  const c = librevilleClock(now);
  return `${c.year}-${two(c.month)}-${two(c.day)}`;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
