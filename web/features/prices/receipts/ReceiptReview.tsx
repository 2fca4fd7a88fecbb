// The review screen of a read receipt (360 px first): the store, the date and the total, then each
// line to correct; « Envoyer N prix » sends the lines that have a product and a price.
import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, Send } from 'lucide-react';
import { useState } from 'react';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { Receipt, ReceiptSubmitted } from '#contract/receipts';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { type PurchaseDate, joinPurchasedAt, splitPurchasedAt, validDate, validTime } from './purchase-date';
import { ReceiptDateTotal } from './ReceiptDateTotal';
import { ReceiptLineRow } from './ReceiptLineRow';
import { ReceiptStore } from './ReceiptStore';
import { submitReceipt } from './receipts-api';
import { isSent, toReviewLines, toSubmit, type ReviewLine } from './review-lines';
import type { ChosenStore, StoreChoices } from './store-choices';

export type SentReceipt = { result: ReceiptSubmitted; store: ChosenStore; products: { id: string; name: string }[] };

type ReceiptReviewProps = { receipt: Receipt; choices: StoreChoices; onSent: (sent: SentReceipt) => void };

export function ReceiptReview({ receipt, choices, onSent }: ReceiptReviewProps) {
  const t = fr.receiptsUi;
  const [lines, setLines] = useState<ReviewLine[]>(() => toReviewLines(receipt));
  const [open, setOpen] = useState<number | null>(null);
  const [store, setStore] = useState<ChosenStore | null>(receipt.store.store_id && receipt.store.name ? { id: receipt.store.store_id, name: receipt.store.name } : null);
  const readDate = splitPurchasedAt(receipt.purchased_at);
  const [date, setDate] = useState<PurchaseDate>(readDate);
  const update = (index: number, patch: Partial<ReviewLine>) => setLines((all) => all.map((l) => (l.index === index ? { ...l, ...patch } : l)));

  const sending = lines.filter(isSent);
  const dateChanged = date.date !== readDate.date || date.time !== readDate.time;
  const dateOk = (date.date === '' && date.time === '') || (validDate(date.date) && validTime(date.time));
  const submit = useMutation({
    mutationFn: (storeId: string) => submitReceipt(receipt.receipt_id, toSubmit(lines, storeId, dateChanged ? joinPurchasedAt(date) : undefined)),
    onSuccess: (result, storeId) => onSent({ result, store: store ?? { id: storeId, name: '' }, products: sending.map((l) => l.product!) }),
  });

  const blocker = !store ? t.storeRequired : sending.length === 0 ? t.nothingToSend : null;
  return (
    <div className="space-y-4">
      <Card className="space-y-4 p-4">
        <div>
          <h2 className="font-semibold text-slate-900">{t.reviewTitle}</h2>
          <p className="text-sm text-slate-600">{t.reviewHint}</p>
        </div>
        <ReceiptStore read={receipt.store} value={store} onChange={setStore} choices={choices} />
        <ReceiptDateTotal value={date} onChange={setDate} read={receipt.purchased_at !== null} total={receipt.total_xaf} />
        {!receipt.checks.matches_total && receipt.total_xaf !== null && (
          <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="total-mismatch">
            <AlertTriangle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
            {t.totalMismatch(formatXaf(receipt.checks.lines_total_xaf), formatXaf(receipt.total_xaf))}
          </p>
        )}
      </Card>
      <section className="space-y-2" aria-labelledby="receipt-lines">
        <h2 id="receipt-lines" className="font-semibold text-slate-900">
          {t.linesTitle(lines.length)}
        </h2>
        <ul className="space-y-2" aria-label={t.linesTitle(lines.length)}>
          {lines.map((line) => (
            <ReceiptLineRow key={line.index} line={line} open={open === line.index} onToggle={() => setOpen(open === line.index ? null : line.index)} onChange={(patch) => update(line.index, patch)} />
          ))}
        </ul>
      </section>
      <div className="space-y-2">
        {submit.isError && (
          <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800" role="alert">
            {errorMessage(submit.error, fr.common.unknownError)}
          </p>
        )}
        <Button size="lg" block icon={<Send size={18} />} disabled={blocker !== null || !dateOk} busy={submit.isPending} busyLabel={t.sending} onClick={() => store && submit.mutate(store.id)}>
          {t.send(sending.length)}
        </Button>
        {blocker && <p className="text-sm text-slate-500">{blocker}</p>}
      </div>
    </div>
  );
}
