// What every request must be before any route sees it. One check, for every route, covers "any text
// field": the parsed JSON body, the query string and the path parameters are walked (iteratively, so
// no input can overflow the stack) and refused with a French 400 when they hold
//   - a NUL character (PostgreSQL text and jsonb cannot store it: it was a 500),
//   - a lone UTF-16 surrogate (jsonb refuses it, text columns would silently store U+FFFD),
//   - nesting deeper than MAX_DEPTH (a 20 000-deep array overflowed the stack of whatever walked it next).
// Property names are checked like values. Fastify's own URL errors (bad percent-encoding, a path
// parameter over maxParamLength, an oversized header) answer French `{ detail, code }` here too,
// and never echo the URL.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { fr } from '#contract/messages';
import { AppError } from './errors';

/** Deeper than any payload of the API (the deepest is 4 levels); far below what recursion survives. */
export const MAX_DEPTH = 32;

// A NUL, or any surrogate code unit: the precise pairing check runs only when this matches.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'TEXT_NUL_CHARACTER' | 'TEXT_INVALID_UNICODE';

/** Why a string may not be stored, or null when it is fine. */
export function textProblem(value: string): TextProblem | null {
  if (!SUSPECT.test(value)) return null;
  if (value.includes('\u0000')) return 'TEXT_NUL_CHARACTER';
  return LONE_SURROGATE.test(value) ? 'TEXT_INVALID_UNICODE' : null;
}

/** The first problem of a parsed input (JSON value, query object, params), walked without recursion. */
export function inputProblem(input: unknown): TextProblem | 'INPUT_TOO_DEEP' | null {
  const stack: [unknown, number][] = [[input, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Buffer.isBuffer(value)) continue;
    if (depth >= MAX_DEPTH) return 'INPUT_TOO_DEEP';
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

/** Registers the check before validation on every route. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw new AppError(problem);
  });
}

/**
 * Fastify options for URLs the router cannot take (a path parameter over Fastify's maxParamLength of
 * 100 characters — ids are 36 — or bad percent-encoding): French answers, never the URL echoed back.
 */
export const urlLimits = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : null;
    if (code) {
      const known = new AppError(code);
      return reply.status(known.status).send({ detail: known.detail, code });
    }
    reply.log.error({ err: error }, 'framework error');
    return reply.status(500).send({ detail: fr.common.serverError, code: 'INTERNAL' });
  },
  // Errors Node's HTTP parser raises before Fastify has a request (an oversized header, a garbled
  // request line, a timeout): a minimal French JSON answer, then the connection is closed.
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, fr.hardening.headersTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, fr.hardening.requestTimeout]
          : error.code === 'HPE_URI_TOO_LONG'
            ? [414, fr.hardening.urlTooLong]
            : [400, fr.hardening.badRequest];
    if (socket.writable) {
      const body = JSON.stringify({ detail, code: status === 400 ? 'BAD_REQUEST' : `HTTP_${status}` });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
