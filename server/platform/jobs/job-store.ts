// The SQL of the job queue (the `jobs` table, see db/schema.ts), the same on PostgreSQL and PGlite.
// Every statement that changes a taken job names the worker and the attempt that took it, so a
// worker whose lease expired (and whose job someone else took again) can change nothing any more.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../sql-rows';

/** The channel on which an enqueue tells the workers of other processes (PostgreSQL NOTIFY). */
export const JOBS_CHANNEL = 'mp_jobs';

export type JobRow = {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

export type EnqueueRow = {
  name: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  /** Unique among jobs not yet taken: while one waits, another enqueue only brings its time forward. */
  waitingKey?: string;
  /** Unique while the row is kept: a second enqueue with it adds nothing. */
  onceKey?: string;
};

/** A taken job: who took it, and which attempt this is. */
export type Claim = { id: number; workerId: string; attempt: number };

const list = (values: readonly string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Adds a job; answers whether a row was added or brought forward. Tells the other processes' workers
 * (NOTIFY is delivered when the caller's transaction commits; a no-op where nobody listens).
 */
export async function insertJob(db: DbOrTx, job: EnqueueRow): Promise<boolean> {
  const payload = JSON.stringify(job.payload ?? {});
  const conflict = job.waitingKey
    ? sql`on conflict (waiting_key) where waiting_key is not null do update set run_at = least(jobs.run_at, excluded.run_at)
          where jobs.run_at > excluded.run_at`
    : job.onceKey
      ? sql`on conflict (once_key) where once_key is not null do nothing`
      : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with added as (
          insert into jobs (name, payload, run_at, max_attempts, waiting_key, once_key)
          values (${job.name}, ${payload}::jsonb, ${job.runAt}, ${job.maxAttempts}, ${job.waitingKey ?? null}, ${job.onceKey ?? null})
          ${conflict}
          returning id)
        select id, pg_notify(${JOBS_CHANNEL}, ${job.name}) from added`,
  );
  return rows.length > 0;
}

/**
 * Takes up to `limit` jobs of these names for this worker: due queued jobs, and running jobs whose
 * lease expired (their worker died) with attempts left. SKIP LOCKED: concurrent workers take others.
 */
export async function claimJobs(db: DbOrTx, names: readonly string[], workerId: string, limit: number, now: Date, leaseMs: number): Promise<JobRow[]> {
  if (names.length === 0 || limit <= 0) return [];
  const leaseEnd = new Date(now.getTime() + leaseMs);
  return queryRows<JobRow>(
    db,
    sql`update jobs j
        set status = 'running', attempts = j.attempts + 1, locked_by = ${workerId}, locked_until = ${leaseEnd}, waiting_key = null
        from (
          select id from jobs
          where name in (${list(names)})
            and ((status = 'queued' and run_at <= ${now})
              or (status = 'running' and locked_until <= ${now} and attempts < max_attempts))
          order by run_at, id
          limit ${limit}
          for update skip locked
        ) due
        where j.id = due.id
        returning j.id, j.name, j.payload, j.attempts, j.max_attempts`,
  );
}

/** Running jobs whose lease expired with no attempt left: their worker died on each attempt. */
export async function failAbandonedJobs(db: DbOrTx, now: Date): Promise<JobRow[]> {
  return queryRows<JobRow>(
    db,
    sql`update jobs set status = 'failed', finished_at = ${now}, locked_by = null, locked_until = null,
          last_error = coalesce(last_error, 'bail expiré : le processus qui l''exécutait s''est arrêté')
        where status = 'running' and locked_until <= ${now} and attempts >= max_attempts
        returning id, name, payload, attempts, max_attempts`,
  );
}

/** Extends the leases of this worker's running jobs; answers the ids it still holds. */
export async function renewLeases(db: DbOrTx, claims: readonly Claim[], now: Date, leaseMs: number): Promise<number[]> {
  if (claims.length === 0) return [];
  const leaseEnd = new Date(now.getTime() + leaseMs);
  const held = sql.join(
    claims.map((c) => sql`(id = ${c.id} and attempts = ${c.attempt})`),
    sql` or `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set locked_until = ${leaseEnd}
        where status = 'running' and locked_by = ${claims[0].workerId} and (${held})
        returning id`,
  );
  return rows.map((r) => r.id);
}

const ours = (claim: Claim) => sql`id = ${claim.id} and status = 'running' and locked_by = ${claim.workerId} and attempts = ${claim.attempt}`;

/** A job that succeeded: deleted, or kept as 'done' when it holds a once_key. */
export async function completeJob(db: DbOrTx, claim: Claim, now: Date): Promise<void> {
  await db.execute(sql`delete from jobs where ${ours(claim)} and once_key is null`);
  await db.execute(sql`update jobs set status = 'done', finished_at = ${now}, locked_by = null, locked_until = null, last_error = null where ${ours(claim)}`);
}

/** A job that threw: queued again at `retryAt`, or 'failed' when no attempt is left. Answers which. */
export async function failJob(db: DbOrTx, claim: Claim, error: string, retryAt: Date, now: Date): Promise<'retry' | 'failed' | 'lost'> {
  const rows = await queryRows<{ status: string }>(
    db,
    sql`update jobs set
          status = case when attempts >= max_attempts then 'failed' else 'queued' end,
          finished_at = case when attempts >= max_attempts then ${now}::timestamptz end,
          run_at = ${retryAt}, last_error = ${error.slice(0, 1000)}, locked_by = null, locked_until = null
        where ${ours(claim)}
        returning status`,
  );
  if (rows.length === 0) return 'lost';
  return rows[0].status === 'failed' ? 'failed' : 'retry';
}

/** Forgets finished jobs: 'done' ones older than `doneBefore`, 'failed' ones older than `failedBefore`. */
export async function deleteFinishedJobs(db: DbOrTx, doneBefore: Date, failedBefore: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from jobs
        where (status = 'done' and finished_at < ${doneBefore}) or (status = 'failed' and finished_at < ${failedBefore})
        returning id`,
  );
  return rows.length;
}
