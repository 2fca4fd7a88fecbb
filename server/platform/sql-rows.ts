// Raw SQL through Drizzle answers `{ rows }` on both drivers (PGlite and node-postgres); this gives
// the rows with the caller's type. Column names are the SQL ones (snake_case).
import { createHash } from 'node:crypto';
import { PGlite, types } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from '../db/client';
import { queryPreparedPglite } from './pglite-prepared';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** Timestamps and dates stay text on PGlite, as Drizzle's own raw queries leave them there. */
const PGLITE_PARSERS = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((oid) => [oid, (value: string) => value]));

/**
 * A statement whose text is built once: its values are named placeholders (sql.placeholder), given
 * at each run. Its name follows its text, so each connection (or the PGlite database) parses and
 * plans it once. `build` is kept to run it inside a transaction, where it is not prepared.
 */
export type PreparedStatement<V extends Record<string, unknown>> = { name: string; text: string; params: unknown[]; build: (values: V) => SQL };

/**
 * Prepares the statement that `build` writes: called once with placeholders for the text, then with
 * the values themselves whenever the statement must run unprepared (in a transaction).
 */
export function preparedStatement<V extends Record<string, unknown>>(build: (values: V) => SQL): PreparedStatement<V> {
  const placeholders = new Proxy({}, { get: (_target, key) => sql.placeholder(String(key)) }) as V;
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
  return { name: statementName(text), text, params, build };
}

const statementName = (text: string) => `mp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** The database's driver when `db` is the database itself (not a transaction). */
function driverOf(db: DbOrTx): pg.Pool | PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof PGlite ? client : null;
}

async function runNamed<T>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<T[] | null> {
  const driver = driverOf(db);
  if (driver instanceof pg.Pool) return (await driver.query({ name, text, values })).rows as T[];
  if (driver instanceof PGlite) return queryPreparedPglite<T>(driver, name, text, values, { parsers: PGLITE_PARSERS });
  return null;
}

/**
 * Runs a prepared statement with its values: as a named statement on the database (PostgreSQL or
 * PGlite), plainly inside a transaction. Timestamps may come back as Date objects on PostgreSQL.
 */
export async function queryStatement<T, V extends Record<string, unknown>>(db: DbOrTx, statement: PreparedStatement<V>, values: V): Promise<T[]> {
  const rows = await runNamed<T>(db, statement.name, statement.text, fillPlaceholders(statement.params, values));
  return rows ?? queryRows<T>(db, statement.build(values));
}

/**
 * queryRows for hot reads whose text takes few shapes: the statement is named after its text, so
 * each connection parses and plans it once and reuses the plan (for the catalogue's reads, planning
 * cost three times the execution). Inside a transaction it is plain queryRows. Timestamps may come
 * back as Date objects on PostgreSQL.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  if (!driverOf(db)) return queryRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await runNamed<T>(db, statementName(text), text, params)) ?? [];
}
