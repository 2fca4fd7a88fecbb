// The loop behind a transactional outbox (web push, mail): passes that claim and handle batches
// until none is left, run after each write (kick), on a safety-net timer, and on demand in tests
// (flush). A kick during a pass asks for one more pass, so nothing written meanwhile waits for the
// timer. What a batch is and how it is handled belongs to the caller.
export type OutboxLoop = {
  /** Schedules a pass soon; cheap to call after every write. */
  kick: () => void;
  /** Runs passes until nothing is left and resolves with how many rows were handled. */
  flush: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

export type OutboxLoopOptions = {
  /** Claims and handles one batch; answers how many rows it took (0 ends the pass). */
  runBatch: () => Promise<number>;
  /** Safety-net pass interval; 0 disables the timer (tests drive it with kick/flush). */
  intervalMs: number;
  onError?: (error: unknown) => void;
  /** Runs once on start, before the first pass (e.g. offering again the claims of a dead process). */
  onStart?: () => Promise<unknown>;
};

export function createOutboxLoop(options: OutboxLoopOptions): OutboxLoop {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const runPasses = async (): Promise<number> => {
    let handled = 0;
    do {
      again = false;
      for (;;) {
        const taken = await options.runBatch();
        if (taken === 0) break;
        handled += taken;
      }
    } while (again && !stopped);
    return handled;
  };

  const flush = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = runPasses().finally(() => {
      running = null;
    });
    return running;
  };

  const kick = () => {
    if (stopped) return;
    flush().catch((error) => options.onError?.(error));
  };

  return {
    kick,
    flush,
    start() {
      void options.onStart?.().catch((error) => options.onError?.(error));
      if (options.intervalMs > 0) {
        timer = setInterval(kick, options.intervalMs);
        timer.unref();
      }
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
