// The moderators' side of the ad manager: ads by status, and the decisions on them. Every decision
// invalidates `adminKeys.all` through useModerationAction.
import type { AdStatus } from '#contract/ads';
import type { AdDecision, AdminAdPage } from '#contract/ads-api';
import { api } from '../../lib/api';

export const ADS_PAGE_SIZE = 10;
/** The statuses a moderator looks at, those waiting for them first. */
export const ADMIN_AD_FILTERS = ['awaiting_review', 'awaiting_payment', 'scheduled', 'active', 'paused', 'rejected', 'refunded', 'expired'] as const satisfies readonly AdStatus[];
export type AdminAdFilter = (typeof ADMIN_AD_FILTERS)[number];

export const adminAdsQuery = (status: AdminAdFilter, page: number) => ({
  queryKey: ['admin', 'ads', status, page] as const,
  queryFn: () => api.get<AdminAdPage>('/admin/ads', { query: { status, page, limit: ADS_PAGE_SIZE } }),
});

export const adDecisions = {
  approve: (id: string) => api.post<AdDecision>(`/admin/ads/${id}/approve`, {}),
  reject: (id: string, reason: string) => api.post<AdDecision>(`/admin/ads/${id}/reject`, { reason }),
  paymentReceived: (id: string) => api.post<AdDecision>(`/admin/ads/${id}/payment-received`),
  refundSent: (id: string) => api.post<AdDecision>(`/admin/ads/${id}/refund-sent`),
};
