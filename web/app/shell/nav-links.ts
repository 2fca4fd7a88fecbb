import { fr } from '#contract/messages';
import type { UserType } from '#contract/constants';

export type NavLinkItem = { to: string; label: string };

// The five consumer links of the spec. An agent gets the two agent screens instead: every other
// route would only redirect them to their dashboard.
const CONSUMER_LINKS: NavLinkItem[] = [
  { to: '/dashboard', label: fr.nav.dashboard },
  { to: '/products', label: fr.nav.products },
  { to: '/shopping-lists', label: fr.nav.lists },
  { to: '/price-comparison', label: fr.nav.comparator },
  { to: '/deliveries', label: fr.nav.deliveries },
];
const AGENT_LINKS: NavLinkItem[] = [
  { to: '/delivery-agent/dashboard', label: fr.nav.agentDashboard },
  { to: '/delivery-agent/orders', label: fr.nav.agentOrders },
];

export const navLinksFor = (userType: UserType) => (userType === 'delivery_agent' ? AGENT_LINKS : CONSUMER_LINKS);
