import { describe, expect, it } from 'vitest';
import { catalogueFiltersFromUrl } from './products-api';

const read = (query: string) => catalogueFiltersFromUrl(new URLSearchParams(query));

describe('catalogueFiltersFromUrl', () => {
  it('reads the search, category, chosen sort and page the URL holds', () => {
    expect(read('q=huile&category=Épicerie&sort=recent&page=3')).toEqual({
      filters: { search: 'huile', category: 'Épicerie', sort: 'recent', page: 3 },
      chosenSort: 'recent',
    });
  });

  it('without a chosen sort, shows a search best match first and the catalogue A-Z', () => {
    expect(read('q=riz')).toEqual({ filters: { search: 'riz', category: '', sort: 'relevance', page: 1 }, chosenSort: undefined });
    expect(read('')).toEqual({ filters: { search: '', category: '', sort: 'name', page: 1 }, chosenSort: undefined });
    // Relevance means nothing without a search.
    expect(read('sort=relevance').filters.sort).toBe('name');
  });

  it('ignores an unknown sort and a page that is not a positive number', () => {
    for (const query of ['sort=prix&page=abc', 'page=0', 'page=-4', 'sort=&page=']) {
      const { filters, chosenSort } = read(query);
      expect(chosenSort, query).toBeUndefined();
      expect(filters.sort, query).toBe('name');
      expect(filters.page, query).toBe(1);
    }
  });
});
