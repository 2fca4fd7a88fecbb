// Named prepared statements on PGlite. PGlite's query() parses and plans its statement every time and
// crosses into the database six times (parse, describe, bind, describe, execute, sync); for the
// catalogue's hot reads that was two thirds of the cost of a product page. Here a statement is parsed
// once per database under its name, and each call sends bind, describe, execute and sync in one
// message: one crossing, and a plan the database keeps (as PostgreSQL does for node-postgres's named
// statements). Their plan is made once, for any values (plan_cache_mode, set for the session when the
// first statement is prepared: only these statements are prepared on PGlite): re-planning for each
// call's values, as PostgreSQL chooses to for some, cost as much as running them. Reads only: nothing
// is synced to the file system afterwards.
import { type PGlite, type ParserOptions, parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The parameter types of each statement prepared in a database (a PGlite instance is one session). */
const preparedIn = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * PGlite's parsers with the caller's overrides, merged once per parser set: parseResults would copy
 * its few hundred parsers on every query that brings its own.
 */
type Parsers = PGlite['parsers'];
const mergedParsers = new WeakMap<Parsers, WeakMap<ParserOptions, Parsers>>();

function parsersFor(pglite: PGlite, overrides: ParserOptions | undefined): Parsers {
  if (!overrides) return pglite.parsers;
  let byOverrides = mergedParsers.get(pglite.parsers);
  if (!byOverrides) mergedParsers.set(pglite.parsers, (byOverrides = new WeakMap()));
  let merged = byOverrides.get(overrides);
  if (!merged) byOverrides.set(overrides, (merged = { ...pglite.parsers, ...overrides }));
  return merged;
}

/** SQLSTATE of "prepared statement does not exist" (e.g. after a DEALLOCATE ALL). */
const UNKNOWN_STATEMENT = '26000';

/** Parsers of column types that override PGlite's own (by type oid). */
type Options = { parsers?: ParserOptions };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Prepares the statement (after setting the session's plan cache mode, for its first statement). */
async function prepare(pglite: PGlite, statements: Map<string, number[]>, name: string, text: string): Promise<number[]> {
  if (statements.size === 0) await pglite.execProtocolStream(serialize.query('set plan_cache_mode = force_generic_plan'), { syncToFs: false });
  const messages = await pglite.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
    syncToFs: false,
  });
  const paramTypes = parse.parseDescribeStatementResults(messages);
  statements.set(name, paramTypes);
  return paramTypes;
}

async function execute<T>(pglite: PGlite, name: string, paramTypes: number[], values: unknown[], options: Options): Promise<T[]> {
  const serialized = values.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[paramTypes[i]];
    return serializer ? serializer(value) : String(value);
  });
  const message = concat([serialize.bind({ statement: name, values: serialized }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
  const messages = await pglite.execProtocolStream(message, { syncToFs: false });
  const [result] = parse.parseResults(messages, parsersFor(pglite, options.parsers));
  return (result?.rows ?? []) as T[];
}

/**
 * Runs the statement `text` (named `name`, which must stand for that text only) with `values` on the
 * database, preparing it the first time. Waits, like query(), for any transaction in progress.
 */
export function queryPreparedPglite<T>(pglite: PGlite, name: string, text: string, values: unknown[], options: Options = {}): Promise<T[]> {
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      let statements = preparedIn.get(pglite);
      if (!statements) preparedIn.set(pglite, (statements = new Map()));
      const paramTypes = statements.get(name) ?? (await prepare(pglite, statements, name, text));
      try {
        return await execute<T>(pglite, name, paramTypes, values, options);
      } catch (error) {
        if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) throw error;
        // The session forgot its statements (DISCARD ALL, DEALLOCATE ALL): prepare again from scratch.
        statements.clear();
        return execute<T>(pglite, name, await prepare(pglite, statements, name, text), values, options);
      }
    }),
  );
}
