// The product catalogue (spec part 2 sections 3, 5, 7 and 9): categories and units as the spec lists
// them, the payloads of every product call and the shapes the API answers with.
import { z } from './zod';
import type { Listing } from './catalogue-hygiene';
import { OptionalBarcodeField } from './barcodes';
import { CATALOGUE, PRODUCT_SORTS, catalogueCategory, catalogueUnit } from './catalogue';
import { IMAGE_DATA_URL_MAX_CHARS } from './constants';
import { fr } from './messages';
import type { PriceFreshness } from './prices';
import type { ProductSize } from './product-size';

// The catalogue's lists, limits and sort rule live in catalogue.ts, which a page reads without zod.
export { ADD_DIALOG_CATEGORIES, ADD_DIALOG_UNITS, CATALOGUE, PRODUCT_CATEGORIES, PRODUCT_SORTS, PRODUCT_UNITS, SIZE_FOUND_HEADER, TOTAL_COUNT_HEADER, catalogueCategory, catalogueSort, catalogueUnit, type ProductCategory, type ProductSort, type ProductUnit } from './catalogue';

export const PRICE_MAX_XAF = 10_000_000;
export const CURRENCY_CODE = 'XAF';

// ---------------------------------------------------------------- fields

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string({ error: fr.common.invalidValue }).max(max, { error: fr.common.invalidValue }).nullable().optional(),
  );

const toNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value) ? Number(value.replace(',', '.')) : value;

const PriceNumber = z
  .number({ error: fr.contribute.priceInvalid })
  .refine(Number.isFinite, { error: fr.contribute.priceInvalid })
  .transform((v) => Math.round(v))
  .pipe(z.number().min(1, { error: fr.contribute.priceInvalid }).max(PRICE_MAX_XAF, { error: fr.contribute.priceTooHigh }));

/**
 * A price in integer XAF. The forms use a 0.01 step; XAF has no minor unit, so a decimal is rounded.
 * Zero, negative, non-numeric and absurd prices are refused.
 */
export const PriceField = z.preprocess(toNumber, PriceNumber);
/** The same, where a blank price means "no price". */
export const OptionalPriceField = z.preprocess((v) => toNumber(emptyToUndefined(v)), PriceNumber.nullable().optional());

export const LatitudeField = (message: string) => z.number({ error: message }).min(-90, { error: message }).max(90, { error: message });
export const LongitudeField = (message: string) => z.number({ error: message }).min(-180, { error: message }).max(180, { error: message });

/** An image: a data URL to upload, or the URL of an image the product already has. */
const ImageValue = z.string({ error: fr.products.imageInvalid }).max(IMAGE_DATA_URL_MAX_CHARS, { error: fr.image.productTooLarge });

const MainImageField = z
  .string({ error: (issue) => (Array.isArray(issue.input) ? fr.image.onlyOneMain : fr.products.imageInvalid) })
  .max(IMAGE_DATA_URL_MAX_CHARS, { error: fr.image.productTooLarge })
  .nullable()
  .optional();

const GalleryField = z
  .array(ImageValue, { error: fr.products.imageInvalid })
  .max(CATALOGUE.galleryMax, { error: fr.image.galleryMax })
  .nullable()
  .optional();

/**
 * A category of the catalogue (contract/catalogue.ts), saved as the catalogue names it; a name of the
 * spec's add dialog is filed in the catalogue category it maps onto; anything else is refused.
 */
const CategoryField = z
  .string({ error: fr.products.categoryInvalid })
  .transform((label, ctx) => catalogueCategory(label) ?? (ctx.addIssue({ code: 'custom', message: fr.products.categoryInvalid }), z.NEVER));
/** A unit of the catalogue, the same way (« litre » → « L »). */
const UnitField = z
  .string({ error: fr.products.unitInvalid })
  .transform((label, ctx) => catalogueUnit(label) ?? (ctx.addIssue({ code: 'custom', message: fr.products.unitInvalid }), z.NEVER));

const productFields = {
  name: z.string({ error: fr.products.nameRequired }).trim().min(1, { error: fr.products.nameRequired }).max(200, { error: fr.common.invalidValue }),
  brand: optionalText(100),
  category: CategoryField.optional(),
  description: optionalText(2000),
  /** Checked by its GS1 check digit and kept in its canonical form (contract/barcodes.ts). */
  barcode: OptionalBarcodeField,
  unit: z.preprocess(emptyToUndefined, UnitField.nullable().optional()),
  manufacturer_reference: optionalText(100),
  availability: z.boolean().optional(),
  main_image: MainImageField,
  /** Alias of main_image (spec: "main_image (also image_url)"). */
  image_url: MainImageField,
  gallery_images: GalleryField,
  /** Alias of gallery_images. */
  images: GalleryField,
  barcode_image: ImageValue.nullable().optional(),
};

/** The shop a price was seen in: a known store id, or a place (name, address, position). */
const shopFields = {
  shop_id: z.preprocess(emptyToUndefined, z.string().uuid({ error: fr.products.shopUnknown }).nullable().optional()),
  shop_name: optionalText(200),
  shop_address: optionalText(300),
  shop_latitude: LatitudeField(fr.stores.positionInvalid).nullable().optional(),
  shop_longitude: LongitudeField(fr.stores.positionInvalid).nullable().optional(),
  price: OptionalPriceField,
  currency: z.literal(CURRENCY_CODE, { error: fr.common.invalidValue }).optional(),
};

export type ShopInput = { shop_id?: string | null; shop_name?: string | null; shop_address?: string | null; shop_latitude?: number | null; shop_longitude?: number | null };
export const hasShop = (input: ShopInput) => Boolean(input.shop_id || input.shop_name);

