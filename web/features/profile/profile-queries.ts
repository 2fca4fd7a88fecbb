import type { UserStats } from '#contract/users';
import { api } from '../../lib/api';

export const statsQuery = { queryKey: ['profile', 'stats'], queryFn: () => api.get<UserStats>('/users/me/stats') };
