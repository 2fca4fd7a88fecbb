// Heavy work one account may ask of the server (reading a document, recognising a product photo):
// a few jobs at once and a bounded number per sliding hour, else the job's French 429. Kept in
// memory: a second instance would give an account its own allowance there, which bounds the cost
// without a shared store.
import { AppError, type ErrorCode } from './errors';

const HOUR_MS = 60 * 60 * 1000;

export type AccountWorkLimiter = {
  /** Counts a job for the account, or throws the French 429; call the returned release when done. */
  acquire(userId: string): () => void;
};

export type AccountWorkLimits = { perHour: number; atOnce: number; error: ErrorCode };

export function createAccountWorkLimiter({ perHour, atOnce, error }: AccountWorkLimits, now: () => Date): AccountWorkLimiter {
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
