// The banner's ads on the web side: the slides for the signed-in user (with the device position when
// location is already allowed — the banner never asks for it), the impression of a slide actually
// shown (once per ad and page load), and the clicked slide remembered for the ad's public page (the
// click is a full page load through the server's tracked link).
import type { BannerSlide } from '#contract/ads';
import { api } from './api';

export type AdBannerSlide = Extract<BannerSlide, { kind: 'ad' }>;
type Position = { lat: number; lng: number };

const POSITION_WAIT_MS = 1500;
const CLICKED_KEY = (id: string) => `monpanier_ad_${id}`;
const reported = new Set<string>();
let position: Promise<Position | null> | null = null;

/** The device position when the user already allowed it, else null (never prompts). */
function knownPosition(): Promise<Position | null> {
  position ??= (async () => {
    try {
      if (!navigator.permissions || !navigator.geolocation) return null;
      const status = await navigator.permissions.query({ name: 'geolocation' });
      if (status.state !== 'granted') return null;
      return await new Promise<Position | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), POSITION_WAIT_MS);
        navigator.geolocation.getCurrentPosition(
          (p) => {
            clearTimeout(timer);
            resolve({ lat: p.coords.latitude, lng: p.coords.longitude });
          },
          () => {
            clearTimeout(timer);
            resolve(null);
          },
          { maximumAge: 10 * 60_000, timeout: POSITION_WAIT_MS },
        );
      });
    } catch {
      return null;
    }
  })();
  return position;
}

export const bannerQuery = {
  queryKey: ['ads', 'banner'] as const,
  queryFn: async () => api.get<BannerSlide[]>('/ads/banner', { query: { ...(await knownPosition()) } }),
  staleTime: 60_000,
  retry: false,
};

/** Counts the ad as seen, once per page load (the server keeps one a day per user). */
export function reportImpression(adId: string): void {
  if (reported.has(adId)) return;
  reported.add(adId);
  void (async () => {
    try {
      await api.post<void>(`/ads/${adId}/impression`, undefined, { query: { ...(await knownPosition()) } });
    } catch {
      reported.delete(adId); // counted at its next showing
    }
  })();
}

export function rememberClickedAd(slide: AdBannerSlide): void {
  try {
    sessionStorage.setItem(CLICKED_KEY(slide.id), JSON.stringify(slide));
  } catch {
    // Private mode or full storage: the public page then shows what the API gives.
  }
}

export function clickedAd(id: string): AdBannerSlide | null {
  try {
    const raw = sessionStorage.getItem(CLICKED_KEY(id));
    return raw ? (JSON.parse(raw) as AdBannerSlide) : null;
  } catch {
    return null;
  }
}
