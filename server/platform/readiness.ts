// Whether this instance should get traffic (GET /api/ready, for load balancers): not while it drains
// before stopping, not when the database does not answer within a bound, and not before the
// database has every migration this code expects (the last entry of the migrations journal).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { MIGRATIONS_DIR } from '../db/migrate';
import type { ErrorCode } from './errors';
import { queryRows } from './sql-rows';

const DATABASE_TIMEOUT_MS = 2000;

type Journal = { entries: { tag: string; when: number }[] };

/** The `when` of the last migration this code ships (drizzle stores it as created_at when applied). */
function lastShippedMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.at(-1)!;
}

export type Readiness = { ready: true } | { ready: false; code: ErrorCode; cause?: unknown };

export function createReadinessCheck(db: Db, draining: () => boolean, timeoutMs = DATABASE_TIMEOUT_MS): () => Promise<Readiness> {
  const expected = lastShippedMigration();
  return async () => {
    if (draining()) return { ready: false, code: 'SHUTTING_DOWN' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const applied = await Promise.race([lastAppliedMigration(db), timeout]);
      if (applied === 'timeout') return { ready: false, code: 'NOT_READY_DATABASE', cause: new Error(`pas de réponse en ${timeoutMs} ms`) };
      if (applied === null || applied < expected.when) return { ready: false, code: 'NOT_READY_MIGRATIONS' };
      return { ready: true };
    } catch (error) {
      if (isMissingTable(error)) return { ready: false, code: 'NOT_READY_MIGRATIONS' };
      return { ready: false, code: 'NOT_READY_DATABASE', cause: error };
    } finally {
      clearTimeout(timer);
    }
  };
}

async function lastAppliedMigration(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ last: string | number | null }>(db, sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** undefined_table / invalid_schema_name: no migration ever ran here. */
function isMissingTable(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '42P01' || code === '3F000';
}
