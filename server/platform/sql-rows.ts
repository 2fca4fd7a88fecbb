// Raw SQL through Drizzle answers `{ rows }` on both drivers (PGlite and node-postgres); this gives
// the rows with the caller's type. Column names are the SQL ones (snake_case).
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids that are not UUIDs name nothing: the caller answers 404 rather than a database error. */
export const isUuid = (value: string) => UUID.test(value);
