// Idempotent writes: a request sent with an `Idempotency-Key` header is applied once per user and
// key; sent again (a phone replaying its offline outbox after a lost answer, a double tap), it gets
// the first answer back, status and body, without being applied a second time. The same key with
// another request (method, path or body) is refused with 422, and a key is only ever looked up
// among the caller's own: another user's key is just a new key, never their answer.
//
// The key row is inserted in the same transaction as the write: on PostgreSQL a concurrent request
// with the same key waits on that row and then reads the stored answer; an unexpected failure rolls
// both back, so the request may be sent again. An expected refusal (an AppError such as "Liste
// introuvable" or a locked list) is the answer, and is stored like a success. Keys are kept
// IDEMPOTENCY_KEEP_DAYS days (each write of a user drops that user's older keys).
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEEP_DAYS = 7;
/** Visible ASCII, no spaces: a UUID, a ULID or any opaque token a client makes. */
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const DAY_MS = 86_400_000;

export type WriteAnswer = { status: number; body: unknown };

/** The request's key, or null without the header; a malformed key is refused (400). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return value;
}

function requestHash(request: FastifyRequest): string {
  // The parsed body: the same change written with other spacing or key order is the same request.
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** Expected refusals are answers worth keeping; a rate limit is not (the client should try again). */
function storedRefusal(error: unknown): WriteAnswer | null {
  if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) return null;
  return { status: error.status, body: { ...error.extra, detail: error.detail, code: error.code } };
}

/**
 * Runs `write` once per (user, Idempotency-Key). Without the header it simply runs it. `write`
 * receives the deps to use: their database is the transaction that also records the key.
 */
export async function idempotent(deps: AppDeps, request: FastifyRequest, userId: string, write: (deps: AppDeps) => Promise<WriteAnswer>): Promise<WriteAnswer> {
  const key = idempotencyKeyOf(request);
  if (key === null) return write(deps);
  const hash = requestHash(request);
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, statusCode: 0, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { status: first.statusCode, body: first.responseBody };
    }

    let answer: WriteAnswer;
    try {
      // A savepoint: a refusal undoes the write's partial work but keeps the key row, which records it.
      answer = await tx.transaction((inner) => write({ ...deps, db: inner }));
    } catch (error) {
      const refusal = storedRefusal(error);
      if (!refusal) throw error;
      answer = refusal;
    }
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.status, responseBody: answer.body ?? null })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * DAY_MS))));
    return answer;
  });
}

/** A route's write answered through `idempotent`: `status` and the body `write` returns, or the first answer. */
export async function replyOnce(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  status: number,
  write: (deps: AppDeps) => Promise<unknown>,
): Promise<FastifyReply> {
  const answer = await idempotent(deps, request, userId, async (d) => ({ status, body: await write(d) }));
  return reply.status(answer.status).send(answer.body);
}
