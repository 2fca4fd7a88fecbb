import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pagination';

describe('pageWindow', () => {
  it('shows 5 pages around the current one, kept inside the range', () => {
    expect(pageWindow(1, 16, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 16, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 16, 5)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(16, 16, 5)).toEqual([12, 13, 14, 15, 16]);
    expect(pageWindow(15, 16, 5)).toEqual([12, 13, 14, 15, 16]);
  });

  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 5)).toEqual([1]);
  });
});
