// Builds the seeded database once per test run, so each test file starts from a copy in about a second.
// PGlite: a data-dir dump written to a file. PostgreSQL: a template database cloned with CREATE DATABASE.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../db/seed/seed';
import { applyDemoMode } from '../db/seed/demo-accounts';

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.MP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL est requis pour les tests sur PostgreSQL');
  return url;
}

/** The URL of another database on the same server as `base`. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: requireTestDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** Returns the PGlite dump file or the PostgreSQL template database name. */
export async function buildTemplate(kind: TestDbKind): Promise<string> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    await seedIfEmpty(database.db);
    await applyDemoMode(database.db, true);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const file = path.join(os.tmpdir(), `${uniqueName('monpanier_template')}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  }
  const name = uniqueName('mp_tpl');
  await withAdminClient((c) => c.query(`create database ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(requireTestDatabaseUrl(), name), poolSize: 2 });
  await migrateDatabase(database);
  await seedIfEmpty(database.db);
  await applyDemoMode(database.db, true);
  await database.close();
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
}
