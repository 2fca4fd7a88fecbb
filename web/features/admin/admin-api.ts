// Server state of the moderation space: the calls of /api/admin and their query keys. Every
// decision invalidates `adminKeys.all`, so the counts, the queues and the journal follow it.
import type { AgentApplicationStatus } from '#contract/agent';
import type {
  AdminOrderPage,
  AdminOrderRefundFilter,
  AdminOrderTestFilter,
  AgentApplicationPage,
  AuditPage,
  ContributorProfile,
  ModerationResult,
  ObservationQueue,
  ObservationQueueName,
  ProductRevision,
  ProductSizeInput,
  QueueCounts,
  SuggestionPage,
} from '#contract/moderation';
import type { Product, ProductDetail } from '#contract/products';
import { api } from '../../lib/api';

export const QUEUE_PAGE_SIZE = 10;
export const AUDIT_PAGE_SIZE = 20;
export const ORDERS_PAGE_SIZE = 20;
const PRODUCT_SEARCH_LIMIT = 10;

export const adminKeys = {
  all: ['admin'] as const,
  counts: ['admin', 'queue'] as const,
  observations: (status: ObservationQueueName, page: number) => ['admin', 'observations', status, page] as const,
  suggestions: (page: number) => ['admin', 'suggestions', page] as const,
  revisions: (productId: string) => ['admin', 'revisions', productId] as const,
  product: (productId: string) => ['admin', 'product', productId] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  agentApplications: (status: AgentApplicationStatus, page: number) => ['admin', 'agent-applications', status, page] as const,
  orders: (filter: AdminOrdersFilter, page: number) => ['admin', 'orders', filter, page] as const,
};

/** The orders view's filters: every order, test orders (paid through the sandbox), failed refunds. */
export const ADMIN_ORDER_FILTERS = ['all', 'test', 'failedRefunds'] as const;
export type AdminOrdersFilter = (typeof ADMIN_ORDER_FILTERS)[number];
const ORDER_FILTER_QUERY: Record<AdminOrdersFilter, { test?: AdminOrderTestFilter; refund?: AdminOrderRefundFilter }> = {
  all: {},
  test: { test: 'true' },
  failedRefunds: { refund: 'failed' },
};

export const queueCountsQuery = { queryKey: adminKeys.counts, queryFn: () => api.get<QueueCounts>('/admin/queue') };

export const observationsQuery = (status: ObservationQueueName, page: number) => ({
  queryKey: adminKeys.observations(status, page),
  queryFn: () => api.get<ObservationQueue>('/admin/price-observations', { query: { status, page, limit: QUEUE_PAGE_SIZE } }),
});

export const suggestionsQuery = (page: number) => ({
  queryKey: adminKeys.suggestions(page),
  queryFn: () => api.get<SuggestionPage>('/admin/product-suggestions', { query: { status: 'pending', page, limit: QUEUE_PAGE_SIZE } }),
});

export const agentApplicationsQuery = (status: AgentApplicationStatus, page: number) => ({
  queryKey: adminKeys.agentApplications(status, page),
  queryFn: () => api.get<AgentApplicationPage>('/admin/agent-applications', { query: { status, page, limit: QUEUE_PAGE_SIZE } }),
});

export const adminOrdersQuery = (filter: AdminOrdersFilter, page: number) => ({
  queryKey: adminKeys.orders(filter, page),
  queryFn: () => api.get<AdminOrderPage>('/admin/orders', { query: { ...ORDER_FILTER_QUERY[filter], page, limit: ORDERS_PAGE_SIZE } }),
});

export const revisionsQuery = (productId: string) => ({
  queryKey: adminKeys.revisions(productId),
  queryFn: async () => (await api.get<{ revisions: ProductRevision[] }>(`/admin/products/${productId}/revisions`)).revisions,
});

/** The product as the catalogue shows it (its size and pack, for the moderator's correction). */
export const adminProductQuery = (productId: string) => ({
  queryKey: adminKeys.product(productId),
  queryFn: () => api.get<ProductDetail>(`/products/${productId}`),
});

export const contributorQuery = (id: string) => ({
  queryKey: adminKeys.user(id),
  queryFn: () => api.get<ContributorProfile>(`/admin/users/${id}`),
});

export const auditQuery = (page: number) => ({
  queryKey: adminKeys.audit(page),
  queryFn: () => api.get<AuditPage>('/admin/audit', { query: { page, limit: AUDIT_PAGE_SIZE } }),
});

/** The public catalogue search, to find a product whose history to open. */
export const searchProducts = (search: string, signal: AbortSignal) =>
  api.get<Product[]>('/products', { query: { search, limit: PRODUCT_SEARCH_LIMIT }, signal });

// Always a JSON body, even without a note: the server refuses an empty body on these routes.
const decide = (path: string, body: object = {}) => api.post<ModerationResult>(path, body);
const optionalReason = (reason?: string) => (reason?.trim() ? { reason: reason.trim() } : {});

export const moderationCalls = {
  approve: (id: string, note?: string) => decide(`/admin/price-observations/${id}/approve`, optionalReason(note)),
  reject: (id: string, reason: string) => decide(`/admin/price-observations/${id}/reject`, { reason }),
  apply: (id: string, note?: string) => decide(`/admin/product-suggestions/${id}/apply`, optionalReason(note)),
  refuse: (id: string, reason: string) => decide(`/admin/product-suggestions/${id}/refuse`, { reason }),
  revert: (productId: string, revisionId: string) => decide(`/admin/products/${productId}/revert`, { revision_id: revisionId }),
  claimBarcode: (productId: string, barcode: string) => decide(`/admin/products/${productId}/barcode`, { barcode }),
  setSize: (productId: string, size: ProductSizeInput) => api.put<ModerationResult>(`/admin/products/${productId}/size`, size),
  suspend: (userId: string, reason: string) => decide(`/admin/users/${userId}/suspend`, { reason }),
  reinstate: (userId: string) => decide(`/admin/users/${userId}/reinstate`),
  approveAgent: (userId: string) => decide(`/admin/agent-applications/${userId}/approve`),
  refuseAgent: (userId: string, reason: string) => decide(`/admin/agent-applications/${userId}/refuse`, { reason }),
};
