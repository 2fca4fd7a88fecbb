// One order in full: for an available order, where it goes (area, distance) and that the contact
// comes with accepting it; for one of the agent's own, the customer and how to reach them (until
// 24 h after delivery). Then the shopping to do, grouped by store with a subtotal per store.
import { Clock, Mail, MapPin, Phone, ShieldCheck, StickyNote, Store } from 'lucide-react';
import type { AgentOrder, AgentOrderItem, AvailableOrder } from '#contract/agent';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { Modal } from '../../ui/Modal';
import { AmountDueAtDoor } from '../../ui/AmountDueAtDoor';
import { Money } from '../../ui/Money';
import { AgentStatusBadge, TestOrderBadge, deliveryWhen, distanceLine, isOwn, shortId, type AgentListOrder } from './agent-order-view';
import { OrderAction } from './AgentOrdersTable';

type Props = {
  order: AgentListOrder | null;
  onClose: () => void;
  onAccept: (order: AgentListOrder) => void;
  onComplete: (order: AgentListOrder) => void;
  busyId: string | null;
};

const texts = fr.agentVetting;

function groupByStore(items: AgentOrderItem[]): [string, AgentOrderItem[]][] {
  const groups = new Map<string, AgentOrderItem[]>();
  for (const item of items) {
    const store = item.store_name ?? fr.agent.noStore;
    groups.set(store, [...(groups.get(store) ?? []), item]);
  }
  return [...groups];
}

const box = 'rounded-xl bg-slate-50 p-3';
const boxTitle = 'mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500';

/** An available order: the area and distance; the contact comes with accepting it. */
function AvailableWhere({ order }: { order: AvailableOrder }) {
  const distance = distanceLine(order);
  return (
    <section className="grid gap-4 sm:grid-cols-2">
      <div className={box}>
        <h3 className={boxTitle}>{texts.area}</h3>
        <p className="flex items-start gap-1.5 font-semibold text-slate-900">
          <MapPin size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
          {order.area}
        </p>
        {distance && <p className="mt-1 text-slate-600">{distance}</p>}
        <p className="mt-1 text-slate-600">{deliveryWhen(order)}</p>
      </div>
      <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sky-900" data-testid="contact-hidden">
        <ShieldCheck size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
        {texts.contactHidden}
      </p>
    </section>
  );
}

/** One of the agent's own orders: the customer, reachable until 24 h after delivery. */
function OwnWhere({ order }: { order: AgentOrder }) {
  const shown = order.customer_name !== null;
  return (
    <section className="grid gap-4 sm:grid-cols-2">
      <div className={box} data-testid="customer-contact">
        <h3 className={boxTitle}>{fr.agent.customer}</h3>
        {shown ? (
          <>
            <p className="font-semibold text-slate-900">{order.customer_name}</p>
            {order.customer_phone && (
              <a href={`tel:${order.customer_phone.replace(/\s/g, '')}`} className="mt-1 flex items-center gap-1.5 text-brand-700 hover:underline">
                <Phone size={14} aria-hidden="true" />
                {order.customer_phone}
              </a>
            )}
            {order.customer_email && (
              <a href={`mailto:${order.customer_email}`} className="flex items-center gap-1.5 break-all text-brand-700 hover:underline">
                <Mail size={14} aria-hidden="true" />
                {order.customer_email}
              </a>
            )}
            {order.contact_until && (
              <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500">
                <Clock size={12} aria-hidden="true" />
                {texts.contactUntil(formatDateTime(order.contact_until))}
              </p>
            )}
          </>
        ) : (
          <p className="text-slate-600">{texts.contactExpired}</p>
        )}
      </div>
      <div className={box}>
        <h3 className={boxTitle}>{fr.agent.delivery}</h3>
        <p className="flex items-start gap-1.5 text-slate-800">
          <MapPin size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
          {order.delivery_address ?? order.area}
        </p>
        <p className="mt-1 text-slate-600">{deliveryWhen(order)}</p>
      </div>
    </section>
  );
}

export function OrderDetailModal({ order, onClose, ...actions }: Props) {
  if (!order) return null;
  const groups = groupByStore(order.optimization_data.items);
  const own = isOwn(order) ? order : null;
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
          <TestOrderBadge order={order} />
          <span className="text-slate-500">{fr.agent.createdAt(formatDateTime(order.created_at))}</span>
          {own?.assigned_at && <span className="text-slate-500">· {fr.agent.assignedAt(formatDateTime(own.assigned_at))}</span>}
        </div>
        {order.is_test && <p className="rounded-xl bg-violet-50 p-3 text-violet-900">{texts.testOrderHint}</p>}

        {isOwn(order) ? <OwnWhere order={order} /> : <AvailableWhere order={order} />}

        {own?.notes && (
          <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-900">
            <StickyNote size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-semibold">{fr.agent.notes} : </strong>
              {own.notes}
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
          <p className="mt-2 flex justify-between px-3 font-semibold text-slate-900">
            <span>{fr.amountDue.orderTotal}</span>
            <Money amount={order.total_amount} />
          </p>
          <AmountDueAtDoor due={order} audience="agent" className="mt-2 py-2.5 text-base" />
        </section>
      </div>
    </Modal>
  );
}
