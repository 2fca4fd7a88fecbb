// Reads of one thing by key (a product's page) that group themselves under load. The keys asked for
// in one turn of the event loop go together in one statement (up to `maxBatch`); while `maxInFlight`
// statements run, the keys asked for meanwhile wait, and the first statement to end sends them. A
// quiet server reads each key alone, as soon as it is asked for. Under a burst of distinct reads,
// which no cache helps (a crawler, a link passed round a neighbourhood), the server makes one round
// trip to the database for several requests instead of one each: on PostgreSQL, a round trip cost the
// API more CPU than the statement cost the database. A statement always starts after its keys were
// asked for, so it sees every write committed before: batching never serves older data than reading
// one by one.

export type BatchedReader<V> = (key: string) => Promise<V | undefined>;

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

export function batchedReader<V>(
  readMany: (keys: string[]) => Promise<Map<string, V>>,
  { maxInFlight, maxBatch }: { maxInFlight: number; maxBatch: number },
): BatchedReader<V> {
  // Map order is insertion order: the keys waiting longest go first.
  const waiting = new Map<string, Waiter<V>[]>();
  let inFlight = 0;
  let flushScheduled = false;

  const send = async (batch: Map<string, Waiter<V>[]>) => {
    try {
      const found = await readMany([...batch.keys()]);
      batch.forEach((waiters, key) => waiters.forEach((w) => w.resolve(found.get(key))));
    } catch (error) {
      batch.forEach((waiters) => waiters.forEach((w) => w.reject(error)));
    } finally {
      inFlight -= 1;
      flush();
    }
  };

  function flush(): void {
    while (waiting.size > 0 && inFlight < maxInFlight) {
      const batch = new Map<string, Waiter<V>[]>();
      for (const [key, waiters] of waiting) {
        if (batch.size === maxBatch) break;
        batch.set(key, waiters);
        waiting.delete(key);
      }
      inFlight += 1;
      void send(batch);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(() => {
          flushScheduled = false;
          flush();
        });
      }
    });
}
