// One order in full: the customer and how to reach them, where and when to deliver, and the
// shopping to do, grouped by store with a subtotal per store.
import { Mail, MapPin, Phone, StickyNote, Store } from 'lucide-react';
import type { AgentOrder, AgentOrderItem } from '#contract/agent';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { AgentStatusBadge, deliveryWhen, shortId } from './agent-order-view';
import { OrderAction } from './AgentOrdersTable';

type Props = {
  order: AgentOrder | null;
  onClose: () => void;
  onAccept: (order: AgentOrder) => void;
  onComplete: (order: AgentOrder) => void;
  busyId: string | null;
};

function groupByStore(items: AgentOrderItem[]): [string, AgentOrderItem[]][] {
  const groups = new Map<string, AgentOrderItem[]>();
  for (const item of items) {
    const store = item.store_name ?? fr.agent.noStore;
    groups.set(store, [...(groups.get(store) ?? []), item]);
  }
  return [...groups];
}

export function OrderDetailModal({ order, onClose, ...actions }: Props) {
  if (!order) return null;
  const groups = groupByStore(order.optimization_data.items);
  return (
    <Modal
      open
      title={fr.agent.detailTitle(`#${shortId(order.booking_id)}`)}
      onClose={onClose}
      size="lg"
      footer={<OrderAction order={order} size="md" {...actions} />}
    >
      <div className="space-y-5 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <AgentStatusBadge status={order.status} />
          <span className="text-slate-500">{fr.agent.createdAt(formatDateTime(order.created_at))}</span>
          {order.assigned_at && <span className="text-slate-500">· {fr.agent.assignedAt(formatDateTime(order.assigned_at))}</span>}
        </div>

        <section className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl bg-slate-50 p-3">
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{fr.agent.customer}</h3>
            <p className="font-semibold text-slate-900">{order.customer_name}</p>
            <a href={`tel:${order.customer_phone.replace(/\s/g, '')}`} className="mt-1 flex items-center gap-1.5 text-brand-700 hover:underline">
              <Phone size={14} aria-hidden="true" />
              {order.customer_phone}
            </a>
            <a href={`mailto:${order.customer_email}`} className="flex items-center gap-1.5 break-all text-brand-700 hover:underline">
              <Mail size={14} aria-hidden="true" />
              {order.customer_email}
            </a>
          </div>
          <div className="rounded-xl bg-slate-50 p-3">
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{fr.agent.delivery}</h3>
            <p className="flex items-start gap-1.5 text-slate-800">
              <MapPin size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
              {order.delivery_address}
            </p>
            <p className="mt-1 text-slate-600">{deliveryWhen(order)}</p>
          </div>
        </section>

        {order.notes && (
          <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-900">
            <StickyNote size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-semibold">{fr.agent.notes} : </strong>
              {order.notes}
            </span>
          </p>
        )}

        <section>
          <h3 className="mb-2 font-semibold text-slate-900">{fr.agent.items}</h3>
          <div className="space-y-3">
            {groups.map(([store, items]) => (
              <div key={store} className="rounded-xl border border-slate-200" data-testid="store-group">
                <p className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-3 py-2 font-semibold text-slate-800">
                  <Store size={16} className="text-brand-700" aria-hidden="true" />
                  {store}
                </p>
                <ul className="divide-y divide-slate-100">
                  {items.map((item, i) => (
                    <li key={`${item.name}-${i}`} className="flex items-center justify-between gap-3 px-3 py-2">
                      <span className="text-slate-800">{fr.agent.itemLine(item.quantity, item.name)}</span>
                      {item.total_price !== null && <Money amount={item.total_price} className="shrink-0 text-slate-700" />}
                    </li>
                  ))}
                </ul>
                <p className="flex justify-between border-t border-slate-100 px-3 py-2 text-slate-600">
                  <span>{fr.agent.storeSubtotal}</span>
                  <Money amount={items.reduce((s, i) => s + (i.total_price ?? 0), 0)} className="font-semibold" />
                </p>
              </div>
            ))}
          </div>
          {order.optimization_data.delivery_fee !== null && order.optimization_data.delivery_fee > 0 && (
            <p className="mt-3 flex justify-between px-3 text-slate-600">
              <span>{fr.agent.deliveryFee}</span>
              <Money amount={order.optimization_data.delivery_fee} />
            </p>
          )}
          <p className="mt-2 flex justify-between rounded-xl bg-brand-50 px-3 py-2.5 font-semibold text-brand-900">
            <span>{fr.agent.total}</span>
            <Money amount={order.total_amount} />
          </p>
        </section>
      </div>
    </Modal>
  );
}
