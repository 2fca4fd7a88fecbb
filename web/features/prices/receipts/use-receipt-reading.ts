// A receipt from its upload to its reading: the upload answers the read receipt (kept in the query
// cache) or 202 while the server reads it, and then the receipt is asked for again every 1.5 s until
// it is ready or failed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LatLng } from '../../../lib/geolocation';
import { RECEIPT_POLL_MS, fetchReceipt, receiptKeys, uploadReceipt } from './receipts-api';

export function useReceiptReading(position: LatLng | null) {
  const queryClient = useQueryClient();
  const [receiptId, setReceiptId] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadReceipt(file, position),
    onSuccess: (answer) => {
      if ('lines' in answer) queryClient.setQueryData(receiptKeys.one(answer.receipt_id), answer);
      setReceiptId(answer.receipt_id);
    },
  });
  const receipt = useQuery({
    queryKey: receiptKeys.one(receiptId ?? 'none'),
    queryFn: () => fetchReceipt(receiptId!),
    enabled: Boolean(receiptId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? RECEIPT_POLL_MS : false),
  });
  const reset = () => {
    upload.reset();
    setReceiptId(null);
  };
  return { upload, receipt: receiptId ? receipt : null, reset };
}
