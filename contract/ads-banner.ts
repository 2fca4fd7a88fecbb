// The promo banner's API (issue 14): GET /api/ads/banner answers up to five slides (ads that fit the
// signed-in user, then house slides); POST /api/ads/{id}/impression counts a shown ad once a day;
// GET /api/ads/{id}/click is the tracked link (302 to the ad's public page /annonces/{id}), whose
// content GET /api/ads/{id}/public reads while the ad runs.
import { z } from './zod';
import { AD_GRADIENTS, AD_TYPES } from './ads';

export const BANNER_MAX_SLIDES = 5;

/** The device position, sent when location sharing is on: it decides the place audiences (a town, a district, libreville / port-gentil). */
export const BannerQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type BannerQuery = z.infer<typeof BannerQuerySchema>;

/** What an ad shows, wherever it is shown (the ad API, the banner, its public page). */
export const AdCreativeFields = {
  title: z.string(),
  subtitle: z.string(),
  description: z.string().nullable(),
  type: z.enum(AD_TYPES),
  media_url: z.string().nullable(),
  media_mime: z.string().nullable(),
  text_color: z.enum(['white', 'dark']),
  /** An image or video ad drawn without its text over the media (the title stays its accessible name). Always true for a text ad. */
  show_text: z.boolean(),
};

/** GET /api/ads/{id}/public: a running ad, as its public page /annonces/{id} shows it. */
export const AdPublicSchema = z.object({ id: z.string(), ...AdCreativeFields, gradient: z.enum(AD_GRADIENTS) });
export type AdPublic = z.infer<typeof AdPublicSchema>;

export const AdBannerSlideSchema = AdPublicSchema.extend({
  kind: z.literal('ad'),
  /** The tracked link: follow it (a plain <a href>), it counts the click and redirects to /annonces/{id}. */
  click_url: z.string(),
});

export const HouseBannerSlideSchema = z.object({
  kind: z.literal('house'),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  gradient: z.enum(AD_GRADIENTS),
  /** A page of the app (client-side route), or null. */
  link: z.string().nullable(),
});

export const BannerSlidesSchema = z.array(z.discriminatedUnion('kind', [AdBannerSlideSchema, HouseBannerSlideSchema])).max(BANNER_MAX_SLIDES);

/** GET /api/ads/banner: the slides to show, ads first, then house slides up to five. */
export type BannerSlide = z.infer<typeof BannerSlidesSchema>[number];

/** Where a clicked ad leads: its public page in the web app. */
export const adPagePath = (adId: string) => `/annonces/${adId}`;
