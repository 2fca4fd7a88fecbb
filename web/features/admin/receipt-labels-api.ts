// The « Libellés de tickets » queue's calls: the labels receipts taught, by state, and a moderator's
// decision on one. Its keys sit under adminKeys.all, so a decision refreshes it with the counts.
import type { ReceiptLabel, ReceiptLabelDecision } from '#contract/receipts';
import { api } from '../../lib/api';

export const receiptLabelsQuery = (state: ReceiptLabel['state']) => ({
  queryKey: ['admin', 'receipt-labels', state] as const,
  queryFn: async () => (await api.get<{ labels: ReceiptLabel[] }>('/admin/receipt-labels', { query: { state } })).labels,
});

export const decideReceiptLabel = (decision: ReceiptLabelDecision) => api.post<void>('/admin/receipt-labels/decision', decision);
