// The product catalogue's lists, limits and sort rule (spec part 2 sections 5 and 9), apart from the
// schemas of contract/products.ts: the catalogue page reads them before it needs any zod schema.

/** Categories of the first "add product" dialog (the one that confirms a detected product). */
export const ADD_DIALOG_CATEGORIES = [
  'Général',
  'Électronique',
  'Mode',
  'Maison & Jardin',
  'Alimentation',
  'Santé & Beauté',
  'Sport',
  'Automobile',
  'Livre & Media',
  'Jouets',
] as const;

/** Categories of the edit and simple add dialogs and of the catalogue filter. */
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

/** Units of the first add dialog. */
export const ADD_DIALOG_UNITS = ['pièce', 'bouteille', 'paquet', 'cube', 'kg', 'g', 'litre'] as const;
/** Units of the other dialogs. */
export const PRODUCT_UNITS = ['kg', 'g', 'L', 'mL', 'pièce', 'pack', 'boîte', 'sachet'] as const;

/** Every category or unit a product may hold: the union of the spec's two lists of each. */
export const ALL_CATEGORIES = [...PRODUCT_CATEGORIES, ...ADD_DIALOG_CATEGORIES] as const;
export const ALL_UNITS = [...new Set([...PRODUCT_UNITS, ...ADD_DIALOG_UNITS])] as [string, ...string[]];

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
export const PRODUCT_SORTS = ['relevance', 'name', 'recent'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The order a catalogue page is in: the one asked for, else best match first for a search and A-Z otherwise. */
export function catalogueSort(sort: ProductSort | undefined, search: string | undefined): ProductSort {
  const searching = Boolean(search?.trim());
  if (sort === 'relevance' || sort === undefined) return searching ? 'relevance' : 'name';
  return sort;
}

/** The total number of matches of GET /api/products. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