/** POST /api/products, both variants (with shop and price, or simple). A price needs a shop. */
export const ProductCreateSchema = z.object({ ...productFields, ...shopFields }).superRefine((input, ctx) => {
  if (input.price != null && !hasShop(input)) ctx.addIssue({ code: 'custom', path: ['shop_name'], message: fr.products.shopRequiredWithPrice });
});
export type ProductCreate = z.input<typeof ProductCreateSchema>;

/** PUT /api/products/{id}: the edit form. Fields left out keep their value; null clears them. */
export const ProductUpdateSchema = ProductCreateSchema;
export type ProductUpdate = ProductCreate;

/** POST /api/products/duplicate: the product and its price in another shop. */
export const ProductDuplicateSchema = z
  .object({
    original_product_id: z.string({ error: fr.products.notFound }).uuid({ error: fr.products.notFound }),
    ...shopFields,
    price: PriceField,
  })
  .superRefine((input, ctx) => {
    if (!hasShop(input)) ctx.addIssue({ code: 'custom', path: ['shop_name'], message: fr.products.selectShop });
  });
export type ProductDuplicate = z.input<typeof ProductDuplicateSchema>;

/** POST /api/products/quick-add: a product by name (and brand) from a list or an import. */
export const QuickAddSchema = z.object({
  name: productFields.name,
  category: productFields.category,
  brand: productFields.brand,
  description: productFields.description,
});
export type QuickAdd = z.input<typeof QuickAddSchema>;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: fr.common.invalidValue })
  .transform((v) => v === 'true' || v === '1');

/** GET /api/products. The total number of matches is in the X-Total-Count header. */
export const ProductListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CATALOGUE.maxLimit).default(CATALOGUE.defaultLimit),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  has_prices: booleanFlag.default(false),
  search: z.string().trim().max(CATALOGUE.searchMaxLength).optional(),
  category: z.string().trim().max(100).optional(),
  /** Left out: best match first for a search, name A-Z otherwise (see catalogueSort). */
  sort: z.enum(PRODUCT_SORTS).optional(),
});
export type ProductListQuery = z.input<typeof ProductListQuerySchema>;

/** GET /api/products-with-prices: priced products, optionally those priced in one store. */
export const PricedProductsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  search: z.string().trim().max(CATALOGUE.searchMaxLength).optional(),
  category: z.string().trim().max(100).optional(),
  store_id: z.string().uuid({ error: fr.stores.notFound }).optional(),
});


// ---------------------------------------------------------------- answers

/**
 * One store's current price for a product, with how fresh and confirmed it is. The cheapest is
 * flagged best (is_best) wherever it stands: the list is cheapest first, or with a position or a
 * saved city, the stores of the user's city first and then by price (issue 28, item 5).
 */
/**
 * A price per kilo, per litre (for a product whose size is known) or per item of a pack (issue 28,
 * item 4): what a shopper compares first. Null when the product's size is not known.
 */
export type UnitPrice = { amount_xaf: number; per: 'kg' | 'L' | 'unité' };

export type ProductPrice = PriceFreshness & {
  store_id: string;
  store_name: string;
  store_address: string;
  latitude: number;
  longitude: number;
  /** The store's town (a store without one: that of the nearest store within 15 km that has one); null when unknown. */
  city: string | null;
  /** How far the store is from the position the request gave, in km to 0.1; null without a position. */
  distance_km: number | null;
  price: number;
  unit_price: UnitPrice | null;
  currency: typeof CURRENCY_CODE;
  is_best: boolean;
  /** The store's own announced price (a merchant's published list, « Prix annoncé par le magasin »), and when; null when it announced none. */
  announced: { price_xaf: number; announced_at: string } | null;
  /** Shoppers' recent prices differ from the announced one by more than 10 %: « Prix en rayon différent ». */
  shelf_differs: boolean;
};

/**
 * A product as the spec shows it. `price` and the shop fields describe its cheapest current price
 * (or the price in the store asked for); null when no store prices it.
 */
export type Product = {
  id: string;
  name: string;
  brand: string | null;
  category: string;
  description: string | null;
  barcode: string | null;
  unit: string | null;
  manufacturer_reference: string | null;
  availability: boolean;
  /** What one item holds (g or mL), read from its name or set by a moderator; null when not known. */
  size: ProductSize | null;
  /** How many items its pack holds (« pack 6 × 1,5 L » → 6); null for a single item. */
  pack_count: number | null;
  price: number | null;
  /** `price` per kg, L or item (null without a price or a known size). */
  unit_price: UnitPrice | null;
  currency: typeof CURRENCY_CODE;
  shop_id: string | null;
  shop_name: string | null;
  shop_address: string | null;
  shop_latitude: number | null;
  shop_longitude: number | null;
  /** How many stores currently price it. */
  price_count: number;
  /** How fresh and confirmed `price` is (null without a price). */
  price_freshness: PriceFreshness | null;
  main_image: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  gallery_images: string[];
  images: string[];
  gallery_thumbnails: string[];
  barcode_image: string | null;
  created_at: string;
  updated_at: string;
};

/** `listing`: who sees the product (contract/catalogue-hygiene.ts): 'pending' while a newcomer's addition waits for confirmation. */
export type ProductDetail = Product & { prices: ProductPrice[]; listing: Listing };

export type ProductMutationResponse = {
  success: true;
  message: string;
  product: ProductDetail;
  /** The edit came from someone who does not own the product: it waits for a moderator (product unchanged). */
  pending_review?: boolean;
  suggestion_id?: string;
};
export type QuickAddResponse = { success: true; product: Product; already_existed: boolean };
export type PricedProductsResponse = { success: true; products: Product[] };
