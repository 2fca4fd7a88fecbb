// The « Commerçants » queue's calls: merchant applications by status, and the two decisions. Its
// keys sit under adminKeys.all, so a decision refreshes it with the rest of the moderation space.
import type { Merchant, MerchantApplicationList, MerchantStatus } from '#contract/merchants';
import { api } from '../../lib/api';

export const merchantApplicationsQuery = (status: MerchantStatus) => ({
  queryKey: ['admin', 'merchant-applications', status] as const,
  queryFn: async () => (await api.get<MerchantApplicationList>('/admin/merchant-applications', { query: { status } })).applications,
});

export const merchantDecisions = {
  approve: (id: string) => api.post<Merchant>(`/admin/merchant-applications/${encodeURIComponent(id)}/approve`, {}),
  refuse: (id: string, reason: string) => api.post<Merchant>(`/admin/merchant-applications/${encodeURIComponent(id)}/refuse`, { reason }),
};
