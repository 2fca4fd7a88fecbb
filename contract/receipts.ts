// Till receipts read into prices (issue 29, item 1): what POST /api/prices/receipts and
// GET /api/prices/receipts/{receipt_id} answer.
import { z } from 'zod';
import { MatchCandidateSchema } from './imports';
import { receipts } from './messages-receipts';

export const RECEIPT_STATUSES = ['processing', 'ready', 'failed', 'submitted'] as const;
export const RECEIPT_CONFIDENCES = ['high', 'medium', 'low'] as const;

export const ReceiptLineSchema = z.object({
  index: z.number().int(),
  original_text: z.string(),
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  candidates: z.array(MatchCandidateSchema),
  quantity: z.number(),
  unit_price_xaf: z.number().int().nullable(),
  line_total_xaf: z.number().int().nullable(),
  confidence: z.enum(RECEIPT_CONFIDENCES),
});

export const ReceiptSchema = z.object({
  receipt_id: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  store: z.object({
    store_id: z.string().nullable(),
    name: z.string().nullable(),
    candidates: z.array(z.object({ store_id: z.string(), name: z.string() })),
  }),
  purchased_at: z.string().nullable(),
  total_xaf: z.number().int().nullable(),
  lines: z.array(ReceiptLineSchema),
  checks: z.object({ lines_total_xaf: z.number().int(), matches_total: z.boolean() }),
  /** The receipt's image with personal data masked (its prices' proof): its sender and moderators only, with their session. */
  proof_url: z.string().nullable().optional(),
  /** Why a 'failed' receipt could not be read (the French error the upload would have answered). */
  failure: z.object({ code: z.string(), detail: z.string() }).nullable().optional(),
});
/** POST /api/prices/receipts answers this (202) when the reading takes longer: poll GET /api/prices/receipts/{receipt_id}. */
export const ReceiptProcessingSchema = z.object({ receipt_id: z.string(), status: z.literal('processing') });
export type Receipt = z.infer<typeof ReceiptSchema>;
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

/** Optional fields of the upload: where the shopper stands (the stores near it are the likely ones). */
export const ReceiptUploadFieldsSchema = z.object({
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
});

export const ReceiptParamsSchema = z.object({ receipt_id: z.string() });

/** A receipt older than this is not a current price any more. */
export const RECEIPT_MAX_AGE_DAYS = 60;
export const RECEIPT_LINES_MAX = 200;

export const ReceiptSubmitSchema = z.object({
  store_id: z.string().min(1),
  purchased_at: z.string().datetime({ offset: true, message: receipts.dateFormat }).optional(),
  lines: z
    .array(z.object({ index: z.number().int().min(0), product_id: z.string().min(1), unit_price_xaf: z.number().int().min(1).max(10_000_000) }))
    .min(1)
    .max(RECEIPT_LINES_MAX),
});
export type ReceiptSubmit = z.infer<typeof ReceiptSubmitSchema>;

export const ReceiptSubmittedSchema = z.object({ created: z.number().int(), held: z.number().int(), observation_ids: z.array(z.string()) });
export type ReceiptSubmitted = z.infer<typeof ReceiptSubmittedSchema>;

/** A receipt label a chain's tickets print, and the product voices said it is (GET /api/admin/receipt-labels). */
export const RECEIPT_LABEL_STATES = ['pending', 'learned', 'approved', 'rejected'] as const;
export const ReceiptLabelSchema = z.object({
  chain_key: z.string(),
  label: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** Established voices that said so (a moderator's decision not counted). */
  voices: z.number().int(),
  /** pending: not used yet (one voice); learned: used (enough voices); approved / rejected: a moderator decided. */
  state: z.enum(RECEIPT_LABEL_STATES),
  last_seen_at: z.string(),
});
export type ReceiptLabel = z.infer<typeof ReceiptLabelSchema>;
export const ReceiptLabelsSchema = z.object({ labels: z.array(ReceiptLabelSchema) });
export const ReceiptLabelsQuerySchema = z.object({ state: z.enum(RECEIPT_LABEL_STATES, { message: 'État invalide : pending, learned, approved ou rejected' }).default('pending') });

/** POST /api/admin/receipt-labels/decision: a moderator says the mapping is right (used at once) or wrong (never used). */
export const ReceiptLabelDecisionSchema = z.object({
  chain_key: z.string({ message: 'Enseigne requise' }).min(1, { message: 'Enseigne requise' }).max(200, { message: 'Enseigne trop longue' }),
  label: z.string({ message: 'Étiquette requise' }).min(1, { message: 'Étiquette requise' }).max(300, { message: 'Étiquette trop longue' }),
  product_id: z.string({ message: 'Produit requis' }).min(1, { message: 'Produit requis' }),
  decision: z.enum(['approve', 'reject'], { message: 'Décision invalide : approve ou reject' }),
});
export type ReceiptLabelDecision = z.infer<typeof ReceiptLabelDecisionSchema>;
