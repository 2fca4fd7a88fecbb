// How an agent order reads on screen: status pill, test mark, short id, the date line, where it
// goes (area and distance for an available order, the customer for one of the agent's own), the
// earnings rule.
import {
  AGENT_EARNINGS_RATE,
  ACTIVE_AGENT_STATUSES,
  DONE_AGENT_STATUSES,
  type AgentOrder,
  type AvailableOrder,
} from '#contract/agent';
import { formatDate, formatNumber } from '#contract/format';
import { fr } from '#contract/messages';
import { timeSlotLabel } from '#contract/orders';
import { Badge, type BadgeTone } from '../../ui/Badge';

/** An order of the agent space: available to take (no customer details) or the agent's own. */
export type AgentListOrder = AvailableOrder | AgentOrder;

export const isOwn = (o: AgentListOrder): o is AgentOrder => 'customer_name' in o;

const TONE: Record<string, BadgeTone> = { pending_delivery: 'amber', in_progress: 'sky', picked_up: 'sky', en_route: 'violet', completed: 'green', cancelled: 'rose' };

export function AgentStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status] ?? 'slate'}>{fr.agent.status[status] ?? fr.delivery.statusUnknown}</Badge>;
}

/** "Commande test": paid through the payment sandbox. */
export function TestOrderBadge({ order }: { order: AgentListOrder }) {
  if (!order.is_test) return null;
  return (
    <span title={fr.agentVetting.testOrderHint} data-testid="test-order-mark">
      <Badge tone="violet">{fr.agentVetting.testOrder}</Badge>
    </span>
  );
}

export const shortId = (id: string) => id.slice(0, 8);
export const deliveryWhen = (o: AgentListOrder) => `${formatDate(o.delivery_date)} · ${timeSlotLabel(o.delivery_time_slot)}`;

/** "à 3,5 km de vous", "6 km depuis les magasins", or nothing when the order has no position. */
export function distanceLine(o: AvailableOrder): string | null {
  if (o.distance_km === null) return null;
  const km = formatNumber(o.distance_km);
  return o.distance_from === 'agent' ? fr.agentVetting.distanceFromYou(km) : fr.agentVetting.distanceFromStores(km);
}

/** "3 articles · Géant CKdo, Score". */
export const shoppingLine = (o: AgentListOrder) => [fr.agentVetting.itemCount(o.item_count), o.stores.join(', ')].filter(Boolean).join(' · ');

export const isActive = (o: AgentOrder) => (ACTIVE_AGENT_STATUSES as readonly string[]).includes(o.status);
export const isDone = (o: AgentOrder) => (DONE_AGENT_STATUSES as readonly string[]).includes(o.status);
export const earningsOf = (orders: AgentOrder[]) => Math.round(orders.filter(isDone).reduce((sum, o) => sum + o.total_amount, 0) * AGENT_EARNINGS_RATE);

/** Available orders first, then the agent's own, without duplicates. */
export function mergeOrders(available: AvailableOrder[], mine: AgentOrder[]): AgentListOrder[] {
  const ids = new Set(mine.map((o) => o.booking_id));
  return [...available.filter((o) => !ids.has(o.booking_id)), ...mine];
}
