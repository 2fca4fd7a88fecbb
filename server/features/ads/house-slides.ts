// The banner's own slides, shown after the ads when fewer than five fit the user. Each one says
// something MonPanier really does and leads to the page that does it. The spec's "-30 % on fresh
// products", "express in under 2 hours" and "loyalty points" are not offered, so they are replaced
// by true messages (the optimiser, price contributions, lists from a photo); "free delivery from
// 25 000 FCFA" is the checkout's rule. Texts are in contract/messages-banner.ts.
import type { AdGradient } from '#contract/ads';
import type { BannerSlide } from '#contract/ads-banner';
import { fr } from '#contract/messages';

type HouseSlide = Extract<BannerSlide, { kind: 'house' }>;
type HouseSlideId = keyof typeof fr.banner.houseSlides;

const HOUSE: { id: HouseSlideId; gradient: AdGradient; link: string }[] = [
  { id: 'free-delivery', gradient: 'blue', link: '/shopping-lists' },
  { id: 'compare', gradient: 'green', link: '/shopping-lists' },
  { id: 'contribute', gradient: 'orange', link: '/contribute' },
  { id: 'list-from-photo', gradient: 'pink', link: '/create-list' },
  { id: 'new-stores', gradient: 'purple', link: '/store-finder' },
];

export const HOUSE_SLIDES: readonly HouseSlide[] = HOUSE.map(({ id, gradient, link }) => ({
  kind: 'house',
  id,
  title: fr.banner.houseSlides[id].title,
  subtitle: fr.banner.houseSlides[id].subtitle,
  gradient,
  link,
}));
