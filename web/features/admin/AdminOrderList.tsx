// The orders of the moderators' orders view, read-only: stacked cards on a phone, a table from
// tablet width. Each order says who ordered it, when it is delivered, how it was paid, "Commande
// test" when the sandbox paid it (no money moved), and where its refund stands; a failed refund
// says what to do.
import { AlertTriangle, CheckCircle2, FlaskConical, RotateCcw, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { AdminOrder } from '#contract/moderation';
import { orderStatusLabel, timeSlotLabel } from '#contract/orders';
import { PAYMENT_TYPE_LABELS } from '#contract/payments';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Money } from '../../ui/Money';

const texts = fr.adminUi.orders;
const STATUS_TONE: Record<string, BadgeTone> = { pending: 'amber', confirmed: 'violet', in_progress: 'sky', picked_up: 'sky', en_route: 'violet', delivered: 'green', cancelled: 'rose' };
const shortId = (id: string) => id.slice(0, 8);
const deliveryWhen = (o: AdminOrder) => `${formatDate(o.delivery_date)} · ${timeSlotLabel(o.delivery_time_slot)}`;

function StatusBadge({ order }: { order: AdminOrder }) {
  return <Badge tone={STATUS_TONE[order.status] ?? 'slate'}>{orderStatusLabel(order.status)}</Badge>;
}

/** "Commande test": paid through the payment sandbox. */
function TestMark({ order }: { order: AdminOrder }) {
  if (!order.is_test) return null;
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 ring-1 ring-inset ring-amber-300"
      data-testid="test-order-mark"
      title={fr.livePayments.testOrderNote}
    >
      <FlaskConical size={12} aria-hidden="true" /> {fr.livePayments.testOrder}
    </span>
  );
}

/** "Carte bancaire · Payée", "Espèces à la livraison". */
const paymentLine = (o: AdminOrder) =>
  [PAYMENT_TYPE_LABELS[o.payment_type], o.payment ? (texts.paymentStatus[o.payment.status] ?? o.payment.status) : null].filter(Boolean).join(' · ');

const REFUND_LOOK = {
  pending: { Icon: RotateCcw, tone: 'bg-amber-50 text-amber-900' },
  succeeded: { Icon: CheckCircle2, tone: 'bg-brand-50 text-brand-900' },
  failed: { Icon: AlertTriangle, tone: 'bg-rose-50 text-rose-900 ring-1 ring-inset ring-rose-200' },
} as const;

/** Where the refund of a cancelled paid order stands; nothing when there is none. */
function RefundState({ order }: { order: AdminOrder }) {
  const state = order.payment?.refund_status;
  if (!state || state === 'none') return null;
  const { Icon, tone } = REFUND_LOOK[state];
  const refundedAt = order.payment?.refunded_at;
  return (
    <p className={`flex items-start gap-1.5 rounded-lg px-2 py-1 text-xs font-semibold ${tone}`} data-testid="refund-status">
      <Icon size={14} className="mt-px shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        {fr.livePayments.refund[state]}
        {state === 'succeeded' && refundedAt && <span className="block font-normal">{texts.refundedOn(formatDate(refundedAt))}</span>}
        {state === 'failed' && <span className="block font-normal">{order.is_test ? fr.livePayments.refundNote.test : texts.failedRefundHint}</span>}
      </span>
    </p>
  );
}

function Customer({ order }: { order: AdminOrder }) {
  return (
    <div className="min-w-0">
      <Link to={`/admin/users/${order.customer.id}`} className="inline-block py-0.5 font-semibold text-slate-900 hover:text-brand-700 hover:underline">
        {order.customer.full_name}
      </Link>
      <p className="text-xs text-slate-500">
        <a href={`mailto:${order.customer.email}`} className="inline-block py-1 [overflow-wrap:anywhere] hover:underline">
          {order.customer.email}
        </a>
      </p>
    </div>
  );
}

function AgentLine({ order }: { order: AdminOrder }) {
  if (!order.agent) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-slate-500">
      <Truck size={12} className="shrink-0" aria-hidden="true" />
      {texts.agentName(order.agent.full_name)}
    </p>
  );
}

function OrderCard({ order: o }: { order: AdminOrder }) {
  return (
    <li className="min-w-0">
      <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={texts.cardLabel(shortId(o.id))} data-testid="admin-order">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-mono text-xs text-slate-500">{texts.shortId(shortId(o.id))}</span>
              <TestMark order={o} />
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              {texts.placedOn(formatDateTime(o.created_at))} · {texts.origins[o.origin]}
            </p>
          </div>
          <StatusBadge order={o} />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-slate-500">{texts.customer}</dt>
          <dd className="min-w-0">
            <Customer order={o} />
          </dd>
          <dt className="text-slate-500">{texts.delivery}</dt>
          <dd className="min-w-0 text-slate-800">
            {deliveryWhen(o)}
            <AgentLine order={o} />
          </dd>
          <dt className="text-slate-500">{texts.payment}</dt>
          <dd className="min-w-0 text-slate-800">{paymentLine(o)}</dd>
        </dl>
        <div className="mt-2 empty:hidden">
          <RefundState order={o} />
        </div>
        <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
          <span className="text-slate-500">{o.cancelled_at ? texts.cancelledOn(formatDate(o.cancelled_at)) : null}</span>
          <Money amount={o.total_amount} className="font-bold text-slate-900" />
        </div>
      </article>
    </li>
  );
}

export function AdminOrderList({ orders }: { orders: AdminOrder[] }) {
  const cols = texts.columns;
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={texts.listLabel}>
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm" aria-label={texts.listLabel}>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">{cols.order}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{cols.customer}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{cols.delivery}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{cols.payment}</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">{cols.amount}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{cols.status}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((o) => (
              <tr key={o.id} className="align-top hover:bg-slate-50/60" data-testid="admin-order-row">
                <td className="px-4 py-3">
                  <p className="font-mono text-xs text-slate-500">{texts.shortId(shortId(o.id))}</p>
                  <p className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(o.created_at)}</p>
                  <p className="text-xs text-slate-500">{texts.origins[o.origin]}</p>
                  <div className="mt-1">
                    <TestMark order={o} />
                  </div>
                </td>
                <td className="max-w-64 px-4 py-3">
                  <Customer order={o} />
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <p className="whitespace-nowrap">{deliveryWhen(o)}</p>
                  <AgentLine order={o} />
                </td>
                <td className="max-w-60 space-y-1 px-4 py-3 text-slate-700">
                  <p>{paymentLine(o)}</p>
                  <RefundState order={o} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-semibold">
                  <Money amount={o.total_amount} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge order={o} />
                  {o.cancelled_at && <p className="mt-1 whitespace-nowrap text-xs text-slate-500">{texts.cancelledOn(formatDate(o.cancelled_at))}</p>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
