// A list of agent orders with its detail modal and actions, shared by the dashboard and the orders page.
import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../ui/Card';
import { isOwn, type AgentListOrder } from './agent-order-view';
import { useOrderActions } from './agent-queries';
import { AgentOrdersTable } from './AgentOrdersTable';
import { HandoverModal } from './HandoverModal';
import { OrderDetailModal } from './OrderDetailModal';

export function AgentOrdersPanel({ orders, emptyTitle, emptyText }: { orders: AgentListOrder[]; emptyTitle: string; emptyText?: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [finishingId, setFinishingId] = useState<string | null>(null);
  const { accept, step, busyId } = useOrderActions();
  // The modal follows the live list, so it shows the new status after an action.
  const open = orders.find((o) => o.booking_id === openId) ?? null;
  const finishing = orders.find((o) => o.booking_id === finishingId) ?? null;
  const actions = {
    onAccept: (o: AgentListOrder) => accept.mutate(o.booking_id),
    // The next step: collected, on the way, then the handover form (code or door photo).
    onComplete: (o: AgentListOrder) => {
      if (o.status === 'in_progress') step.mutate({ id: o.booking_id, next: 'picked_up' });
      else if (o.status === 'picked_up') step.mutate({ id: o.booking_id, next: 'en_route' });
      else if (o.status === 'en_route' && isOwn(o)) {
        setOpenId(null);
        setFinishingId(o.booking_id);
      }
    },
    busyId,
  };

  if (orders.length === 0) return <EmptyState icon={<PackageOpen size={24} />} title={emptyTitle} text={emptyText} />;
  return (
    <>
      <AgentOrdersTable orders={orders} onOpen={(o) => setOpenId(o.booking_id)} {...actions} />
      <OrderDetailModal order={open} onClose={() => setOpenId(null)} {...actions} />
      {finishing && isOwn(finishing) && <HandoverModal order={finishing} onClose={() => setFinishingId(null)} />}
    </>
  );
}
