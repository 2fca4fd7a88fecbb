// Time slots of the periodic passes: a pass every `everyMs` runs once per slot, whichever instance
// enqueues it first (its once_key names the job and the slot's start).

/** The start of the slot `now` falls in (slots are aligned on the epoch, so every instance agrees). */
export function slotStart(now: Date, everyMs: number): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

/** The key that makes one slot's pass unique across instances. */
export const slotKey = (name: string, start: Date) => `${name}@${start.toISOString()}`;

/** The wait before attempt `attempt + 1` after `attempt` failed: doubling from `baseMs`, at most `maxMs`. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
