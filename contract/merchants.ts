// Merchant accounts and the stores' own price lists (issue 29, item 3): what /api/merchants/* and
// /api/admin/merchant-applications/* accept and answer. A store manager applies for one store; a
// moderator approves or refuses; an approved merchant uploads a price list (CSV or XLSX), maps its
// columns, reviews the matches and publishes them as the store's announced prices.
import { z } from './zod';
import { merchants as texts } from './messages-merchants';
import { toE164 } from './phone';
import { phoneField } from './users';

export const MERCHANT_STATUSES = ['pending', 'approved', 'refused'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** An uploaded list: at most this big and this long. */
export const PRICE_LIST_MAX_BYTES = 5 * 1024 * 1024;
export const PRICE_LIST_MAX_ROWS = 2000;
/** « Prix en rayon différent »: shoppers' median of the last SHELF_WINDOW_DAYS is more than this share off the announced price. */
export const SHELF_DIFFERS_RATIO = 0.1;
export const SHELF_WINDOW_DAYS = 30;
/** The merchant's comparison: the cheapest other listed store within this distance. */
export const NEARBY_STORES_KM = 10;

// ---------------------------------------------------------------- the application

/** POST /api/merchants/application. The phone is Gabonese, kept in its E.164 form (+241…). */
export const MerchantApplicationSchema = z.object({
  store_id: z.string({ error: texts.storeRequired }).uuid({ error: texts.storeRequired }),
  manager_name: z
    .string({ error: texts.managerNameRequired })
    .trim()
    .min(1, { error: texts.managerNameRequired })
    .max(100, { error: texts.managerNameTooLong }),
  phone: phoneField(texts.phoneRequired)
    .refine((phone) => toE164(phone)?.startsWith('+241') ?? false, { error: texts.phoneGabon })
    .transform((phone) => toE164(phone)!),
});
export type MerchantApplication = z.input<typeof MerchantApplicationSchema>;

export const MerchantStoreSchema = z.object({
  store_id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
});

/** GET /api/merchants/me, and the answer of every decision. */
export const MerchantSchema = z.object({
  id: z.string(),
  store: MerchantStoreSchema,
  manager_name: z.string(),
  phone: z.string(),
  status: z.enum(MERCHANT_STATUSES),
  /** The moderator's reason (a refusal's, or an approval's note). */
  review_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Merchant = z.infer<typeof MerchantSchema>;

// ---------------------------------------------------------------- moderation

export const MerchantApplicationsQuerySchema = z.object({
  status: z.enum(MERCHANT_STATUSES, { error: texts.statusInvalid }).default('pending'),
});

/** An application as moderators see it: who asked. */
export const MerchantApplicationEntrySchema = MerchantSchema.extend({
  user: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
});
export type MerchantApplicationEntry = z.infer<typeof MerchantApplicationEntrySchema>;

/** GET /api/admin/merchant-applications?status=…: pending ones oldest first, decided ones latest decision first. */
export const MerchantApplicationListSchema = z.object({ applications: z.array(MerchantApplicationEntrySchema) });
export type MerchantApplicationList = z.infer<typeof MerchantApplicationListSchema>;

// ---------------------------------------------------------------- price lists

export const PRICE_LIST_STATUSES = ['ready', 'published'] as const;
export const PRICE_LIST_CONFIDENCES = ['high', 'medium', 'low'] as const;

const column = z.number({ error: texts.mappingColumnInvalid }).int({ error: texts.mappingColumnInvalid }).min(0, { error: texts.mappingColumnInvalid });

/** Which column (0-based index of the header row) holds what; a name or a barcode, and the price. */
export const PriceListMappingSchema = z
  .object({
    name: column.nullable(),
    barcode: column.nullable(),
    price: z.number({ error: texts.mappingPriceRequired }).int({ error: texts.mappingColumnInvalid }).min(0, { error: texts.mappingColumnInvalid }),
    unit: column.nullable(),
  })
  .refine((m) => m.name !== null || m.barcode !== null, { error: texts.mappingNameOrBarcode, path: ['name'] })
  .refine(
    (m) => {
      const used = [m.name, m.barcode, m.price, m.unit].filter((c) => c !== null);
      return new Set(used).size === used.length;
    },
    { error: texts.mappingColumnTwice, path: ['price'] },
  );
export type PriceListMapping = z.infer<typeof PriceListMappingSchema>;

const PriceListMappingAnswerSchema = z.object({ name: z.number().int().nullable(), barcode: z.number().int().nullable(), price: z.number().int(), unit: z.number().int().nullable() });

export const PriceListLineSchema = z.object({
  /** The row's place in the file (0 = the first row after the header). */
  index: z.number().int(),
  name: z.string().nullable(),
  barcode: z.string().nullable(),
  unit: z.string().nullable(),
  /** Null when the row has no readable price (kept for review). */
  price_xaf: z.number().int().nullable(),
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  candidates: z.array(z.object({ product_id: z.string(), name: z.string() })),
  confidence: z.enum(PRICE_LIST_CONFIDENCES),
});
export type PriceListLine = z.infer<typeof PriceListLineSchema>;

/** POST /api/merchants/price-lists (201), PUT …/{id}/mapping and GET …/{id} (200). */
export const PriceListSchema = z.object({
  price_list_id: z.string(),
  status: z.enum(PRICE_LIST_STATUSES),
  file_name: z.string(),
  /** The header row, as written. */
  columns: z.array(z.string()),
  mapping: PriceListMappingAnswerSchema,
  lines: z.array(PriceListLineSchema),
});
export type PriceList = z.infer<typeof PriceListSchema>;

export const PriceListParamsSchema = z.object({ id: z.string() });

/** POST /api/merchants/price-lists/{id}/publish: the reviewed lines, each with its product and price. */
export const PriceListPublishSchema = z.object({
  lines: z
    .array(
      z.object({
        index: z.number().int().min(0),
        product_id: z.string().min(1),
        price_xaf: z.number({ error: texts.priceInvalid }).int({ error: texts.priceInvalid }).min(1, { error: texts.priceInvalid }).max(10_000_000, { error: texts.priceInvalid }),
      }),
      { error: texts.linesRequired },
    )
    .min(1, { error: texts.linesRequired })
    .max(PRICE_LIST_MAX_ROWS, { error: texts.tooManyRows(PRICE_LIST_MAX_ROWS) }),
});
export type PriceListPublish = z.infer<typeof PriceListPublishSchema>;

export const PriceListPublishedSchema = z.object({ created: z.number().int(), held: z.number().int(), observation_ids: z.array(z.string()) });
export type PriceListPublished = z.infer<typeof PriceListPublishedSchema>;

// ---------------------------------------------------------------- the merchant's prices

/** GET /api/merchants/prices: each product the store announced, what is shown, and the cheapest store nearby. */
export const MerchantPriceSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  announced_price_xaf: z.number().int(),
  announced_at: z.string(),
  /** What shoppers see for the product in this store (the consensus), null when nothing is shown. */
  shown_price_xaf: z.number().int().nullable(),
  shelf_differs: z.boolean(),
  nearby_cheapest: z.object({ store_id: z.string(), name: z.string(), price_xaf: z.number().int(), distance_km: z.number() }).nullable(),
});
export type MerchantPrice = z.infer<typeof MerchantPriceSchema>;

export const MerchantPricesSchema = z.object({ prices: z.array(MerchantPriceSchema) });
export type MerchantPrices = z.infer<typeof MerchantPricesSchema>;
