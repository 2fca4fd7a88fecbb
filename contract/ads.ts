// The ad manager (spec part 2 sections 2 "Ad manager", 3 "Ad draft", 4 "Ad wizard", 5 "Ad",
// 9 "Ad durations and prices", "Ad options"): the draft the wizard sends, the ad as the API returns
// it, its lifecycle statuses, the banner's slides and the advertiser's statistics.
import { z } from './zod';
import { fr } from './messages';
import { foldLetters } from './fold';

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
/** The spec's audiences ('libreville' and 'port-gentil' are the two cities it names: greater Libreville, Port-Gentil). */
export const AD_AUDIENCES = ['all', 'libreville', 'port-gentil', 'new_users', 'frequent_users'] as const;
export type AdAudience = (typeof AD_AUDIENCES)[number];
/** Audiences that are not places. */
export const AD_SEGMENTS = ['new_users', 'frequent_users'] as const;
export type AdSegment = (typeof AD_SEGMENTS)[number];
export const AD_TARGET_MAX = 200;

/**
 * An ad's target (ads.target_audience, a text column): one of the spec's audiences, or a place that
 * has listed stores (GET /api/ads/places lists them):
 *   'city:<Ville>'                 e.g. 'city:Akanda', 'city:Port-Gentil'
 *   'district:<Ville>/<Quartier>'  e.g. 'district:Libreville/Glass' (split at the first '/': a
 *                                  district's name may hold one, a town's never does)
 * The server keeps the places as the stores spell them; the spec's 'libreville' and 'port-gentil'
 * stay valid, with their own rule (greater Libreville within 60 km, Port-Gentil).
 */
export type AdTarget =
  | { kind: 'all' }
  | { kind: 'segment'; segment: AdSegment }
  | { kind: 'place'; city: string; district: string | null; legacy?: 'libreville' | 'port-gentil' };

const LEGACY_CITIES = { libreville: 'Libreville', 'port-gentil': 'Port-Gentil' } as const;

export function parseAdTarget(value: string): AdTarget | null {
  const text = value.trim();
  if (text === 'all') return { kind: 'all' };
  if ((AD_SEGMENTS as readonly string[]).includes(text)) return { kind: 'segment', segment: text as AdSegment };
  if (text === 'libreville' || text === 'port-gentil') return { kind: 'place', city: LEGACY_CITIES[text], district: null, legacy: text };
  const city = /^city:(.+)$/s.exec(text);
  if (city) {
    const name = city[1].trim();
    return name && !name.includes('/') ? { kind: 'place', city: name, district: null } : null;
  }
  const district = /^district:([^/]+)\/(.+)$/s.exec(text);
  if (district) {
    const [town, quarter] = [district[1].trim(), district[2].trim()];
    return town && quarter ? { kind: 'place', city: town, district: quarter } : null;
  }
  return null;
}

/** The target of a town ('city:Akanda'), or of one of its districts ('district:Libreville/Glass'). */
export const placeTarget = (city: string, district: string | null = null): string => (district ? `district:${city}/${district}` : `city:${city}`);

/** A place's name folded for comparing (case, accents, hyphens and spacing ignored: « port gentil » is « Port-Gentil »). */
export const foldPlace = (name: string): string => foldLetters(name).replace(/[\s\-‐–—_']+/g, ' ').trim();

/** The same target whatever its spelling: the key the server groups ads and users' places by. */
export function adTargetKey(target: AdTarget): string {
  if (target.kind === 'all') return 'all';
  if (target.kind === 'segment') return target.segment;
  if (target.legacy) return target.legacy;
  return target.district ? `district:${foldPlace(target.city)}/${foldPlace(target.district)}` : `city:${foldPlace(target.city)}`;
}

/** How screens name a target: « Tout le Gabon », « Akanda », « Glass, Libreville », « Nouveaux utilisateurs ». */
export function adTargetLabel(value: string): string {
  const target = parseAdTarget(value);
  if (!target) return value;
  if (target.kind === 'all') return fr.adsUi.audiences.all;
  if (target.kind === 'segment') return fr.adsUi.audiences[target.segment];
  return target.district ? fr.adsUi.districtOf(target.district, target.city) : target.city;
}

export const AdTargetSchema = z
  .string({ error: fr.ads.targetInvalid })
  .trim()
  .max(AD_TARGET_MAX, { error: fr.ads.targetInvalid })
  .refine((value) => parseAdTarget(value) !== null, { error: fr.ads.targetInvalid });

/** GET /api/ads/places: the towns that have listed stores (most stores first) and, in each, its districts that have stores. */
export const AdPlacesSchema = z.object({
  cities: z.array(
    z.object({
      city: z.string(),
      store_count: z.number().int(),
      districts: z.array(z.object({ district: z.string(), store_count: z.number().int() })),
    }),
  ),
});
export type AdPlaces = z.infer<typeof AdPlacesSchema>;
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
  /** Required for a text ad; an image or video ad may have none (then only the title, if shown, is drawn). */
  subtitle: z.string().trim().max(AD_SUBTITLE_MAX, { error: fr.ads.subtitleTooLong(AD_SUBTITLE_MAX) }).default(''),
  description: z
    .string()
    .trim()
    .max(AD_DESCRIPTION_MAX, { error: fr.ads.descriptionTooLong(AD_DESCRIPTION_MAX) })
    .nullish()
    .transform((v) => (v ? v : null)),
  type: z.enum(AD_TYPES),
  duration: z.coerce.number().int().refine((d) => adPriceFor(d) !== null, { error: fr.ads.durationInvalid(AD_DURATIONS.map((d) => d.days).join(', ')) }),
  /** One of the spec's audiences or a place with stores (AdTarget above); the server checks the place exists. */
  targetAudience: AdTargetSchema,
  budget: z.coerce.number().int().nonnegative(),
  bgColor: z.enum(AD_GRADIENTS),
  textColor: z.enum(['white', 'dark']).default('white'),
  /**
   * An image or video ad shows its title and subtitle over the media (« Texte sur l'image »), or
   * the media alone, as the merchant made it (the title is still its name in lists and for
   * moderators). A text ad always shows its text. Stored as text_color 'none' (no migration).
   */
  showText: z.boolean().default(true),
  paymentMethod: z.enum(AD_PAYMENT_METHODS).default('mobile_money'),
  media: z.string().nullish(),
}).superRefine((draft, issues) => {
  if (draft.type === 'text' && !draft.subtitle) issues.addIssue({ code: 'custom', path: ['subtitle'], message: fr.ads.subtitleRequired });
});
export type AdDraft = z.input<typeof AdDraftSchema>;

