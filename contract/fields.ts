// Field helpers shared by the request schemas: strict ISO dates. A date must exist on the calendar
// ('2026-11-31' does not) and a date-time must be exactly an ISO 8601 date-time whose every part is
// in range (no '25:00', no trailing garbage), so the database never sees a value it cannot cast.
//
// NUL characters and lone UTF-16 surrogates are refused for every text field of every request (body,
// query string and path) in one place on the server: server/platform/request-input.ts.
import { z } from './zod';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'yyyy-mm-dd' naming a day that exists. */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  return Boolean(m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])));
}

/** A full ISO 8601 date-time with an offset ('2026-11-25T08:30:00.000Z', '…T08:30+01:00'), every part in range. */
export function isIsoDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  if (m[7] !== 'Z' && (Number(m[8]) > 23 || Number(m[9]) > 59)) return false;
  return true;
}

/** A calendar date 'yyyy-mm-dd'. */
export const isoDateField = (message: string) => z.string({ error: message }).refine(isIsoDate, { error: message });

/** A calendar date, or an ISO date-time whose date part is the day meant (the client's own day). */
export const isoDateOrDateTimeField = (message: string) =>
  z.string({ error: message }).refine((v) => isIsoDate(v) || isIsoDateTime(v), { error: message });
