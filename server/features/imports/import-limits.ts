// OCR is the heaviest thing one account can ask of the server: each account may have a few
// documents analysed at once and a bounded number per hour. Kept in memory: a second instance
// would give an account its own allowance there, which bounds the cost without a shared store.
import { AppError, type ErrorCode } from '../../platform/errors';

const HOUR_MS = 60 * 60 * 1000;
/** Documents one account may have in analysis at the same time. */
export const IMPORTS_AT_ONCE_PER_USER = 2;

export type ImportLimiter = {
  /** Counts a document for the account, or throws a French 429; call the returned release when done. */
  acquire(userId: string): () => void;
};

/** What another heavy analysis (product recognition) counts differently: how many at once, and its 429. */
export type LimiterOptions = { atOnce?: number; error?: ErrorCode };

export function createImportLimiter(perHour: number, now: () => Date, options: LimiterOptions = {}): ImportLimiter {
  const atOnce = options.atOnce ?? IMPORTS_AT_ONCE_PER_USER;
  const error = options.error ?? 'TOO_MANY_IMPORTS';
  const recent = new Map<string, number[]>();
  const running = new Map<string, number>();
  return {
    acquire(userId) {
      const at = now().getTime();
      const times = (recent.get(userId) ?? []).filter((t) => at - t < HOUR_MS);
      const inFlight = running.get(userId) ?? 0;
      if (times.length >= perHour || inFlight >= atOnce) {
        recent.set(userId, times);
        throw new AppError(error);
      }
      times.push(at);
      recent.set(userId, times);
      running.set(userId, inFlight + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(userId) ?? 1) - 1;
        if (left <= 0) running.delete(userId);
        else running.set(userId, left);
      };
    },
  };
}
