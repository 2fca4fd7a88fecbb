// The ad API's request and answer schemas beyond the wizard's draft (contract/ads.ts): the payment
// request, the ad as the API answers it (the `Ad` type plus its payment and test marking), the
// moderators' list and decisions. Routes declare them, so they appear in the OpenAPI document.
import { z } from './zod';
import { AD_GRADIENTS, AD_PAYMENT_METHODS, AD_STATUSES } from './ads';
import { AdCreativeFields } from './ads-banner';
import { fr } from './messages';

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

/** The operators of the mobile_money payment method. */
export const AD_MOBILE_OPERATORS = ['airtel_money', 'moov_money'] as const;
export type AdMobileOperator = (typeof AD_MOBILE_OPERATORS)[number];

/**
 * POST /api/ads/{id}/pay. `payment_method` replaces the draft's (optional); mobile money needs the
 * operator and the number that receives the push; a card is paid on the operator's page; a bank
 * transfer waits for a moderator to mark it received.
 */
export const AdPaySchema = z.object({
  payment_method: z.enum(AD_PAYMENT_METHODS).optional(),
  operator: z.enum(AD_MOBILE_OPERATORS, { error: fr.adsApi.operatorRequired }).optional(),
  phone: z
    .string()
    .trim()
    .max(30, { error: fr.adsApi.phoneInvalid })
    .refine((p) => p === '' || (PHONE_PATTERN.test(p) && p.replace(/\D/g, '').length >= 8 && p.replace(/\D/g, '').length <= 15), { error: fr.adsApi.phoneInvalid })
    .optional(),
});
export type AdPayRequest = z.input<typeof AdPaySchema>;

/** The sandbox operator's "phone" for an ad payment (test mode only). */
export const AdSandboxDecisionSchema = z.object({ approve: z.boolean() });

export const AD_PAYMENT_METHOD_TYPES = ['airtel_money', 'moov_money', 'card', 'bank_transfer'] as const;

export const AdPaymentInfoSchema = z.object({
  id: z.string(),
  /** 'sandbox', 'airtel_money' (the live operator) or 'bank_transfer'. */
  provider: z.string(),
  /** Paid through the sandbox: no money moved ('mode test'). */
  test_mode: z.boolean(),
  method_type: z.enum(AD_PAYMENT_METHOD_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: z.number().int().nonnegative(),
  phone_number: z.string().nullable(),
  /** What the advertiser must do before the operator answers (null once settled, and for a transfer). */
  customer_step: z.enum(['phone_confirmation', 'card_authentication']).nullable(),
  /** Bank transfer: the reference to quote on the transfer. */
  transfer_reference: z.string().nullable(),
  refund_status: z.enum(['none', 'pending', 'succeeded', 'failed']),
  refunded_at: z.string().nullable(),
});
export type AdPaymentInfo = z.infer<typeof AdPaymentInfoSchema>;

const StatsDaySchema = z.object({ day: z.string(), impressions: z.number().int(), clicks: z.number().int() });
export type AdStatsDay = z.infer<typeof StatsDaySchema>;

/** An ad as its advertiser and moderators see it (the spec's Ad entity), plus its latest payment. */
export const AdResponseSchema = z.object({
  id: z.string(),
  ...AdCreativeFields,
  bg_color: z.enum(AD_GRADIENTS),
  duration: z.number().int(),
  /** One of the spec's audiences, 'city:<Ville>' or 'district:<Ville>/<Quartier>' (contract/ads.ts, AdTarget). */
  target_audience: z.string(),
  budget: z.number().int().nonnegative(),
  payment_method: z.enum(AD_PAYMENT_METHODS),
  status: z.enum(AD_STATUSES),
  review_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** When the ad is first shown (set on approval: now, or the moderator's later date → 'scheduled'). */
  starts_at: z.string().nullable(),
  /** starts_at + duration days: the expiry job moves it to 'expired' then. */
  ends_at: z.string().nullable(),
  free_edit_until: z.string(),
  refund_status: z.enum(['none', 'pending', 'succeeded', 'failed']),
  stats: z.object({
    impressions: z.number().int(),
    clicks: z.number().int(),
    /** clicks / impressions, a fraction between 0 and 1 (0 without impressions). */
    click_rate: z.number(),
    /** The spec's estimate: 1 000 views per day run so far (the whole duration before the start). */
    estimated_views: z.number().int(),
    /** One row per day of the run so far (Libreville calendar), zeros included. */
    days: z.array(StatsDaySchema),
  }),
  /** Paid through the payment sandbox: shown as a test. */
  is_test: z.boolean(),
  payment: AdPaymentInfoSchema.nullable(),
});
export type AdResponse = z.infer<typeof AdResponseSchema>;

export const AdListSchema = z.array(AdResponseSchema);

/** GET /api/admin/ads?status=: the moderators' list. */
export const AdminAdsQuerySchema = z.object({
  status: z.enum(AD_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const AdminAdSchema = AdResponseSchema.extend({
  advertiser: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
});
export type AdminAd = z.infer<typeof AdminAdSchema>;

export const AdminAdPageSchema = z.object({ items: z.array(AdminAdSchema), total: z.number().int(), page: z.number().int(), pages: z.number().int() });
export type AdminAdPage = z.infer<typeof AdminAdPageSchema>;

/** POST /api/admin/ads/{id}/approve: the ad starts now, or at a later date (then 'scheduled'). */
export const AdApproveSchema = z.object({
  starts_at: z.iso.datetime({ offset: true, error: fr.adsApi.startsAtInvalid }).optional(),
});

/** Moderators' decisions answer the ad as it now is. */
export const AdDecisionSchema = z.object({ success: z.literal(true), message: z.string(), ad: AdminAdSchema });
export type AdDecision = z.infer<typeof AdDecisionSchema>;
