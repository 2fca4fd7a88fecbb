// A lost connection to PostgreSQL (a terminated backend, a restart, a failover) fails the requests
// that were using it: they answer a French 503 (errors.ts) instead of a 500, and the process lives on.

/** SQLSTATEs of a connection the server closed or that never opened (classes 08 and 57P). */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET']);
/** What node-postgres says when the socket went away under a query, or a broken client is used again. */
const LOST_MESSAGES = /Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|terminating connection|Connection ended unexpectedly|timeout exceeded when trying to connect/i;

/** Whether the error, or one of its causes (Drizzle wraps the driver's), is a lost database connection. */
export function isDatabaseConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || LOST_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
  }
  return false;
}
