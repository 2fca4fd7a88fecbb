// Public runtime settings from GET /api/config (the map tile URL).
import { api } from './api';

export type AppConfig = { tile_url: string };

export const appConfigQuery = {
  queryKey: ['config'],
  queryFn: () => api.get<AppConfig>('/config', { auth: false }),
  staleTime: Number.POSITIVE_INFINITY,
} as const;
