// The moderation space (/admin, API under /api/admin): queues of held and flagged prices and of
// product suggestions, the evidence a moderator decides on, product revisions, suspensions and the
// audit log. Only accounts of type 'admin' (moderators) may call these.
import { z } from './zod';
import { AGENT_APPLICATION_STATUSES } from './agent';
import { PAYMENT_STATUSES } from './checkout';
import { fr } from './messages';
import { ORDER_STATUSES, PAYMENT_TYPES, REFUND_STATUSES } from './orders';
import { SIZE_UNITS } from './product-size';

const reasonText = z
  .string({ error: fr.moderation.reasonRequired })
  .trim()
  .min(1, { error: fr.moderation.reasonRequired })
  .max(500, { error: fr.moderation.reasonTooLong });

/** reject, refuse, suspend: a reason is required (the contributor is told it). */
export const ReasonSchema = z.object({ reason: reasonText });
export type ReasonPayload = z.input<typeof ReasonSchema>;

/** approve, apply: a note is optional. */
export const OptionalReasonSchema = z.object({
  reason: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), reasonText.optional()),
});

/** POST /api/admin/products/{id}/barcode: the barcode to give to this product. */
export const BarcodeClaimSchema = z.object({ barcode: z.string({ error: fr.barcodes.invalid }).trim().min(1, { error: fr.barcodes.invalid }).max(64, { error: fr.barcodes.invalid }) });

/**
 * PUT /api/admin/products/{id}/size: a moderator's correction of what one item holds (in g or mL)
 * and how many a pack holds; null clears them. `from_name: true` instead reads them from the name
 * again (and a later name change does too). Set by hand, a later change of the name keeps them.
 */
export const ProductSizeSchema = z
  .object({
    size_value: z.number({ error: fr.moderation.sizeInvalid }).positive({ error: fr.moderation.sizeInvalid }).max(1_000_000, { error: fr.moderation.sizeInvalid }).nullable().optional(),
    size_unit: z.enum(SIZE_UNITS, { error: fr.moderation.sizeUnitInvalid }).nullable().optional(),
    pack_count: z.number({ error: fr.moderation.packInvalid }).int({ error: fr.moderation.packInvalid }).min(1, { error: fr.moderation.packInvalid }).max(1000, { error: fr.moderation.packInvalid }).nullable().optional(),
    from_name: z.boolean({ error: fr.common.invalidValue }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.from_name) return;
    if ((input.size_value ?? null) === null !== ((input.size_unit ?? null) === null)) ctx.addIssue({ code: 'custom', path: ['size_unit'], message: fr.moderation.sizeNeedsUnit });
  });
export type ProductSizeInput = z.input<typeof ProductSizeSchema>;

export const RevertSchema = z.object({
  revision_id: z.string({ error: fr.moderation.revisionNotFound }).uuid({ error: fr.moderation.revisionNotFound }),
});

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);

export const OBSERVATION_QUEUES = ['held', 'flagged'] as const;
export type ObservationQueueName = (typeof OBSERVATION_QUEUES)[number];

export const ObservationQueueQuerySchema = z.object({
  status: z.enum(OBSERVATION_QUEUES, { error: fr.common.invalidValue }).default('held'),
  page,
  limit,
});

export const SUGGESTION_STATUSES = ['pending', 'applied', 'refused'] as const;
export const SuggestionsQuerySchema = z.object({
  status: z.enum(SUGGESTION_STATUSES, { error: fr.common.invalidValue }).default('pending'),
  page,
  limit,
});

export const AgentApplicationsQuerySchema = z.object({
  status: z.enum(AGENT_APPLICATION_STATUSES, { error: fr.common.invalidValue }).default('pending'),
  page,
  limit,
});

export const AuditQuerySchema = z.object({ page, limit: z.coerce.number().int().min(1).max(100).default(30) });

/** GET /api/admin/orders filters: an order status, test orders or real ones, a refund to follow up. */
export const ADMIN_ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export const ADMIN_ORDER_TEST_FILTERS = ['all', 'true', 'false'] as const;
export const ADMIN_ORDER_REFUND_FILTERS = ['all', 'failed', 'pending'] as const;
export type AdminOrderRefundFilter = (typeof ADMIN_ORDER_REFUND_FILTERS)[number];
export type AdminOrderTestFilter = (typeof ADMIN_ORDER_TEST_FILTERS)[number];

