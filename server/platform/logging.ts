// What the logs may hold. Log lines are read by more people, and kept longer, than the database, so
// they carry no password material, tokens or personal fields:
//   - requests are logged as method, path and the names of their query parameters, never the values
//     (book-delivery takes the delivery address in its query string) nor any header;
//   - errors are logged as type, code, message and stack frames, never the values a query was bound
//     to: Drizzle's DrizzleQueryError carries them in `params` and in its message, and PostgreSQL's
//     `detail` repeats them ("Key (email)=(…) already exists"), so both are cut;
//   - anything logged by hand under a sensitive key name is masked, and e-mail addresses are masked
//     in every logged text (an SMTP refusal quotes the recipient), as a last resort.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where log lines go: stdout by default; tests pass a stream that keeps them. */
export type LogDestination = { write: (line: string) => void };

const MASK = '[masqué]';
const MAX_CAUSE_DEPTH = 3;

/** Keys that are masked wherever a log call puts them (first two levels). */
const SENSITIVE_KEYS = [
  'authorization',
  'cookie',
  'password',
  'password_hash',
  'passwordHash',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
  'email',
  'phone',
  'phone_number',
  'full_name',
  'delivery_address',
  'address',
  'params',
  'parameters',
  'detail',
];

/** The path, and only the names of the query parameters: `/api/shopping/book-delivery?cart_id&delivery_address`. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return names.length > 0 ? `${url.slice(0, at)}?${[...new Set(names)].join('&')}` : url.slice(0, at);
}

// Values PostgreSQL quotes in its messages: `invalid input syntax for type uuid: "…"`.
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"/g;
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;

/** A text without the e-mail addresses it quotes. */
export const withoutEmails = (text: string) => text.replace(EMAIL, MASK);

/** An error's message without the values it was given. */
export function loggableMessage(message: string): string {
  const params = message.search(/\n\s*params:/);
  const head = params >= 0 ? message.slice(0, params) : message;
  return withoutEmails(head.replace(QUOTED_VALUE, ': "…"'));
}

/** The fields of a log call with e-mail addresses masked in their texts (plain values, three levels). */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutEmails(value);
  if (depth >= 3 || value === null || typeof value !== 'object' || value instanceof Error || !(Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value))) return value;
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, depth + 1)]));
}

type LoggedError = {
  type: string;
  message: string;
  code?: string;
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
};

/** The safe view of an error: its kind and where it happened, never its data. */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: MASK, stack: '' };
  const e = error as Error & Record<string, unknown>;
  const message = loggableMessage(e.message ?? '');
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const text = (key: string) => (typeof e[key] === 'string' ? (e[key] as string) : undefined);
  return {
    type: e.constructor?.name ?? e.name,
    message,
    code: typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : undefined,
    // Drizzle's SQL text has $1-style placeholders, not values.
    query: text('query') ? loggableMessage(text('query')!) : undefined,
    constraint: text('constraint'),
    table: text('table'),
    column: text('column'),
    stack: `${e.constructor?.name ?? e.name}: ${message}${frames ? `\n${frames}` : ''}`,
    cause: depth < MAX_CAUSE_DEPTH && e.cause !== undefined ? loggableError(e.cause, depth + 1) : undefined,
  };
}

type LoggedRequest = { method: string; url: string; remoteAddress?: string };

export function loggerOptions(config: Pick<Config, 'logLevel'>, destination?: LogDestination): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !destination) return false;
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    ...(destination ? { stream: destination } : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }): LoggedRequest => ({
        method: request.method,
        url: loggableUrl(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown) => loggableError(error),
      error: (error: unknown) => (error instanceof Error ? loggableError(error) : scrubbed(error)),
    },
    redact: {
      paths: SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`]),
      censor: MASK,
    },
    formatters: { log: (fields: Record<string, unknown>) => scrubbed(fields) as Record<string, unknown> },
    hooks: {
      // The message text itself (a template string may quote an address).
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? withoutEmails(arg) : arg)));
      },
    },
  };
}
