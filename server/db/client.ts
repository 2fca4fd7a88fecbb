// Opens the database: embedded PGlite (a directory on disk, or in memory) or PostgreSQL (DATABASE_URL).
// Both speak the same SQL, so the rest of the code sees one Drizzle database type. A PGlite directory
// is locked for the process that opens it (platform/data-dir-lock.ts) until close().
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from '../platform/data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The argument of a `db.transaction` callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string (PostgreSQL mode only). */
  url?: string;
  /** The raw PGlite instance (embedded mode only), for data-dir dumps in tests. */
  pglite?: PGlite;
  close: () => Promise<void>;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', url: options.url, close: () => pool.end() };
  }
  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(path.join(path.dirname(dir), `${path.basename(dir)}.lock`), dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: options.dataDir, extensions: pgliteExtensions, loadDataDir: options.loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  return { db, kind: 'pglite', pglite: client, close };
}

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR/db. */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
}

// node-postgres returns int8 (count(*)) as strings; the app only counts things that fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
