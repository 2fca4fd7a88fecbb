import { describe, expect, it } from 'vitest';
import { escapeLike, searchWords } from './text-search';

describe('searchWords', () => {
  it('splits on spaces, commas and semicolons, drops empty pieces and keeps at most six words', () => {
    expect(searchWords('  crème   fraîche, pot;20cl ')).toEqual(['crème', 'fraîche', 'pot', '20cl']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a b c d e f g h')).toHaveLength(6);
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character, nothing else', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike(".*[a-z]+'; --")).toBe(".*[a-z]+'; --");
  });
});