export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUS_FILTERS, { error: fr.adminUi.orders.invalidStatusFilter }).default('all'),
  test: z.enum(ADMIN_ORDER_TEST_FILTERS, { error: fr.adminUi.orders.invalidTestFilter }).default('all'),
  refund: z.enum(ADMIN_ORDER_REFUND_FILTERS, { error: fr.adminUi.orders.invalidRefundFilter }).default('all'),
  page,
  limit,
});
export type AdminOrdersQuery = z.output<typeof AdminOrdersQuerySchema>;

// ---------------------------------------------------------------- answers
// Zod schemas: the routes serialise through them, so a field they do not name never leaves the server.

const isoDate = z.string();
const observationStatus = z.enum(['accepted', 'held', 'rejected']);

export const QueueCountsSchema = z.object({
  held: z.number(),
  flagged: z.number(),
  suggestions: z.number(),
  /** Delivery agents waiting for a decision on their application. */
  agent_applications: z.number(),
  /** Store managers waiting for a decision on their merchant account. */
  merchant_applications: z.number(),
  /** Receipt labels one voice proposed, waiting for a second established voice or a moderator (GET /api/admin/receipt-labels?state=pending). */
  receipt_labels: z.number(),
  /** Items waiting for a moderator's decision: held + flagged + suggestions + agent_applications + merchant_applications + receipt_labels. */
  total: z.number(),
  /**
   * Cancelled paid orders whose refund the operator refused: someone must give the money back.
   * Not part of `total`, which counts decisions to take in the queues; these are followed up from
   * the orders view (GET /api/admin/orders?refund=failed).
   */
  failed_refunds: z.number(),
  /** Orders whose completion locked after five wrong handover codes (issue 30): followed up from the orders view, not in `total`. */
  locked_handovers: z.number(),
});
export type QueueCounts = z.infer<typeof QueueCountsSchema>;

export const ContributorSummarySchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  user_type: z.enum(['consumer', 'delivery_agent', 'admin']),
  reputation: z.number(),
  created_at: isoDate,
  suspended_at: isoDate.nullable(),
  /** Accounts registered in the same burst from one address: they share one voice. */
  voice_accounts: z.number(),
  observations: z.object({ accepted: z.number(), held: z.number(), rejected: z.number(), confirmed: z.number() }),
});
export type ContributorSummary = z.infer<typeof ContributorSummarySchema>;

const StoreHistoryPointSchema = z.object({ observed_at: isoDate, price: z.number(), status: observationStatus });
export type StoreHistoryPoint = z.infer<typeof StoreHistoryPointSchema>;

const FlagSummarySchema = z.object({
  reason: z.enum(['wrong_price', 'wrong_product', 'wrong_store', 'outdated', 'outlier', 'store_disagreement']),
  comment: z.string().nullable(),
  created_at: isoDate,
  by_job: z.boolean(),
});
export type FlagSummary = z.infer<typeof FlagSummarySchema>;

/** One held or flagged price with everything a moderator needs to decide. */
export const ObservationEvidenceSchema = z.object({
  id: z.string(),
  status: observationStatus,
  price: z.number(),
  source: z.enum(['seed', 'contribution', 'product_form', 'receipt', 'store']),
  observed_at: isoDate,
  photo_url: z.string().nullable(),
  review_reason: z.string().nullable(),
  verified: z.boolean(),
  product: z.object({ id: z.string(), name: z.string(), brand: z.string().nullable(), category: z.string() }),
  store: z.object({ id: z.string(), name: z.string(), address: z.string(), latitude: z.number(), longitude: z.number() }),
  /** Null for the initial prices. */
  contributor: ContributorSummarySchema.nullable(),
  /** How far from the store the contributor stood, when a position was sent. */
  distance_km: z.number().nullable(),
  /** What the store shows now for the product. */
  shown_price: z.number().nullable(),
  /** The product's median price across the stores that price it. */
  cross_store_median: z.number().nullable(),
  /** The product's observations in this store over the last 90 days (oldest first). */
  store_history: z.array(StoreHistoryPointSchema),
  flags: z.array(FlagSummarySchema),
});
export type ObservationEvidence = z.infer<typeof ObservationEvidenceSchema>;

const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), pages: z.number() });

export const ObservationQueueSchema = pageOf(ObservationEvidenceSchema);
export type ObservationQueue = z.infer<typeof ObservationQueueSchema>;

