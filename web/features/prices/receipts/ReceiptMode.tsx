// « Scanner un ticket de caisse » on /contribute: choose the ticket → it is read → the review →
// the prices sent. The position, when known, helps the server tell which store of a chain it is.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fr } from '#contract/messages';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ReceiptPicker } from './ReceiptPicker';
import { ReceiptReview, type SentReceipt } from './ReceiptReview';
import { ReceiptSent } from './ReceiptSent';
import type { StoreChoices } from './store-choices';
import { useReceiptReading } from './use-receipt-reading';

export function ReceiptMode({ choices }: { choices: StoreChoices }) {
  const t = fr.receiptsUi;
  const queryClient = useQueryClient();
  const { upload, receipt, reset } = useReceiptReading(choices.position);
  const [sent, setSent] = useState<SentReceipt | null>(null);
  const again = () => {
    setSent(null);
    reset();
  };

  if (sent) return <ReceiptSent sent={sent} onAnother={again} />;
  const data = receipt?.data;
  if (data?.status === 'ready') {
    return (
      <ReceiptReview
        key={data.receipt_id}
        receipt={data}
        choices={choices}
        onSent={(done) => {
          setSent(done);
          void queryClient.invalidateQueries({ queryKey: ['products'] });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
    );
  }
  const stopped = data?.status === 'failed' ? fr.receipts.notReadable : data?.status === 'submitted' ? fr.receipts.alreadySubmitted : receipt?.isError ? errorMessage(receipt.error, t.sendError) : null;
  if (stopped) {
    return (
      <Card className="space-y-3 p-4">
        <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800" role="alert">
          {stopped}
        </p>
        <Button variant="outline" onClick={again}>
          {t.startOver}
        </Button>
      </Card>
    );
  }
  return (
    <Card className="space-y-3 p-4">
      <h2 className="font-semibold text-slate-900">{t.pickTitle}</h2>
      <ReceiptPicker
        onPick={(file) => upload.mutate(file)}
        reading={upload.isPending || Boolean(receipt && (receipt.isPending || data?.status === 'processing'))}
        error={upload.isError ? errorMessage(upload.error, t.sendError) : null}
      />
    </Card>
  );
}
