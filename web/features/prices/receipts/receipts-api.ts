// The till-receipt calls: the upload (answered at once, or 202 while it is read, then polled), the
// reading, and the submit of the reviewed prices.
import type { Receipt, ReceiptSubmit, ReceiptSubmitted } from '#contract/receipts';
import { api } from '../../../lib/api';
import type { LatLng } from '../../../lib/geolocation';
import { postFile } from './post-file';

/** How often a receipt still being read is asked for again. */
export const RECEIPT_POLL_MS = 1500;

export type ReceiptAccepted = { receipt_id: string; status: 'processing' };

export async function uploadReceipt(file: File, position: LatLng | null): Promise<Receipt | ReceiptAccepted> {
  const fields: Record<string, string> = position ? { latitude: String(position.latitude), longitude: String(position.longitude) } : {};
  return (await postFile<Receipt | ReceiptAccepted>('/prices/receipts', file, file.name || 'ticket', fields)).body;
}

export const receiptKeys = { one: (id: string) => ['receipts', id] as const };

export const fetchReceipt = (id: string) => api.get<Receipt>(`/prices/receipts/${encodeURIComponent(id)}`);

export const submitReceipt = (id: string, body: ReceiptSubmit) => api.post<ReceiptSubmitted>(`/prices/receipts/${encodeURIComponent(id)}/submit`, body);
