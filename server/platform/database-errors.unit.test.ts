import { describe, expect, it } from 'vitest';
import { isDatabaseConnectionLost } from './database-errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseConnectionLost', () => {
  it('knows a terminated backend, a refused connection and a broken client, also wrapped by Drizzle', () => {
    expect(isDatabaseConnectionLost(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseConnectionLost(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseConnectionLost(new Error('Failed query: begin', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
  });

  it('leaves the errors that are the query’s own', () => {
    expect(isDatabaseConnectionLost(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseConnectionLost(pgError('40001', 'could not serialize access'))).toBe(false);
    expect(isDatabaseConnectionLost(new Error('Failed query', { cause: pgError('22P02') }))).toBe(false);
    expect(isDatabaseConnectionLost(null)).toBe(false);
  });
});
