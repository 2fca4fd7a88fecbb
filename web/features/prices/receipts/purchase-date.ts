// The ticket's date and time as the review screen edits them (Libreville's clock, dd/MM/yyyy and
// HH:MM fields) and back to the ISO 8601 instant the submit takes.
import { formatDateTime } from '#contract/format';

export type PurchaseDate = { date: string; time: string };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The read purchased_at split into an ISO date (yyyy-MM-dd) and a time (HH:MM, '' when the ticket printed none). */
export function splitPurchasedAt(value: string | null): PurchaseDate {
  if (!value) return { date: '', time: '' };
  if (DATE_ONLY.test(value)) return { date: value, time: '' };
  const [day, time] = formatDateTime(value).split(' ');
  const [d, m, y] = day.split('/');
  return { date: `${y}-${m}-${d}`, time };
}

export const validDate = (date: string) => DATE_ONLY.test(date) && !Number.isNaN(new Date(`${date}T00:00:00Z`).getTime());
export const validTime = (time: string) => time === '' || TIME.test(time);

/** The instant to send (Libreville is UTC+1 all year), or undefined when nothing valid was given. */
export function joinPurchasedAt({ date, time }: PurchaseDate): string | undefined {
  if (!validDate(date) || !validTime(time)) return undefined;
  return `${date}T${time || '00:00'}:00+01:00`;
}
