// The products this device holds (the catalogue pages and product pages it read, kept in the query
// cache and saved for offline reading, query-persistence.ts) and a search among them: offline, a
// product search shows what is saved, said to be only that (issue 28, item 8), instead of « Aucun
// produit trouvé » and an invitation to type a manual item the optimiser could never price.
import type { QueryClient } from '@tanstack/react-query';
import { foldLetters } from '#contract/fold';
import type { ProductSuggestion } from '#contract/lists';
import type { Product } from '#contract/products';

const isProduct = (value: unknown): value is Product =>
  typeof value === 'object' && value !== null && typeof (value as Product).id === 'string' && typeof (value as Product).name === 'string' && 'price_count' in value;

/** The products found in a query's data: a page ({products}), a list of products, or one product. */
function productsIn(data: unknown): Product[] {
  if (Array.isArray(data)) return data.filter(isProduct);
  if (isProduct(data)) return [data];
  if (typeof data === 'object' && data !== null && Array.isArray((data as { products?: unknown }).products)) return (data as { products: unknown[] }).products.filter(isProduct);
  return [];
}

/** Every product the cache holds under the catalogue's queries, once each (the most recently read copy). */
export function savedProducts(client: QueryClient): Product[] {
  const queries = client
    .getQueryCache()
    .findAll({ queryKey: ['products'] })
    .filter((q) => q.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const byId = new Map<string, Product>();
  for (const query of queries) for (const product of productsIn(query.state.data)) if (!byId.has(product.id)) byId.set(product.id, product);
  return [...byId.values()];
}

/**
 * Folded words: lower case, no accents, œ → oe, apostrophes and punctuation as spaces, and a size
 * split from its unit (« 5kg » → « 5 kg »), so that « huile cuisin'or 2l » finds « Huile de palme
 * raffinée Cuisin'Or, bouteille 2 L ».
 */
export function foldedWords(text: string): string[] {
  return foldLetters(text)
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)[.,](\d)/g, '$1,$2')
    .split(/[^a-z0-9,]+/)
    .map((w) => w.replace(/^,+|,+$/g, ''))
    .filter(Boolean);
}

/**
 * The saved products whose name or brand holds every word of the query (each word the start of one
 * of theirs), in an optional category; those whose name starts like the query first, then A-Z.
 */
export function searchSaved(products: readonly Product[], query: string, category = ''): Product[] {
  const wanted = foldedWords(query);
  const found = products.filter((p) => {
    if (category && p.category !== category) return false;
    const words = foldedWords(`${p.name} ${p.brand ?? ''}`);
    return wanted.every((w) => words.some((word) => word.startsWith(w)));
  });
  const first = wanted[0];
  const startsLike = (p: Product) => (first !== undefined && foldedWords(p.name)[0]?.startsWith(first) ? 0 : 1);
  return found.sort((a, b) => startsLike(a) - startsLike(b) || a.name.localeCompare(b.name, 'fr'));
}

/** In the catalogue's order: best match first (searchSaved's), name A-Z, most recent first, or cheapest per kg or L first. */
export function orderSaved(products: readonly Product[], sort: 'relevance' | 'name' | 'recent' | 'unit_price'): Product[] {
  if (sort === 'name') return [...products].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  if (sort === 'recent') return [...products].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (sort === 'unit_price') return [...products].sort((a, b) => unitRank(a) - unitRank(b) || (a.unit_price?.amount_xaf ?? 0) - (b.unit_price?.amount_xaf ?? 0) || a.name.localeCompare(b.name, 'fr'));
  return [...products];
}

/** As the server sorts by unit price: per kg or L, then per item of a pack, then the rest. */
const unitRank = (p: Product) => (!p.unit_price ? 2 : p.unit_price.per === 'unité' ? 1 : 0);

/** A saved product as the list builder's search offers it. */
export function suggestionOf(product: Product): ProductSuggestion {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    category: product.category,
    unit: product.unit,
    size: product.size ?? null,
    pack_count: product.pack_count ?? null,
    store_count: product.price_count,
    min_price: product.price,
  };
}
