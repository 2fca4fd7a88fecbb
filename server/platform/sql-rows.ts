// Raw SQL through Drizzle answers `{ rows }` on both drivers (PGlite and node-postgres); this gives
// the rows with the caller's type. Column names are the SQL ones (snake_case).
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from '../db/client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows for hot reads whose text takes few shapes. On PostgreSQL the statement is named after
 * its text, so each connection parses and plans it once and reuses the plan: for the catalogue's
 * reads, planning cost three times the execution. Elsewhere (PGlite, inside a transaction) it is
 * plain queryRows. Timestamps may come back as Date objects on this path.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return queryRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `mp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const result = await pool.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}
