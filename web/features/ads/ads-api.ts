// Server state of the ad manager: the advertiser's ads, creation, payment, edits, pause and resume.
import type { AdDraft, AdPlaces } from '#contract/ads';
import type { AdPayRequest, AdResponse } from '#contract/ads-api';
import { api } from '../../lib/api';

export const adsKeys = {
  all: ['ads'] as const,
  mine: ['ads', 'mine'] as const,
};

export const myAdsQuery = { queryKey: adsKeys.mine, queryFn: () => api.get<AdResponse[]>('/ads/mine') };

export const createAd = (draft: AdDraft) => api.post<AdResponse>('/ads', draft);
export const updateAd = (id: string, draft: AdDraft) => api.put<AdResponse>(`/ads/${id}`, draft);
export const payAd = (id: string, body: AdPayRequest) => api.post<AdResponse>(`/ads/${id}/pay`, body);
export const pauseAd = (id: string) => api.post<AdResponse>(`/ads/${id}/pause`);
export const resumeAd = (id: string) => api.post<AdResponse>(`/ads/${id}/resume`);
/** The advertiser's answer on the sandbox phone or card page (test mode only). */
export const answerAdSandbox = (id: string, approve: boolean) => api.post<AdResponse>(`/ads/${id}/sandbox-decision`, { approve });

/** The towns and districts that have listed stores: what an ad may target (GET /api/ads/places). */
export const adPlacesQuery = { queryKey: ['ads', 'places'] as const, queryFn: () => api.get<AdPlaces>('/ads/places'), staleTime: 5 * 60_000 };
