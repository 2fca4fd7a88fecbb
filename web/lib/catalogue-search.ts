// The list builder's catalogue search (products with how many stores price them), shared by the
// screens that let a user pick a catalogue product for a line: the list editor, a list import's
// review, a merchant's price list.
import type { ProductSuggestion } from '#contract/lists';
import { api } from './api';

export const searchCatalogue = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: ProductSuggestion[] }>('/shopping-lists/product-search', { query: { search, limit: 12 }, signal })).products;
