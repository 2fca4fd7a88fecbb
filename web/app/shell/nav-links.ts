import { fr } from '#contract/messages';
import type { UserType } from '#contract/constants';

/** `end`: active only on that exact path, not on the paths under it. */
export type NavLinkItem = { to: string; label: string; end?: boolean };

// The five consumer links of the spec. An agent gets the two agent screens instead, and a moderator
// the moderation space: every other route would only redirect them to their home.
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

const MODERATOR_LINKS: NavLinkItem[] = [
  { to: '/admin', label: fr.nav.moderation.queue, end: true },
  { to: '/admin/products', label: fr.nav.moderation.products },
  { to: '/admin/catalogue', label: fr.nav.moderation.catalogue },
  { to: '/admin/orders', label: fr.nav.moderation.orders },
  { to: '/admin/journal', label: fr.nav.moderation.journal },
];

const LINKS: Record<UserType, NavLinkItem[]> = { consumer: CONSUMER_LINKS, delivery_agent: AGENT_LINKS, admin: MODERATOR_LINKS };

export const navLinksFor = (userType: UserType) => LINKS[userType];
