import { BarChart3, Bell, SlidersHorizontal, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/Card';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { NotificationsTab } from './NotificationsTab';
import { PreferencesTab } from './PreferencesTab';
import { ProfileTab } from './ProfileTab';
import { StatsTab } from './StatsTab';

type TabKey = 'profil' | 'notifications' | 'preferences' | 'statistiques';
const TABS: TabItem<TabKey>[] = [
  { key: 'profil', label: fr.profile.tabs.profile, icon: <UserRound size={16} /> },
  { key: 'notifications', label: fr.profile.tabs.notifications, icon: <Bell size={16} /> },
  { key: 'preferences', label: fr.profile.tabs.preferences, icon: <SlidersHorizontal size={16} /> },
  { key: 'statistiques', label: fr.profile.tabs.stats, icon: <BarChart3 size={16} /> },
];

export function ProfilePage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const active = (TABS.find((t) => t.key === params.get('onglet'))?.key ?? 'profil') as TabKey;
  if (!user) return null;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={fr.profile.title} />
      <Tabs items={TABS} active={active} onChange={(key) => setParams(key === 'profil' ? {} : { onglet: key }, { replace: true })} label={fr.profile.title}>
        {active === 'profil' && <ProfileTab user={user} />}
        {active === 'notifications' && <NotificationsTab />}
        {active === 'preferences' && <PreferencesTab user={user} />}
        {active === 'statistiques' && <StatsTab />}
      </Tabs>
    </div>
  );
}
