// The orders of the agent space: a table from tablet width, stacked cards on a phone. Each row opens
// the detail and carries the one action its status allows. An available order shows where it goes
// (area, distance) and what to buy; the customer appears only on the agent's own orders.
import { Bike, CheckCircle2, Eye, MapPin, Rocket, ShoppingBag } from 'lucide-react';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { AmountDueAtDoor } from '../../ui/AmountDueAtDoor';
import { Money } from '../../ui/Money';
import { AgentStatusBadge, TestOrderBadge, deliveryWhen, distanceLine, isOwn, shoppingLine, shortId, type AgentListOrder } from './agent-order-view';

type Props = {
  orders: AgentListOrder[];
  onOpen: (order: AgentListOrder) => void;
  onAccept: (order: AgentListOrder) => void;
  onComplete: (order: AgentListOrder) => void;
  busyId: string | null;
};

const NEXT_STEP: Record<string, { label: string; icon: typeof CheckCircle2 }> = {
  in_progress: { label: fr.handover.pickedUp, icon: ShoppingBag },
  picked_up: { label: fr.handover.enRoute, icon: Bike },
  en_route: { label: fr.handover.finish, icon: CheckCircle2 },
};

export function OrderAction({ order, onAccept, onComplete, busyId, size = 'sm' }: Omit<Props, 'orders' | 'onOpen'> & { order: AgentListOrder; size?: 'sm' | 'md' }) {
  const busy = busyId === order.booking_id;
  if (order.status === 'pending_delivery') {
    return (
      <Button size={size} onClick={() => onAccept(order)} busy={busy} disabled={busyId !== null && !busy} icon={<Rocket size={16} aria-hidden="true" />} className="whitespace-nowrap">
        {fr.agent.take}
      </Button>
    );
  }
  // After taking it: collected at the store, on the way, then the handover (code or door photo).
  const next = NEXT_STEP[order.status];
  if (next) {
    const Icon = next.icon;
    return (
      <Button size={size} variant="secondary" onClick={() => onComplete(order)} busy={busy} disabled={busyId !== null && !busy} icon={<Icon size={16} aria-hidden="true" />}>
        {next.label}
      </Button>
    );
  }
  return null;
}

/** Who and where: the customer of an own order (while its contact is shown), else the area and distance. */
function WhereCell({ order }: { order: AgentListOrder }) {
  if (isOwn(order)) {
    return (
      <>
        <p className="font-medium text-slate-900">{order.customer_name ?? fr.agentVetting.noContact}</p>
        {order.customer_phone && <p className="text-xs text-slate-500">{order.customer_phone}</p>}
        <p className="mt-0.5 text-slate-700">{order.delivery_address ?? order.area}</p>
      </>
    );
  }
  const distance = distanceLine(order);
  return (
    <>
      <p className="flex items-start gap-1 font-medium text-slate-900">
        <MapPin size={14} className="mt-0.5 shrink-0 text-slate-400" aria-hidden="true" />
        {order.area}
      </p>
      {distance && <p className="text-xs text-slate-500">{distance}</p>}
    </>
  );
}

export function AgentOrdersTable({ orders, onOpen, ...actions }: Props) {
  const cols = { ...fr.agent.columns, ...fr.agentVetting.columns };
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={fr.agent.ordersTitle}>
        {orders.map((order) => (
          <li key={order.booking_id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="agent-order">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0 text-sm">
                <p className="font-mono text-xs text-slate-500">#{shortId(order.booking_id)}</p>
                <WhereCell order={order} />
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <AgentStatusBadge status={order.status} />
                <TestOrderBadge order={order} />
              </div>
            </div>
            <p className="mt-2 text-sm text-slate-500">{deliveryWhen(order)}</p>
            <p className="text-sm text-slate-500">{shoppingLine(order)}</p>
            <AmountDueAtDoor due={order} audience="agent" className="mt-3" />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              {/* The order's worth, not what to collect: that is the line above. */}
              <Money amount={order.total_amount} className="text-sm text-slate-500" />
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => onOpen(order)} icon={<Eye size={16} aria-hidden="true" />}>
                  {fr.agent.details}
                </Button>
                <OrderAction order={order} {...actions} />
              </div>
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-3 font-semibold">{cols.id}</th>
              <th className="px-4 py-3 font-semibold">{cols.where}</th>
              <th className="px-4 py-3 font-semibold">{cols.date}</th>
              <th className="px-4 py-3 font-semibold">{cols.what}</th>
              <th className="px-4 py-3 text-right font-semibold">{cols.amount}</th>
              <th className="px-4 py-3 font-semibold">{cols.status}</th>
              <th className="px-4 py-3 text-right font-semibold">{cols.actions}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr key={order.booking_id} className="align-middle hover:bg-slate-50/60" data-testid="agent-order-row">
                <td className="px-4 py-3 font-mono text-xs text-slate-500">#{shortId(order.booking_id)}</td>
                <td className="max-w-64 px-4 py-3">
                  <WhereCell order={order} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{deliveryWhen(order)}</td>
                <td className="max-w-48 px-4 py-3 text-slate-700">{shoppingLine(order)}</td>
                <td className="px-4 py-3 text-right font-semibold">
                  <Money amount={order.total_amount} className="whitespace-nowrap" />
                  <AmountDueAtDoor due={order} audience="agent" className="mt-1 max-w-56 text-left text-xs" />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-start gap-1">
                    <AgentStatusBadge status={order.status} />
                    <TestOrderBadge order={order} />
                  </div>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <Button size="sm" variant="ghost" onClick={() => onOpen(order)} icon={<Eye size={16} aria-hidden="true" />}>
                      {fr.agent.details}
                    </Button>
                    <OrderAction order={order} {...actions} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
