import { describe, expect, it } from 'vitest';
import { resolveRange } from './storage-local';
import { parseRange } from './uploads-route';

describe('Range headers on /uploads/*', () => {
  it('reads one range, and ignores what it does not read (the whole file is sent)', () => {
    expect(parseRange('bytes=0-9')).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    for (const header of [undefined, '', 'bytes=-', 'bytes=9-0', 'bytes=0-1,5-6', 'items=0-9', 'bytes=a-b']) expect(parseRange(header)).toBeUndefined();
  });

  it('fits a range to the file, or says it covers none of it', () => {
    expect(resolveRange({ start: 0, end: 9 }, 100)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 90, end: 500 }, 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange({ suffix: 500 }, 100)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ start: 100 }, 100)).toBeNull();
    expect(resolveRange({ suffix: 0 }, 100)).toBeNull();
  });
});
