// The consumer's deliveries: each order with its status, 'Commande test' when the sandbox paid it,
// and the refund of a paid order that was cancelled.
import { AlertTriangle, CalendarDays, CheckCircle2, ClipboardList, Clock, FlaskConical, MapPin, Plus, RotateCcw, StickyNote, Truck } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';
import { orderStatusLabel, timeSlotLabel, type DeliveryRequest, type RefundStatus } from '#contract/orders';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, EmptyState, PageHeader } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AmountDueAtDoor } from '../../ui/AmountDueAtDoor';
import { Money } from '../../ui/Money';
import { PageLoader } from '../../ui/Spinner';
import { useCancelDelivery, useDeliveries } from './deliveries-queries';
import { DeliveryProof, DeliveryTimeline, HandoverCode, deliveryStatusWords } from './DeliveryHandover';
import { NewDeliveryModal } from './NewDeliveryModal';
import { LoadError } from '../../ui/LoadError';

const texts = fr.delivery;
const TONE: Record<string, BadgeTone> = { pending: 'amber', confirmed: 'violet', in_progress: 'sky', picked_up: 'sky', en_route: 'violet', delivered: 'green', cancelled: 'rose' };
const CANCELLABLE = ['pending', 'confirmed'];

export function DeliveriesPage() {
  const deliveries = useDeliveries();
  const cancel = useCancelDelivery();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<DeliveryRequest | null>(null);

  // A paid order (confirmed, not cash) is refunded when cancelled: the confirmation says so.
  const cancelsPaidOrder = cancelling?.status === 'confirmed' && cancelling.payment_type !== 'cash';

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      notifySuccess(texts.cancelled);
    } catch (error) {
      notifyError(errorMessage(error, texts.cancelError));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <div className="space-y-5">
      <PageHeader
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <Button onClick={() => setCreating(true)} icon={<Plus size={18} aria-hidden="true" />}>
            {texts.newRequest}
          </Button>
        }
      />
      {deliveries.isPending ? (
        <PageLoader />
      ) : deliveries.isError ? (
        <LoadError message={texts.loadError} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <EmptyState icon={<Truck size={24} />} title={texts.emptyTitle} text={texts.emptyText} />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {deliveries.data.map((delivery) => (
            <DeliveryCard key={delivery.id} delivery={delivery} onCancel={() => setCancelling(delivery)} />
          ))}
        </ul>
      )}
      <NewDeliveryModal open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={cancelling !== null}
        title={texts.cancelTitle}
        message={cancelsPaidOrder ? fr.livePayments.cancelPaidText : texts.cancelText}
        confirmLabel={texts.cancelConfirm}
        cancelLabel={texts.keep}
        danger
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}

function DeliveryCard({ delivery: d, onCancel }: { delivery: DeliveryRequest; onCancel: () => void }) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-3 p-4" data-testid="delivery-card">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-mono text-xs text-slate-500">{texts.shortId(d.id.slice(0, 8))}</span>
              {d.is_test && (
                <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 ring-1 ring-inset ring-amber-300" data-testid="test-order-mark" title={fr.livePayments.testOrderNote}>
                  <FlaskConical size={12} aria-hidden="true" /> {fr.livePayments.testOrder}
                </span>
              )}
            </p>
            {d.shopping_list_name && (
              <p className="flex min-w-0 items-start gap-1.5 font-semibold text-slate-900">
                <ClipboardList size={16} className="mt-1 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="line-clamp-2 wrap-anywhere">{texts.fromList(d.shopping_list_name)}</span>
              </p>
            )}
          </div>
          <Badge tone={TONE[d.status] ?? 'slate'}>{deliveryStatusWords(d, orderStatusLabel)}</Badge>
        </div>
        <dl className="space-y-1.5 text-sm text-slate-700">
          <div className="flex items-start gap-2">
            <dt className="sr-only">{texts.address}</dt>
            <MapPin size={16} className="mt-0.5 shrink-0 text-slate-400" aria-hidden="true" />
            <dd className="min-w-0 wrap-anywhere">{d.delivery_address}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">{texts.date}</dt>
            <CalendarDays size={16} className="shrink-0 text-slate-400" aria-hidden="true" />
            <dd>{texts.deliveryOn(formatDate(d.delivery_date), timeSlotLabel(d.delivery_time_slot))}</dd>
          </div>
          <div className="flex items-center gap-2 text-slate-500">
            <dt className="sr-only">{texts.requestedOn('')}</dt>
            <Clock size={16} className="shrink-0 text-slate-400" aria-hidden="true" />
            <dd>{texts.requestedOn(formatDate(d.created_at))}</dd>
          </div>
          {d.notes && (
            <div className="flex items-start gap-2 text-slate-600">
              <dt className="sr-only">{texts.notes}</dt>
              <StickyNote size={16} className="mt-0.5 shrink-0 text-slate-400" aria-hidden="true" />
              <dd className="min-w-0 italic wrap-anywhere">{d.notes}</dd>
            </div>
          )}
        </dl>
        <HandoverCode delivery={d} />
        <DeliveryTimeline delivery={d} />
        <DeliveryProof delivery={d} />
        {d.refund_status !== 'none' ? <RefundLine status={d.refund_status} /> : d.payment_state !== 'cancelled' && <AmountDueAtDoor due={d} audience="customer" />}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <span className="text-sm text-slate-600">
            {texts.total} : <Money amount={d.total_amount} className="font-bold text-slate-900" />
          </span>
          {CANCELLABLE.includes(d.status) && (
            <Button size="sm" variant="outline" className="border-rose-200! text-rose-700! hover:bg-rose-50!" onClick={onCancel}>
              {texts.cancel}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

const REFUND_LOOK = {
  pending: { Icon: RotateCcw, tone: 'bg-amber-50 text-amber-900' },
  succeeded: { Icon: CheckCircle2, tone: 'bg-brand-50 text-brand-900' },
  failed: { Icon: AlertTriangle, tone: 'bg-rose-50 text-rose-900' },
} as const;

/** The refund of a paid order that was cancelled: in progress, done, or failed. */
function RefundLine({ status }: { status: Exclude<RefundStatus, 'none'> }) {
  const { Icon, tone } = REFUND_LOOK[status];
  return (
    <p className={`flex items-start gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium ${tone}`} data-testid="refund-status">
      <Icon size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
      <span>
        {fr.livePayments.refund[status]}
        {status === 'failed' && <span className="block text-xs font-normal">{fr.livePayments.refundNote.failed}</span>}
      </span>
    </p>
  );
}
