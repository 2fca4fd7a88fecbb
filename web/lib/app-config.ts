// Public runtime settings from GET /api/config: the map tile URL, and which payment methods this
// server can take now (the others are disabled in the booking form, with the reason).
import type { PaymentAvailability } from '#contract/payments';
import { api } from './api';

export type AppConfig = { tile_url: string; payments: { sandbox: boolean; methods: PaymentAvailability[] } };

export const appConfigQuery = {
  queryKey: ['config'],
  queryFn: () => api.get<AppConfig>('/config', { auth: false }),
  staleTime: Number.POSITIVE_INFINITY,
} as const;
