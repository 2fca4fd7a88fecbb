// Public runtime settings from GET /api/config: the map tile URL, which payment methods this
// server can take now (the others are disabled in the booking form, with the reason), and in demo
// mode only the demo accounts (the login pages show them; outside demo mode they do not exist).
import { useQuery } from '@tanstack/react-query';
import type { PaymentAvailability } from '#contract/payments';
import { api } from './api';

export type DemoAccount = { email: string; password: string; full_name: string };
export type DemoAccounts = { consumer: DemoAccount; agent: DemoAccount; moderator: DemoAccount };

export type AppConfig = { tile_url: string; demo: DemoAccounts | null; payments: { sandbox: boolean; methods: PaymentAvailability[] } };

export const appConfigQuery = {
  queryKey: ['config'],
  queryFn: () => api.get<AppConfig>('/config', { auth: false }),
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/** The demo accounts when the server says demo mode is on; null while loading and outside demo mode. */
export function useDemoAccounts(): DemoAccounts | null {
  return useQuery(appConfigQuery).data?.demo ?? null;
}
