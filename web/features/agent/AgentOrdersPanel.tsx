// A list of agent orders with its detail modal and actions, shared by the dashboard and the orders page.
import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../ui/Card';
import type { AgentListOrder } from './agent-order-view';
import { useOrderActions } from './agent-queries';
import { AgentOrdersTable } from './AgentOrdersTable';
import { OrderDetailModal } from './OrderDetailModal';

export function AgentOrdersPanel({ orders, emptyTitle, emptyText }: { orders: AgentListOrder[]; emptyTitle: string; emptyText?: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const { accept, complete, busyId } = useOrderActions();
  // The modal follows the live list, so it shows the new status after an action.
  const open = orders.find((o) => o.booking_id === openId) ?? null;
  const actions = {
    onAccept: (o: AgentListOrder) => accept.mutate(o.booking_id),
    onComplete: (o: AgentListOrder) => complete.mutate(o.booking_id),
    busyId,
  };

  if (orders.length === 0) return <EmptyState icon={<PackageOpen size={24} />} title={emptyTitle} text={emptyText} />;
  return (
    <>
      <AgentOrdersTable orders={orders} onOpen={(o) => setOpenId(o.booking_id)} {...actions} />
      <OrderDetailModal order={open} onClose={() => setOpenId(null)} {...actions} />
    </>
  );
}
