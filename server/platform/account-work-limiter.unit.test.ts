import { describe, expect, it } from 'vitest';
import { createAccountWorkLimiter } from './account-work-limiter';
import { AppError } from './errors';

const IMPORTS_AT_ONCE_PER_USER = 2;
const importLimits = (perHour: number) => ({ perHour, atOnce: IMPORTS_AT_ONCE_PER_USER, error: 'TOO_MANY_IMPORTS' as const });

describe('createAccountWorkLimiter', () => {
  it('allows a few documents at once per account, and frees the place when one ends', () => {
    const limiter = createAccountWorkLimiter(importLimits(100), () => new Date());
    const releases = Array.from({ length: IMPORTS_AT_ONCE_PER_USER }, () => limiter.acquire('alice'));
    expect(() => limiter.acquire('alice')).toThrow(AppError);
    expect(() => limiter.acquire('bob')).not.toThrow();
    releases[0]();
    releases[0](); // a second release of the same document frees nothing more
    expect(() => limiter.acquire('alice')).not.toThrow();
    expect(() => limiter.acquire('alice')).toThrow(expect.objectContaining({ code: 'TOO_MANY_IMPORTS' }));
  });

  it('counts documents over a sliding hour', () => {
    let now = Date.parse('2026-11-25T08:00:00Z');
    const limiter = createAccountWorkLimiter(importLimits(3), () => new Date(now));
    for (let i = 0; i < 3; i++) limiter.acquire('alice')();
    expect(() => limiter.acquire('alice')).toThrow(expect.objectContaining({ code: 'TOO_MANY_IMPORTS', status: 429 }));
    now += 59 * 60 * 1000;
    expect(() => limiter.acquire('alice')).toThrow(AppError);
    now += 2 * 60 * 1000;
    expect(() => limiter.acquire('alice')).not.toThrow();
  });
});
