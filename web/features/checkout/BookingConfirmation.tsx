// The confirmation after booking: cart, total, date, slot, status, and — for mobile money and
// card — the customer's step at the payment operator: with the sandbox (labelled 'mode test') the
// customer answers here; with a real operator (Airtel Money) on the phone, and this page follows
// the payment until the operator settles it. An order paid through the sandbox is marked
// 'Commande test'; a paid order that was cancelled shows its refund. The list's items the cart left
// out are pointed to on the new list that keeps them.
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, FlaskConical, ListPlus, RotateCcw, Smartphone, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { PaymentState } from '#contract/amount-due';
import type { BookingDetails, RemainingList as RemainingListInfo } from '#contract/checkout';
import { formatDate, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { timeSlotLabel } from '#contract/orders';
import { PAYMENT_TYPE_LABELS } from '#contract/payments';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useOnline } from '../../lib/use-online';
import { Button, buttonClasses } from '../../ui/Button';
import { AmountDueAtDoor } from '../../ui/AmountDueAtDoor';
import { Money } from '../../ui/Money';
import { OfflineNote } from '../../ui/OfflineNote';
import { PageLoader } from '../../ui/Spinner';
import { answerSandboxPayment, bookingKey, bookingQuery } from './checkout-api';
import { OrderStatusBadge } from './OrderStatusBadge';

/** What the door asks for, said on the confirmation when the order will be delivered. */
const SAID_AT_DOOR: PaymentState[] = ['cash_due', 'paid_online', 'paid_cash'];

/** How often the page looks again while a real operator's payment is pending (the server asks the operator sparingly). */
const OPERATOR_POLL_MS = 5000;
/** A refund in progress is followed up by the server's reconciliation every minute or so: look again now and then. */
const REFUND_POLL_MS = 30_000;

const waitsForOperator = (booking: BookingDetails | undefined) => booking?.payment?.status === 'pending' && !booking.payment.test_mode;

