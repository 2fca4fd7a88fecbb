// The promo banner's API (issue 14): GET /api/ads/banner answers up to five slides (ads that fit the
// signed-in user, then house slides); POST /api/ads/{id}/impression counts a shown ad once a day;
// GET /api/ads/{id}/click is the tracked link (302 to the ad's public page /annonces/{id}).
import { z } from 'zod';
import { AD_GRADIENTS, AD_TYPES, type BannerSlide } from './ads';

export const BANNER_MAX_SLIDES = 5;

/** The device position, sent when location sharing is on: it decides the libreville / port-gentil audiences. */
export const BannerQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type BannerQuery = z.infer<typeof BannerQuerySchema>;

export const AdBannerSlideSchema = z.object({
  kind: z.literal('ad'),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string().nullable(),
  type: z.enum(AD_TYPES),
  media_url: z.string().nullable(),
  media_mime: z.string().nullable(),
  gradient: z.enum(AD_GRADIENTS),
  text_color: z.enum(['white', 'dark']),
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

// The schema and the shared type must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof BannerSlidesSchema>[number], BannerSlide> = true;
void sameShape;

/** Where a clicked ad leads: its public page in the web app. */
export const adPagePath = (adId: string) => `/annonces/${adId}`;
