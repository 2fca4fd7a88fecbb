// A PostgreSQL connection may be lost at any time (a terminated backend, a restart, a failover). The
// pool alone survives it only for idle clients: a checked-out client gets no 'error' listener from the
// pool, and a client whose connection dies in the middle of a transaction's `begin` is never released
// by Drizzle (its begin runs outside the try that releases). Left so, each loss crashes the process
// (an unhandled 'error') or keeps one of the pool's few connections forever, until every request waits
// and the instance cannot even stop. Guarded, a lost client fails the queries that used it (a French
// 503, platform/database-errors.ts) and leaves the pool; the next query opens a new connection.
import type pg from 'pg';

export function guardPool(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('error', () => {}); // an idle client lost: the pool drops it itself
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {}); // the query that was running has the error already
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      // Whoever holds it may still call release(): that later call must do nothing.
      const release = client.release;
      client.release = () => {};
      release(new Error('Connection terminated: the PostgreSQL connection was lost'));
    });
  });
}
