// The product catalogue's lists, limits and sort rule (spec part 2 sections 5 and 9), apart from the
// schemas of contract/products.ts: the catalogue page reads them before it needs any zod schema.

/**
 * The catalogue's categories: those of its filter, of every product form, and the only ones a
 * product may be saved in (issue 28, item 7: a product in another category could never be found
 * through the filter).
 */
export const PRODUCT_CATEGORIES = [
  'Fruits et légumes',
  'Produits laitiers',
  'Viande et poisson',
  'Épicerie',
  'Boulangerie',
  'Boissons',
  "Produits d'hygiène",
  'Produits ménagers',
  'Divers',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/**
 * The spec's other list, that of its first "add product" dialog, each mapped onto the catalogue's
 * category it belongs in: a client that still sends one of these names gets its product filed there.
 */
export const ADD_DIALOG_CATEGORIES = {
  Général: 'Divers',
  Électronique: 'Divers',
  Mode: 'Divers',
  'Maison & Jardin': 'Produits ménagers',
  Alimentation: 'Épicerie',
  'Santé & Beauté': "Produits d'hygiène",
  Sport: 'Divers',
  Automobile: 'Divers',
  'Livre & Media': 'Divers',
  Jouets: 'Divers',
} as const satisfies Record<string, ProductCategory>;

/** The catalogue's units, of every product form. */
export const PRODUCT_UNITS = ['kg', 'g', 'L', 'mL', 'pièce', 'pack', 'boîte', 'sachet'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** The units of the spec's first add dialog, mapped onto the catalogue's. */
export const ADD_DIALOG_UNITS = {
  pièce: 'pièce',
  bouteille: 'pièce',
  paquet: 'pack',
  cube: 'pièce',
  kg: 'kg',
  g: 'g',
  litre: 'L',
} as const satisfies Record<string, ProductUnit>;

/** Case, accents, spacing and apostrophes aside (« epicerie », « Produits d’hygiène »). */
const foldLabel = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[’`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

function lookup<T extends string>(own: readonly T[], mapped: Record<string, T>): (label: string) => T | null {
  const byFold = new Map<string, T>();
  for (const [name, target] of Object.entries(mapped)) byFold.set(foldLabel(name), target);
  for (const name of own) byFold.set(foldLabel(name), name);
  return (label) => byFold.get(foldLabel(label)) ?? null;
}

/** The catalogue category a name stands for: itself, or the add dialog's name mapped; null when it is neither. */
export const catalogueCategory: (label: string) => ProductCategory | null = lookup<ProductCategory>(PRODUCT_CATEGORIES, ADD_DIALOG_CATEGORIES);
/** The catalogue unit a name stands for (« litre » → « L »); null when it is none. */
export const catalogueUnit: (label: string) => ProductUnit | null = lookup<ProductUnit>(PRODUCT_UNITS, ADD_DIALOG_UNITS);

export const CATALOGUE = {
  pageSize: 6,
  pageWindow: 5,
  /** Default and largest `limit` of GET /api/products. */
  defaultLimit: 50,
  maxLimit: 100,
  searchMaxLength: 100,
  galleryMax: 3,
} as const;

/** Catalogue orders: best match first (searches only), name A-Z, most recent. */
/** `unit_price`: cheapest per kilo or litre first (products of known size), then per item of a pack, then the rest by name. */
export const PRODUCT_SORTS = ['relevance', 'name', 'recent', 'unit_price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The order a catalogue page is in: the one asked for, else best match first for a search and A-Z otherwise. */
export function catalogueSort(sort: ProductSort | undefined, search: string | undefined): ProductSort {
  const searching = Boolean(search?.trim());
  if (sort === 'relevance' || sort === undefined) return searching ? 'relevance' : 'name';
  return sort;
}

/** The total number of matches of GET /api/products. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** On a search that asks for a size (« riz 10kg »): 'true' when a product of that size matched, 'false' when none did and the page shows the sizes that exist. */
export const SIZE_FOUND_HEADER = 'x-search-size-found';