export const ProductSnapshotSchema = z.object({
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  description: z.string().nullable(),
  barcode: z.string().nullable(),
  unit: z.string().nullable(),
  manufacturer_reference: z.string().nullable(),
  availability: z.boolean(),
  main_image: z.string().nullable(),
  gallery_images: z.array(z.string()),
  barcode_image: z.string().nullable(),
  // Absent from the revisions written before sizes could be corrected (read from the name then).
  /** What one item holds (contract/product-size.ts). */
  size: z.object({ value: z.number(), unit: z.enum(SIZE_UNITS) }).nullable().optional(),
  pack_count: z.number().nullable().optional(),
  /** The size and pack were set by a moderator, not read from the name. */
  size_by_moderator: z.boolean().optional(),
});
export type ProductSnapshot = z.infer<typeof ProductSnapshotSchema>;
export type ProductField = keyof ProductSnapshot;
/** Every field of a product's history, in the order the forms show them. */
export const PRODUCT_FIELDS: ProductField[] = [
  'name',
  'brand',
  'category',
  'description',
  'barcode',
  'unit',
  'manufacturer_reference',
  'availability',
  'main_image',
  'gallery_images',
  'barcode_image',
  'size',
  'pack_count',
  'size_by_moderator',
];
export type ProductChanges = Partial<{ [K in ProductField]: { before: ProductSnapshot[K]; after: ProductSnapshot[K] } }>;
const ProductChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })) as unknown as z.ZodType<ProductChanges>;

export const ProductRevisionSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  number: z.number(),
  kind: z.enum(['original', 'created', 'edited', 'suggestion', 'reverted']),
  editor_id: z.string().nullable(),
  editor_name: z.string().nullable(),
  snapshot: ProductSnapshotSchema,
  changes: ProductChangesSchema,
  note: z.string().nullable(),
  created_at: isoDate,
});
export type ProductRevision = z.infer<typeof ProductRevisionSchema>;
export const ProductRevisionsSchema = z.object({ revisions: z.array(ProductRevisionSchema) });

export const ProductSuggestionSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  author_reputation: z.number().nullable(),
  /** Field by field: the value when suggested and the proposed one. */
  changes: ProductChangesSchema,
  /** The product as it is now (it may have changed since). */
  current: ProductSnapshotSchema,
  status: z.enum(SUGGESTION_STATUSES),
  reason: z.string().nullable(),
  reviewed_at: isoDate.nullable(),
  created_at: isoDate,
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;
export const SuggestionPageSchema = pageOf(ProductSuggestionSchema);
export type SuggestionPage = z.infer<typeof SuggestionPageSchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  moderator_id: z.string().nullable(),
  moderator_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  created_at: isoDate,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), total: z.number(), page: z.number(), pages: z.number() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const ContributorProfileSchema = ContributorSummarySchema.extend({
  suspension_reason: z.string().nullable(),
  recent_observations: z.array(
    z.object({ id: z.string(), product_name: z.string(), store_name: z.string(), price: z.number(), status: observationStatus, observed_at: isoDate }),
  ),
});
export type ContributorProfile = z.infer<typeof ContributorProfileSchema>;

/** A delivery agent's application as the moderator decides on it (GET /api/admin/agent-applications). */
export const AgentApplicationSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country_region: z.string(),
  registered_at: isoDate,
  status: z.enum(AGENT_APPLICATION_STATUSES),
  /** The refusal's reason, or the approval's note. */
  reason: z.string().nullable(),
  reviewed_at: isoDate.nullable(),
  suspended_at: isoDate.nullable(),
});
export type AgentApplication = z.infer<typeof AgentApplicationSchema>;
export const AgentApplicationPageSchema = pageOf(AgentApplicationSchema);
export type AgentApplicationPage = z.infer<typeof AgentApplicationPageSchema>;

/** One order as the moderators' orders view shows it (GET /api/admin/orders): moderators may see the customer. */
export const AdminOrderSchema = z.object({
  id: z.string(),
  created_at: isoDate,
  status: z.enum(ORDER_STATUSES),
  origin: z.enum(['booking', 'delivery_request']),
  customer: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
  delivery_date: z.string(),
  delivery_time_slot: z.string(),
  total_amount: z.number(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** Paid through the payment sandbox: no money moved. */
  is_test: z.boolean(),
  /** The order's payment through an operator; null for cash on delivery. */
  payment: z
    .object({
      status: z.enum(PAYMENT_STATUSES),
      refund_status: z.enum(REFUND_STATUSES),
      refunded_at: isoDate.nullable(),
    })
    .nullable(),
  /** The agent who took it, while one holds it or once delivered. */
  agent: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  cancelled_at: isoDate.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderPageSchema = pageOf(AdminOrderSchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

export const ModerationResultSchema = z.object({ success: z.literal(true), message: z.string() });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;
