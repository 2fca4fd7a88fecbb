// Raw SQL through Drizzle answers `{ rows }` on both drivers (PGlite and node-postgres); this gives
// the rows with the caller's type. Column names are the SQL ones (snake_case).
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