export function BookingConfirmation({ orderId, onSettled }: { orderId: string; onSettled?: () => void }) {
  const queryClient = useQueryClient();
  const { data: booking, isPending, isError, refetch } = useQuery({
    ...bookingQuery(orderId),
    refetchInterval: (query) => (waitsForOperator(query.state.data) ? OPERATOR_POLL_MS : query.state.data?.payment?.refund_status === 'pending' ? REFUND_POLL_MS : false),
  });
  useOperatorOutcome(booking, onSettled);
  const answer = useMutation({
    mutationFn: ({ paymentId, approve }: { paymentId: string; approve: boolean }) => answerSandboxPayment(paymentId, approve),
    onSuccess: (details) => {
      queryClient.setQueryData(bookingKey(orderId), details);
      if (details.status === 'confirmed') notifySuccess(fr.checkoutUi.paymentConfirmed);
      else notifyError(fr.checkoutUi.paymentDeclined);
      onSettled?.();
    },
    onError: (error) => notifyError(errorMessage(error, fr.checkoutUi.paymentError)),
  });

  if (isPending) return <PageLoader />;
  if (isError || !booking)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-rose-50 p-4 text-sm text-rose-800">
        {fr.checkoutUi.loadError}
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          {fr.common.retry}
        </Button>
      </div>
    );

  const pendingPayment = booking.payment?.status === 'pending' ? booking.payment : null;
  const Icon = booking.status === 'cancelled' ? XCircle : booking.status === 'pending' ? Clock : CheckCircle2;
  // Cancelled after the payment went through: the customer cancelled it, the payment was not refused.
  const cancelledTitle = booking.payment?.status === 'succeeded' ? fr.livePayments.cancelledTitle : fr.checkoutUi.cancelledTitle;
  const title = booking.status === 'cancelled' ? cancelledTitle : booking.status === 'pending' ? fr.checkoutUi.pendingTitle : fr.checkoutUi.confirmationTitle;
  const tone = booking.status === 'cancelled' ? 'text-rose-700' : booking.status === 'pending' ? 'text-amber-700' : 'text-brand-700';

  return (
    <div className="space-y-5" data-testid="booking-confirmation">
      <div className="flex items-start gap-3">
        <Icon size={32} className={`shrink-0 ${tone}`} aria-hidden="true" />
        <div>
          <h2 className="text-xl font-bold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-500">{fr.checkoutUi.orderNumber(booking.order_id.slice(0, 8).toUpperCase())}</p>
          {booking.is_test && <TestOrderMark />}
        </div>
      </div>

      {booking.payment && booking.payment.refund_status !== 'none' && <RefundState booking={booking} />}

      {pendingPayment?.test_mode && <SandboxStep booking={booking} busy={answer.isPending} onAnswer={(approve) => answer.mutate({ paymentId: pendingPayment.id, approve })} />}
      {pendingPayment && !pendingPayment.test_mode && <OperatorStep booking={booking} onCheck={() => refetch()} />}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border border-slate-200 p-4 text-sm">
        <dt className="text-slate-500">{fr.checkoutUi.statusValue}</dt>
        <dd className="text-right">
          <OrderStatusBadge status={booking.status} />
        </dd>
        <dt className="text-slate-500">{fr.checkoutUi.dateValue}</dt>
        <dd className="text-right font-medium">{formatDate(booking.delivery_date)}</dd>
        <dt className="text-slate-500">{fr.checkoutUi.slotValue}</dt>
        <dd className="text-right font-medium">{timeSlotLabel(booking.delivery_time_slot)}</dd>
        <dt className="text-slate-500">{fr.checkoutUi.addressValue}</dt>
        <dd className="text-right font-medium">{booking.delivery_address}</dd>
        <dt className="text-slate-500">{fr.checkoutUi.paymentValue}</dt>
        <dd className="text-right font-medium">{booking.payment ? PAYMENT_TYPE_LABELS[booking.payment.method_type] : PAYMENT_TYPE_LABELS.cash}</dd>
      </dl>

      <div>
        <h3 className="mb-2 font-semibold">
          {fr.checkoutUi.cart} <span className="text-sm font-normal text-slate-500">({fr.checkoutUi.itemsCount(booking.items.length)})</span>
        </h3>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          {booking.items.map((item) => (
            <li key={`${item.product_id}-${item.store_id}`} className="flex items-start justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {item.quantity} × {item.product_name}
                </span>
                <span className="block text-xs text-slate-500">{fr.optimiserUi.at(item.store_name)}</span>
              </span>
              <Money amount={item.total_price} className="shrink-0 font-medium" />
            </li>
          ))}
          <li className="flex justify-between px-3 py-2 text-slate-600">
            <span>{fr.optimiserUi.deliveryFee}</span>
            <Money amount={booking.delivery_fee} />
          </li>
          <li className="flex justify-between px-3 py-2 font-bold text-slate-900">
            <span>{fr.checkoutUi.total}</span>
            <Money amount={booking.total_amount} />
          </li>
        </ul>
      </div>
      {/* Pending payments and refunds have their own panels above. */}
      {SAID_AT_DOOR.includes(booking.payment_state) && <AmountDueAtDoor due={booking} audience="customer" />}

      {booking.remaining_list && <RemainingList list={booking.remaining_list} />}

      <div className="flex flex-wrap gap-2">
        <Link to="/deliveries" className={buttonClasses({ variant: 'secondary' })}>
          {fr.checkoutUi.goToDeliveries}
        </Link>
        <Link to="/shopping-lists" className={buttonClasses({ variant: 'outline' })}>
          {fr.checkoutUi.goToLists}
        </Link>
      </div>
    </div>
  );
}

