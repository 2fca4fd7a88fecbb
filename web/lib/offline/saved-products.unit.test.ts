// Offline, a product search looks among the products this device read (issue 28, item 8).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/products';
import { foldedWords, orderSaved, savedProducts, searchSaved, suggestionOf } from './saved-products';

let n = 0;
function product(name: string, over: Partial<Product> = {}): Product {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    brand: null,
    category: 'Épicerie',
    description: null,
    barcode: null,
    unit: null,
    manufacturer_reference: null,
    availability: true,
    size: null,
    pack_count: null,
    price: 1000,
    unit_price: null,
    currency: 'XAF',
    shop_id: null,
    shop_name: null,
    shop_address: null,
    shop_latitude: null,
    shop_longitude: null,
    price_count: 2,
    price_freshness: null,
    main_image: null,
    image_url: null,
    thumbnail_url: null,
    gallery_images: [],
    images: [],
    gallery_thumbnails: [],
    barcode_image: null,
    created_at: '2026-12-01T00:00:00.000Z',
    updated_at: '2026-12-01T00:00:00.000Z',
    ...over,
  };
}

const oil09 = product("Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", { brand: "Cuisin'Or (Olam Palm Gabon)", size: { value: 900, unit: 'mL' } });
const oil2 = product("Huile de palme raffinée Cuisin'Or, bouteille 2 L", { brand: "Cuisin'Or (Olam Palm Gabon)" });
const rice = product('Riz parfumé, sac 5 kg');
const oxtail = product('Queue de bœuf', { category: 'Viande et poisson' });
const eggs = product('Œufs frais, plateau de 30');

describe('the products this device holds', () => {
  it('are read from the catalogue pages, product pages and lists of products in the cache, once each', () => {
    const client = new QueryClient();
    client.setQueryData(['products', 'page', { search: '' }], { products: [oil09, rice], total: 2 });
    client.setQueryData(['products', 'detail', oil2.id], { ...oil2, prices: [], listing: 'listed' });
    client.setQueryData(['products', 'priced-at', 'store', 3], [rice, oxtail]);
    client.setQueryData(['products', 'history', oil2.id], { points: [] });
    client.setQueryData(['shopping-lists'], [{ id: 'x', name: 'Liste', items: [] }]);
    expect(savedProducts(client).map((p) => p.name).sort()).toEqual([oil09.name, oil2.name, oxtail.name, rice.name].sort());
  });
});

describe('a search among them', () => {
  const all = [oil09, oil2, rice, oxtail, eggs];
  it('finds by the start of each word of the name or brand, accents, case and œ aside', () => {
    expect(searchSaved(all, 'huile cuisin').map((p) => p.name)).toEqual([oil09.name, oil2.name]);
    expect(searchSaved(all, 'HUILE cuisin’or 2l').map((p) => p.name)).toEqual([oil2.name]);
    expect(searchSaved(all, 'riz 5kg').map((p) => p.name)).toEqual([rice.name]);
    expect(searchSaved(all, 'oeuf').map((p) => p.name)).toEqual([eggs.name]);
    expect(searchSaved(all, 'boeuf').map((p) => p.name)).toEqual([oxtail.name]);
    expect(searchSaved(all, 'olam').map((p) => p.name)).toEqual([oil09.name, oil2.name]);
  });

  it('keeps to a category, and finds nothing it does not hold', () => {
    expect(searchSaved(all, '', 'Viande et poisson').map((p) => p.name)).toEqual([oxtail.name]);
    expect(searchSaved(all, 'huile', 'Viande et poisson')).toEqual([]);
    expect(searchSaved(all, 'sucre')).toEqual([]);
  });

  it('is shown in the catalogue order chosen', () => {
    const recent = product('Sucre en poudre, 1 kg', { created_at: '2026-12-02T00:00:00.000Z' });
    const found = [rice, recent, oil2];
    expect(orderSaved(found, 'relevance')).toEqual(found);
    expect(orderSaved(found, 'name').map((p) => p.name)).toEqual([oil2.name, rice.name, recent.name]);
    expect(orderSaved(found, 'recent')[0]).toBe(recent);
  });

  it('splits a size from its unit', () => {
    expect(foldedWords('Eau 1.5L')).toEqual(['eau', '1,5', 'l']);
    expect(foldedWords("Cuisin'Or, bouteille 0,9 L")).toEqual(['cuisin', 'or', 'bouteille', '0,9', 'l']);
  });

  it('offers a saved product as a list-builder suggestion', () => {
    expect(suggestionOf(oil09)).toEqual({ id: oil09.id, name: oil09.name, brand: oil09.brand, category: 'Épicerie', unit: null, size: { value: 900, unit: 'mL' }, pack_count: null, store_count: 2, min_price: 1000 });
  });
});
