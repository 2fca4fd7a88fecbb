// The ad manager (spec part 2 sections 2 "Ad manager", 3 "Ad draft", 4 "Ad wizard", 5 "Ad",
// 9 "Ad durations and prices", "Ad options"): the draft the wizard sends, the ad as the API returns
// it, its lifecycle statuses, the banner's slides and the advertiser's statistics.
import { z } from './zod';
import { fr } from './messages';

export const AD_TITLE_MAX = 60;
export const AD_SUBTITLE_MAX = 100;
export const AD_DESCRIPTION_MAX = 200;
export const AD_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The spec's estimate shown next to the measured figures. */
export const AD_ESTIMATED_VIEWS_PER_DAY = 1000;
/** Editing within this time after creation keeps the status; later edits go back to review. */
export const AD_FREE_EDIT_MS = 2 * 60 * 60 * 1000;

/** Durations (days) and their prices in XAF. */
export const AD_DURATIONS = [
  { days: 1, price: 10_000 },
  { days: 3, price: 25_000 },
  { days: 7, price: 50_000 },
  { days: 14, price: 90_000 },
  { days: 30, price: 150_000 },
] as const;
export type AdDurationDays = (typeof AD_DURATIONS)[number]['days'];
export const adPriceFor = (days: number): number | null => AD_DURATIONS.find((d) => d.days === days)?.price ?? null;

export const AD_TYPES = ['text', 'image', 'video'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_AUDIENCES = ['all', 'libreville', 'port-gentil', 'new_users', 'frequent_users'] as const;
export type AdAudience = (typeof AD_AUDIENCES)[number];
export const AD_GRADIENTS = ['blue', 'green', 'purple', 'orange', 'red', 'pink'] as const;
export type AdGradient = (typeof AD_GRADIENTS)[number];
export const AD_PAYMENT_METHODS = ['mobile_money', 'bank_card', 'bank_transfer'] as const;
export type AdPaymentMethod = (typeof AD_PAYMENT_METHODS)[number];

export const AD_DEFAULTS = { type: 'text', duration: 7, targetAudience: 'all', budget: 50_000, bgColor: 'blue', textColor: 'white', paymentMethod: 'mobile_money' } as const;

/** The lifecycle (server/features/ads/ad-lifecycle.ts holds the transition table). */
export const AD_STATUSES = ['draft', 'awaiting_payment', 'awaiting_review', 'scheduled', 'active', 'paused', 'expired', 'rejected', 'refunded'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/**
 * POST /api/ads and PUT /api/ads/{id}: the wizard's draft. `media` is a data URL (images
 * JPEG/PNG/GIF/WebP, videos MP4/WebM/OGG, ≤ 10 MB), checked by content on the server; on PUT,
 * omitting it keeps the stored media. The budget is the chosen duration's price (the server
 * recomputes it and refuses a different one).
 */
export const AdDraftSchema = z.object({
  title: z.string().trim().min(1, { error: fr.ads.titleRequired }).max(AD_TITLE_MAX, { error: fr.ads.titleTooLong(AD_TITLE_MAX) }),
  subtitle: z.string().trim().min(1, { error: fr.ads.subtitleRequired }).max(AD_SUBTITLE_MAX, { error: fr.ads.subtitleTooLong(AD_SUBTITLE_MAX) }),
  description: z
    .string()
    .trim()
    .max(AD_DESCRIPTION_MAX, { error: fr.ads.descriptionTooLong(AD_DESCRIPTION_MAX) })
    .nullish()
    .transform((v) => (v ? v : null)),
  type: z.enum(AD_TYPES),
  duration: z.coerce.number().int().refine((d) => adPriceFor(d) !== null, { error: fr.ads.durationInvalid(AD_DURATIONS.map((d) => d.days).join(', ')) }),
  targetAudience: z.enum(AD_AUDIENCES),
  budget: z.coerce.number().int().nonnegative(),
  bgColor: z.enum(AD_GRADIENTS),
  textColor: z.enum(['white', 'dark']).default('white'),
  paymentMethod: z.enum(AD_PAYMENT_METHODS).default('mobile_money'),
  media: z.string().nullish(),
});
export type AdDraft = z.input<typeof AdDraftSchema>;