/** The list's items the cart left out wait on a new list (the server made it at booking). */
function RemainingList({ list }: { list: RemainingListInfo }) {
  return (
    <section className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" aria-label={fr.optimiserView.remainingTitle(list.item_count)} data-testid="remaining-list">
      <h3 className="flex items-center gap-1.5 font-semibold">
        <ListPlus size={16} aria-hidden="true" /> {fr.optimiserView.remainingTitle(list.item_count)}
      </h3>
      <p className="[overflow-wrap:anywhere]">{fr.optimiserView.remainingText(list.item_count, list.name)}</p>
      <Link to={`/shopping-lists/${list.id}/compare`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        {fr.optimiserView.remainingCompare}
      </Link>
    </section>
  );
}

/** Paid through the sandbox: no money moved. */
function TestOrderMark() {
  return (
    <p className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900 ring-1 ring-inset ring-amber-300" data-testid="test-order-mark" title={fr.livePayments.testOrderNote}>
      <FlaskConical size={14} aria-hidden="true" /> {fr.livePayments.testOrder}
    </p>
  );
}

const REFUND_LOOK = {
  pending: { Icon: RotateCcw, box: 'border-amber-200 bg-amber-50 text-amber-900' },
  succeeded: { Icon: CheckCircle2, box: 'border-brand-200 bg-brand-50 text-brand-900' },
  failed: { Icon: AlertTriangle, box: 'border-rose-200 bg-rose-50 text-rose-900' },
} as const;

/** The refund of a paid order that was cancelled: in progress, done (when), or failed. */
function RefundState({ booking }: { booking: BookingDetails }) {
  const payment = booking.payment!;
  const state = payment.refund_status as keyof typeof REFUND_LOOK;
  const { Icon, box } = REFUND_LOOK[state];
  const amount = formatXaf(payment.amount);
  const texts = fr.livePayments;
  const note = booking.is_test ? texts.refundNote.test : state === 'failed' ? texts.refundNote.failed : texts.refundNote[state](amount);
  return (
    <section className={`flex items-start gap-3 rounded-xl border p-3 text-sm ${box}`} aria-label={texts.refund[state]} data-testid="refund-status">
      <Icon size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">
          {texts.refund[state]}
          {state === 'succeeded' && payment.refunded_at && <span className="font-normal"> {texts.refundedOn(formatDate(payment.refunded_at))}</span>}
        </p>
        <p className="text-xs opacity-90">{note}</p>
      </div>
    </section>
  );
}

/** The sandbox operator's phone (or card page), answered here: only ever a test payment. */
function SandboxStep({ booking, busy, onAnswer }: { booking: BookingDetails; busy: boolean; onAnswer: (approve: boolean) => void }) {
  const payment = booking.payment!;
  const card = payment.customer_step === 'card_authentication';
  const online = useOnline();
  const offlineNoteId = useId();
  const needsServer = { disabled: busy || !online, 'aria-describedby': online ? undefined : offlineNoteId };
  return (
    <section className="space-y-3 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-50 p-4" aria-label={card ? fr.checkoutUi.sandboxCardTitle : fr.checkoutUi.sandboxPhoneTitle}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-amber-900">{card ? fr.checkoutUi.sandboxCardTitle : fr.checkoutUi.sandboxPhoneTitle}</h3>
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900">
          <FlaskConical size={14} aria-hidden="true" /> {fr.checkoutUi.sandboxBadge}
        </span>
      </div>
      <p className="text-sm text-amber-900">{card ? fr.checkoutUi.sandboxCardText(formatXaf(payment.amount)) : fr.checkoutUi.sandboxPhoneText(formatXaf(payment.amount), payment.phone_number ?? '')}</p>
      <p className="text-xs text-amber-800">{fr.checkoutUi.sandboxNote}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onAnswer(true)} busy={busy} {...needsServer}>
          {fr.checkoutUi.approve}
        </Button>
        <Button variant="outline" onClick={() => onAnswer(false)} {...needsServer}>
          {fr.checkoutUi.decline}
        </Button>
      </div>
      {!online && <OfflineNote id={offlineNoteId} />}
    </section>
  );
}

/** A real operator settles the payment on its side: tell the customer when this page sees the outcome. */
function useOperatorOutcome(booking: BookingDetails | undefined, onSettled?: () => void) {
  const waited = useRef(false);
  useEffect(() => {
    if (waitsForOperator(booking)) {
      waited.current = true;
      return;
    }
    if (!waited.current || !booking?.payment) return;
    waited.current = false;
    if (booking.status === 'confirmed') notifySuccess(fr.checkoutUi.paymentConfirmed);
    else notifyError(fr.checkoutUi.paymentDeclined);
    onSettled?.();
  }, [booking, onSettled]);
}

function OperatorStep({ booking, onCheck }: { booking: BookingDetails; onCheck: () => Promise<unknown> }) {
  const payment = booking.payment!;
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    await onCheck().finally(() => setChecking(false));
  };
  return (
    <section className="space-y-3 rounded-2xl border border-ocean-500/30 bg-sky-50 p-4" aria-label={fr.checkoutUi.sandboxPhoneTitle}>
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <Smartphone size={18} className="shrink-0 text-ocean-600" aria-hidden="true" /> {fr.checkoutUi.sandboxPhoneTitle}
      </h3>
      <p className="text-sm text-slate-700">{fr.checkoutUi.operatorPhoneText(formatXaf(payment.amount), payment.phone_number ?? '')}</p>
      <p className="text-xs text-slate-500" aria-live="polite">
        {fr.checkoutUi.operatorWaiting}
      </p>
      <Button variant="outline" size="sm" onClick={() => void check()} busy={checking}>
        {fr.checkoutUi.checkPayment}
      </Button>
    </section>
  );
}
