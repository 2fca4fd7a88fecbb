import { BellRing } from 'lucide-react';
import { fr } from '#contract/messages';
import { EmptyState } from '../../ui/Card';

/** Push and notification settings; filled in by the notifications feature. */
export function NotificationsTab() {
  return <EmptyState icon={<BellRing size={24} />} title={fr.profile.tabs.notifications} text={fr.profile.notificationsLater} />;
}
