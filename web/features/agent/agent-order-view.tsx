// How an agent order reads on screen: status pill, short id, the date line, the earnings rule.
import { AGENT_EARNINGS_RATE, ACTIVE_AGENT_STATUSES, DONE_AGENT_STATUSES, type AgentOrder } from '#contract/agent';
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';
import { timeSlotLabel } from '#contract/orders';
import { Badge, type BadgeTone } from '../../ui/Badge';

const TONE: Record<string, BadgeTone> = { pending_delivery: 'amber', in_progress: 'sky', completed: 'green', cancelled: 'rose' };

export function AgentStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONE[status] ?? 'slate'}>{fr.agent.status[status] ?? fr.delivery.statusUnknown}</Badge>;
}

export const shortId = (id: string) => id.slice(0, 8);
export const deliveryWhen = (o: AgentOrder) => `${formatDate(o.delivery_date)} · ${timeSlotLabel(o.delivery_time_slot)}`;

export const isActive = (o: AgentOrder) => (ACTIVE_AGENT_STATUSES as readonly string[]).includes(o.status);
export const isDone = (o: AgentOrder) => (DONE_AGENT_STATUSES as readonly string[]).includes(o.status);
export const earningsOf = (orders: AgentOrder[]) => Math.round(orders.filter(isDone).reduce((sum, o) => sum + o.total_amount, 0) * AGENT_EARNINGS_RATE);

/** Available orders first, then the agent's own, without duplicates. */
export function mergeOrders(available: AgentOrder[], mine: AgentOrder[]): AgentOrder[] {
  const ids = new Set(mine.map((o) => o.booking_id));
  return [...available.filter((o) => !ids.has(o.booking_id)), ...mine];
}
