// The banner's ads on the web side: the slides for the signed-in user (with the device position when
// location is already allowed — the banner never asks for it) and the impression of a slide actually
// shown (once per ad and page load).
import type { BannerSlide } from '#contract/ads-banner';
import { api } from './api';

type Position = { lat: number; lng: number };

const POSITION_WAIT_MS = 1500;
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
