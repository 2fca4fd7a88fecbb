// The product answers as zod schemas (CONVENTIONS.md habit 12), for the routes that declare what they
// answer. They follow the `Product` and `ProductDetail` types of contract/products.ts, which the
// assertions at the bottom keep in step.
import { LISTINGS } from './catalogue-hygiene';
import { SIZE_UNITS } from './product-size';
import { z } from './zod';
import type { PricedProductsResponse, ProductDetail } from './products';

const PriceFreshnessSchema = z.object({
  observation_id: z.string().nullable(),
  observed_at: z.string(),
  contributor_count: z.number(),
  verified: z.boolean(),
  stale: z.boolean(),
});

const ProductSizeSchema = z.object({ value: z.number(), unit: z.enum(SIZE_UNITS) });

const UnitPriceSchema = z.object({ amount_xaf: z.number(), per: z.enum(['kg', 'L', 'unité']) });

export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  description: z.string().nullable(),
  barcode: z.string().nullable(),
  unit: z.string().nullable(),
  manufacturer_reference: z.string().nullable(),
  availability: z.boolean(),
  size: ProductSizeSchema.nullable(),
  pack_count: z.number().nullable(),
  price: z.number().nullable(),
  unit_price: UnitPriceSchema.nullable(),
  currency: z.literal('XAF'),
  shop_id: z.string().nullable(),
  shop_name: z.string().nullable(),
  shop_address: z.string().nullable(),
  shop_latitude: z.number().nullable(),
  shop_longitude: z.number().nullable(),
  price_count: z.number(),
  price_freshness: PriceFreshnessSchema.nullable(),
  main_image: z.string().nullable(),
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  gallery_images: z.array(z.string()),
  images: z.array(z.string()),
  gallery_thumbnails: z.array(z.string()),
  barcode_image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ProductPriceSchema = PriceFreshnessSchema.extend({
  store_id: z.string(),
  store_name: z.string(),
  store_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().nullable(),
  distance_km: z.number().nullable(),
  price: z.number(),
  unit_price: UnitPriceSchema.nullable(),
  currency: z.literal('XAF'),
  is_best: z.boolean(),
  /** The store's own announced price (a merchant's published list, « Prix annoncé par le magasin »), and when. */
  announced: z.object({ price_xaf: z.number(), announced_at: z.string() }).nullable(),
  /** Shoppers' recent prices differ from the announced one by more than 10 %: « Prix en rayon différent ». */
  shelf_differs: z.boolean(),
});

export const ProductDetailSchema = ProductSchema.extend({ prices: z.array(ProductPriceSchema), listing: z.enum(LISTINGS) });

/** GET /api/products-with-prices. */
export const PricedProductsResponseSchema = z.object({ success: z.literal(true), products: z.array(ProductSchema) });

/** POST /api/products, /products/duplicate and PUT /api/products/{id} (applied at once): the product as it is now. */
export const ProductWriteResponseSchema = z.object({ success: z.literal(true), message: z.string(), product: ProductDetailSchema });
/** PUT /api/products/{id} by someone else than its author: the product unchanged, the suggestion waiting for a moderator (202). */
export const ProductSuggestionResponseSchema = ProductWriteResponseSchema.extend({ pending_review: z.literal(true), suggestion_id: z.string() });
/** POST /api/products/quick-add: the product of that name (created: 201, already there: 200). */
export const QuickAddResponseSchema = z.object({ success: z.literal(true), product: ProductSchema, already_existed: z.boolean() });

// Compile-time: the schema and the type describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const detailMatches: Same<z.infer<typeof ProductDetailSchema>, ProductDetail> = true;
void detailMatches;
const pricedMatches: Same<z.infer<typeof PricedProductsResponseSchema>, PricedProductsResponse> = true;
void pricedMatches;
