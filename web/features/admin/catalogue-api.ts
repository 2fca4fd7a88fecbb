// Server state of /admin/catalogue: newcomers' products and stores waiting to be published, what
// everyone sees, what moderators removed; and the decisions on them (publish, hide, delete, merge,
// restore). Every decision invalidates `adminKeys.all` (use-moderation-action.ts).
import type { CatalogueEntries, CatalogueEntry, CatalogueKind, CatalogueView } from '#contract/catalogue-hygiene';
import type { ModerationResult } from '#contract/moderation';
import { api } from '../../lib/api';

export const CATALOGUE_PAGE_SIZE = 10;
const MERGE_SEARCH_LIMIT = 10;

export const catalogueEntriesQuery = (kind: CatalogueKind, view: CatalogueView, search: string, page: number) => ({
  queryKey: ['admin', 'catalogue', kind, view, search, page] as const,
  queryFn: () => api.get<CatalogueEntries>('/admin/catalogue', { query: { kind, view, page, limit: CATALOGUE_PAGE_SIZE, ...(search ? { search } : {}) } }),
});

/** The listed entries of a kind whose name holds the words (the one that stays after a merge). */
export const searchListed = async (kind: CatalogueKind, search: string, signal: AbortSignal): Promise<CatalogueEntry[]> =>
  (await api.get<CatalogueEntries>('/admin/catalogue', { query: { kind, view: 'listed', search, limit: MERGE_SEARCH_LIMIT }, signal })).items;

const decide = (path: string, body: object = {}) => api.post<ModerationResult>(path, body);

export const catalogueCalls = {
  publish: (e: CatalogueEntry) => decide(`/admin/catalogue/${e.kind}/${e.id}/publish`),
  remove: (e: CatalogueEntry, action: 'hide' | 'delete', reason: string) => decide(`/admin/catalogue/${e.kind}/${e.id}/${action}`, { reason }),
  merge: (e: CatalogueEntry, intoId: string, reason: string) => decide(`/admin/catalogue/${e.kind}/${e.id}/merge`, { into_id: intoId, reason }),
  restore: (e: CatalogueEntry) => decide(`/admin/catalogue/${e.kind}/${e.id}/restore`),
};
