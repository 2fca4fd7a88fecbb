// Opens the database: embedded PGlite (a directory on disk, or in memory) or PostgreSQL (DATABASE_URL).
// Both speak the same SQL, so the rest of the code sees one Drizzle database type. A PGlite directory
// is locked for the process that opens it (platform/data-dir-lock.ts) until close().
//
// PGlite's memory: Postgres runs in this process's WebAssembly heap, which only grows. Its default
// shared_buffers (128 MB, written by initdb) cost ~115 MiB of resident memory for a cache the
// operating system's page cache already gives the data files; 16 MB serve the catalogue as fast
// (README, « Performances »). A new data directory starts from the build's template when there is
// one (pglite-template.ts). Durability stays PGlite's default (never relaxedDurability): a commit is
// written to the database files before it is acknowledged, so a killed process loses none
// (server/db/durability.test.ts); PGlite runs Postgres without fsync, so a power cut may.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Config, DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../config';
import { guardPool } from './pg-pool-guard';
import { acquireDataDirLock } from '../platform/data-dir-lock';
import { createClusterFromTemplate } from './pglite-template';
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
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob | File;
      sharedBuffersMb?: number;
      /** Where a new data directory's cluster is copied from (pglite-template.ts); by default beside the built server. */
      templateRoot?: string;
    };

const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Named statements (platform/sql-rows.ts: the catalogue's reads) are planned once, for any values:
    // re-planning them for each call's values cost as much as running them.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c plan_cache_mode=force_generic_plan' });
    guardPool(pool);
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
    if (options.dataDir && !options.loadDataDir) await createClusterFromTemplate(path.resolve(options.dataDir), options.templateRoot);
    client = await PGlite.create({
      dataDir: options.dataDir,
      extensions: pgliteExtensions,
      loadDataDir: options.loadDataDir,
      // PGlite's own start parameters, plus ours (the command line wins over postgresql.conf).
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`],
    });
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
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffersMb' | 'pgliteTemplateDir'>): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  return openDatabase({
    kind: 'pglite',
    dataDir: path.join(config.dataDir, 'db'),
    sharedBuffersMb: config.pgliteSharedBuffersMb,
    templateRoot: config.pgliteTemplateDir,
  });
}

// node-postgres returns int8 (count(*)) as strings; the app only counts things that fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
