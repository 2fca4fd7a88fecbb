// The purchase date and time of a ticket, as French tills print them: "03/12/2026 14:05",
// "03-12-26 14H05", "03.12.2026", "3 déc. 2026 à 14:05", "2026-12-03 14:05:33", the time on the
// next line, and OCR slips in the figures ("O3/l2/2O26"). Day before month, always. Answers ISO
// 8601: a date-time with Libreville's offset (UTC+1 all year) when the time is known, else the date.
import { foldName } from '#contract/lists';

const MONTHS: [RegExp, number][] = [
  [/^janv?/, 1], [/^fe?vr?/, 2], [/^mars?$/, 3], [/^avr/, 4], [/^mai$/, 5], [/^juin$/, 6],
  [/^juil/, 7], [/^aou?t?$/, 8], [/^sept?/, 9], [/^oct/, 10], [/^nov/, 11], [/^dec/, 12],
];
const MONTH_WORD = 'janv(?:ier)?|fevr?(?:ier)?|mars|avr(?:il)?|mai|juin|juil(?:let)?|aout?|sept?(?:embre)?|oct(?:obre)?|nov(?:embre)?|dec(?:embre)?';

const NUMERIC_DATE = /(?<![\d])(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})(?!\d)/;
const ISO_DATE = /(?<!\d)(20\d{2})-(\d{2})-(\d{2})(?!\d)/;
const WORD_DATE = new RegExp(`(?<!\\d)(\\d{1,2})(?:er)?\\s*(${MONTH_WORD})\\.?\\s*(\\d{4}|\\d{2})(?!\\d)`);
const TIME = /(?<![\d])([01]?\d|2[0-3])\s?[:hH]\s?([0-5]\d)(?:\s?:\s?([0-5]\d))?(?!\d)/;
/** "14.05" reads as a time only beside a date already found on the line. */
const LOOSE_TIME = /(?<![\d.])([01]?\d|2[0-3])\s?[:hH.]\s?([0-5]\d)(?:\s?[:.]\s?([0-5]\d))?(?![\d.])/;

export type FoundDate = { date: string; time: string | null; line: number };

/** Undoes O/0 and l/1 slips inside tokens that hold figures and date or time separators. */
function withDigits(text: string): string {
  return text.replace(/\S+/g, (token) => (/\d/.test(token) && /^[\dOolI|/.:hH-]+$/.test(token) ? token.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1') : token));
}

function validDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (year < 2000 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const monthOf = (word: string) => MONTHS.find(([re]) => re.test(word))?.[1] ?? null;

/** The date on one line and what is left of the line around it. */
function dateOn(line: string): { date: string; rest: string } | null {
  const text = withDigits(foldName(line));
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const date = validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date) return { date, rest: text.slice(0, iso.index) + ' ' + text.slice(iso.index + iso[0].length) };
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const date = validDate(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
    if (date) return { date, rest: text.slice(0, numeric.index) + ' ' + text.slice(numeric.index + numeric[0].length) };
  }
  const word = WORD_DATE.exec(text);
  if (word) {
    const month = monthOf(word[2]);
    const date = month ? validDate(Number(word[3]), month, Number(word[1])) : null;
    if (date) return { date, rest: text.slice(0, word.index) + ' ' + text.slice(word.index + word[0].length) };
  }
  return null;
}

function timeOn(text: string, loose: boolean): string | null {
  const m = (loose ? LOOSE_TIME : TIME).exec(withDigits(foldName(text)));
  if (!m) return null;
  return `${m[1].padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/**
 * The purchase date: the first line holding a date with a time (on it or on the next line), else
 * the first date. A "valable jusqu'au" date in the footer never wins over the header's.
 */
export function findPurchaseDate(lines: readonly string[]): FoundDate | null {
  let first: FoundDate | null = null;
  for (let i = 0; i < lines.length; i++) {
    const found = dateOn(lines[i]);
    if (!found) continue;
    if (/valable|jusqu|expir|echeance/.test(foldName(lines[i]))) continue;
    const time = timeOn(found.rest, true) ?? (lines[i + 1] && !dateOn(lines[i + 1]) ? timeOn(lines[i + 1], false) : null) ?? (i > 0 && !dateOn(lines[i - 1]) ? timeOn(lines[i - 1], false) : null);
    const candidate = { date: found.date, time, line: i };
    if (time) return candidate;
    first ??= candidate;
  }
  return first;
}

/** ISO 8601: "2026-12-03T14:05:00+01:00", or "2026-12-03" without a time. */
export function toIso(found: FoundDate): string {
  return found.time ? `${found.date}T${found.time}+01:00` : found.date;
}

/** Whether a line holds a date, or a time alone: header or footer, never an item. */
export function isDateLine(line: string): boolean {
  if (dateOn(line)) return true;
  return /^\s*(?:heure\s*:?\s*)?\d{1,2}\s?[:h]\s?\d{2}(?::\d{2})?\s*$/i.test(withDigits(line));
}
